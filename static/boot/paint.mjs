// Paint at once, before PyScript is even imported: the saved picture's checked nodes, or
// the neutral table's HTML made by the game's own render code (scripts/build_contract.py),
// so Python taking over changes nothing you can see.
import { IDS, LABELS, REGIONS } from "../build/contract.mjs";

// regions: name -> checked nodes (a picture) or the build's own HTML (the neutral table).
export function paint(regions, classes, labels, lang) {
    for (const name of REGIONS) {
        const content = regions[name];
        if (typeof content === "string") document.getElementById(name).innerHTML = content;
        else if (content) document.getElementById(name).replaceChildren(content);
    }
    if (classes.table) document.getElementById(IDS.table).className = classes.table;
    if (classes.hand) document.getElementById(IDS.hand).className = classes.hand;
    document.documentElement.lang = lang;
    for (const [key, [id, where]] of Object.entries(LABELS)) {
        const element = document.getElementById(id);
        if (where === "text") element.textContent = labels[key];
        else element.setAttribute(where, labels[key]);
    }
}

// The game's archive: PyScript asks for it only once the interpreter is up, so it is
// preloaded - but after the first frame, not from the page's head: on a slow link its
// 150 kB would hold back the files that first frame needs (measured by Lighthouse as a
// later largest paint, docs/performance.md). PyScript's fetch takes it from here.
// Only where it must come over the network: on a return visit (a saved table, or a page
// the service worker controls) it is cached, and Python, started from its memory snapshot
// in half a second, may ask for it before the hint is given (the hint then goes unused).
export function preloadArchive() {
    requestAnimationFrame(() =>
        setTimeout(() => {
            const link = document.createElement("link");
            link.rel = "preload";
            link.as = "fetch";
            link.crossOrigin = "anonymous";
            link.href = new URL("../build/hearts.zip", import.meta.url).href;
            document.head.append(link);
        }),
    );
}
