// The way on after a failed start (static/watch.mjs), and its message when static/boot.js
// is not there to show it (its modules did not load).
//
// repair(): asks the service worker to check its precache against the build's hashes and to
// fetch again what does not match (scripts/sw-prelude.js), so that the next start never
// meets a damaged copy; resolves "offline" if something is missing and cannot be fetched
// now, "unchecked" if the worker did not answer in time, else "ok". Only what failed is
// fetched again; the saved game and statistics in localStorage are not touched.
const root = document.documentElement;
const REPAIR_MS = 30000;

// Asks the service worker to check what it precached (see the top); a bound on its answer.
export function repair() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return Promise.resolve("ok");
    return new Promise((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve("unchecked"), REPAIR_MS);
        channel.port1.onmessage = ({ data }) => {
            clearTimeout(timer);
            resolve(data && data.missing > 0 ? "offline" : "ok");
        };
        worker.postMessage({ type: "HEARTS_VERIFY" }, [channel.port2]);
    });
}

// The texts in the page's language, from the contract; its second copy under another URL if
// the first did not load (a module that failed once stays failed under its URL).
async function words() {
    for (const suffix of ["", "?again"]) {
        try {
            const { LANGUAGES, TEXTS } = await import(`../build/contract.mjs${suffix}`);
            const wanted = [new URLSearchParams(location.search).get("lang"), root.lang]
                .concat(navigator.languages || [])
                .map((lang) => String(lang || "").toLowerCase().split("-")[0]);
            const lang = wanted.find((l) => LANGUAGES.supported.includes(l)) || LANGUAGES.fallback;
            return TEXTS[lang];
        } catch {
            // the page's own English words below
        }
    }
    const boot = document.getElementById("boot-text");
    const said = (name) => (boot && boot.dataset[name]) || "";
    return { steps: { stopped: said("stopped"), retry: said("retry") }, download: { offline: "" } };
}

// The message and its way on, in #boot (made if the page was cut short before it).
export async function ownMessage(offline) {
    const texts = await words();
    const box = document.getElementById("boot") || document.createElement("div");
    if (!box.id) document.body.append(Object.assign(box, { id: "boot" }));
    box.hidden = false;
    box.className = "boot stopped";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.className = "boot-text";
    text.textContent = offline && texts.download.offline ? texts.download.offline : texts.steps.stopped;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary boot-action";
    button.dataset.boot = "retry";
    button.textContent = texts.steps.retry;
    button.addEventListener("click", async () => {
        button.disabled = true;
        const verdict = await repair();
        if (verdict === "offline") {
            text.textContent = texts.download.offline || text.textContent;
            button.disabled = false;
        } else location.reload();
    });
    box.replaceChildren(text, button);
    button.focus();
}
