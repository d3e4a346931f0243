// The table before Python starts (the page's own JavaScript; no inline script: the CSP
// allows only files from this origin).
//
// 1. Paint at once, before PyScript is even imported:
//    - the saved table, if the picture the game keeps beside its save (localStorage
//      RECORDS.picture, written by hearts/web after every draw) belongs to that save
//      (its "table" is the check value of RECORDS.game's record) and to this build (BUILD, the
//      hash of the game's archive): your hand, the plates, the trick, the status line, in
//      the saved language;
//    - otherwise the neutral table: four seats, their plates and face-down hands.
//    Both are HTML made by the game's own render code (the picture at play, the neutral
//    table by scripts/build_contract.py), so Python taking over changes nothing you can see.
//    Storage is data, never HTML as such (issue 20): a stored region is parsed inert (a
//    <template>) and painted only if every element in it is one the renderer makes
//    (MARKUP, from hearts/web/markup.py: its tags, attributes and class names); one
//    thing more, anywhere, and the neutral table is painted instead. Stored text is read
//    within the records' own limits (size, nesting), and looked up by own keys only.
// 2. Taps and keys on a painted hand answer at once (select, lift, focus) and are queued;
//    hearts/web takes the queue when it is ready (window.heartsBoot.take()) and hands each
//    tap to the engine in order, which decides as always.
// 3. Progress that never freezes and never goes backwards: the bar moves by CSS transitions
//    of `transform` (the compositor runs them while the main thread compiles WebAssembly
//    and starts Python), towards milestones that only ever grow; it ends when the page
//    marks <html data-state="ready">, the moment the table is playable.
// 4. No dead end (issue 20): if Python cannot start, dies while starting (a Pyodide fatal
//    error) or its start raises, the player is told so in their language, with the way
//    on: set aside the record Python was reading (a .bad copy is kept, as Python keeps
//    them; statistics stay unless they are the cause) and start again.
// Python's facts (keys, kinds, regions, labels, keys, languages, texts): the contract,
// generated from the modules that own them (scripts/build_contract.py); none spelled here.
import {
    BUILD, IDS, LABELS, LANGUAGES, MARKUP, NAV_KEYS, RECORDS, REGIONS, STEPS, TEXTS,
} from "./build/contract.mjs";

const root = document.documentElement;
const PICTURE_KEY = RECORDS.picture;
const GAME_KEY = RECORDS.game;
const SETTINGS_KEY = RECORDS.settings;

function stored(key) {
    try {
        return localStorage.getItem(key);
    } catch {
        return null; // storage disabled: Python says so once it runs
    }
}

// A key of a parsed record or of the build's data: own properties only ("constructor",
// "__proto__" and the like are not keys of anything stored).
const own = (object, key) =>
    object !== null && typeof object === "object" && Object.hasOwn(object, String(key));
const field = (object, key) => (own(object, key) ? object[key] : undefined);

// The limits hearts/record.py reads records within (no recursion: a loop over the text).
function withinLimits(text) {
    if (text.length > RECORDS.maxText) return false;
    let depth = 0;
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (quoted) {
            if (c === 92) i++; // a backslash escapes the next character
            else if (c === 34) quoted = false;
        } else if (c === 34) quoted = true;
        else if (c === 91 || c === 123) {
            if (++depth > RECORDS.maxDepth) return false;
        } else if (c === 93 || c === 125) depth--;
    }
    return true;
}

function parse(text) {
    try {
        return typeof text === "string" && withinLimits(text) ? JSON.parse(text) : null;
    } catch {
        return null;
    }
}

// ---------------------------------------------------------- the renderer's markup only
const NAMESPACES = { html: "http://www.w3.org/1999/xhtml", svg: "http://www.w3.org/2000/svg" };
const whole = (pattern) => new RegExp(`^(?:${pattern})$`);
const VALUES = new Map(Object.entries(MARKUP.attributes).map(([name, p]) => [name, whole(p)]));
const CLASS_NAME = whole(MARKUP.classes);

function allowedElement(element) {
    const tag = element.localName;
    if (!own(MARKUP.tags, tag) || element.namespaceURI !== NAMESPACES[MARKUP.tags[tag]]) return false;
    for (const { name, value } of element.attributes) {
        const pattern = VALUES.get(name);
        if (!pattern || !pattern.test(value)) return false;
        if (own(MARKUP.onlyOn, name) && MARKUP.onlyOn[name] !== tag) return false;
        if (name === "class" && !value.split(/\s+/).every((c) => !c || CLASS_NAME.test(c))) {
            return false;
        }
    }
    return true;
}

// Stored HTML as inert nodes (a template's content loads, runs and follows nothing), or
// null if anything in it is not the renderer's: only its elements, and text.
function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) continue;
        if (node.nodeType !== Node.ELEMENT_NODE || !allowedElement(node)) return null;
    }
    return template.content;
}

function labelsOf(value) {
    return Object.keys(LABELS).every((key) => typeof field(value, key) === "string") ? value : null;
}

// The picture, only if it was drawn for exactly the saved table by exactly this build,
// and is made of nothing but the renderer's markup.
function savedPicture() {
    const text = stored(PICTURE_KEY);
    const picture = parse(text);
    const table = parse(stored(GAME_KEY));
    if (field(picture, "kind") !== RECORDS.pictureKind) return null;
    if (field(picture, "v") !== RECORDS.pictureVersion) return null;
    const check = field(table, "check");
    if (field(picture, "build") !== BUILD || typeof check !== "string") return null;
    const lang = field(picture, "lang");
    if (field(picture, "table") !== check || !own(TEXTS, lang)) return null;
    const storedRegions = field(picture, "regions");
    const classes = field(picture, "classes") ?? {};
    const tableClass = field(classes, IDS.table);
    const handClass = field(classes, IDS.hand);
    if (tableClass !== undefined && !whole(MARKUP.tableClass).test(tableClass)) return null;
    if (handClass !== undefined && !whole(MARKUP.handClass).test(handClass)) return null;
    const regions = {};
    for (const name of REGIONS) {
        const html = field(storedRegions, name);
        if (html === undefined) continue;
        regions[name] = typeof html === "string" ? fragment(html) : null;
        if (!regions[name]) return null;
    }
    const labels = field(picture, "labels");
    return {
        text,
        lang,
        regions,
        classes: { table: tableClass, hand: handClass },
        labels: labelsOf(labels) ?? TEXTS[lang].labels,
    };
}

// Python's order (hearts/web/shell.py, i18n.pick_language): ?lang=, then the saved
// choice, then the browser's languages. static/pwa.mjs follows the <html lang> set here.
function language() {
    const wanted = [
        new URLSearchParams(location.search).get("lang"),
        field(parse(stored(SETTINGS_KEY)), "lang"),
        ...(navigator.languages || []),
        navigator.language,
    ];
    for (const candidate of wanted) {
        const base = String(candidate || "").toLowerCase().split(/[-_]/)[0];
        if (LANGUAGES.supported.includes(base)) return base;
    }
    return LANGUAGES.fallback;
}

// regions: name -> checked nodes (a picture) or the build's own HTML (the neutral table).
function paint(regions, classes, labels, lang) {
    for (const name of REGIONS) {
        const content = regions[name];
        if (typeof content === "string") document.getElementById(name).innerHTML = content;
        else if (content) document.getElementById(name).replaceChildren(content);
    }
    if (classes.table) document.getElementById(IDS.table).className = classes.table;
    if (classes.hand) document.getElementById(IDS.hand).className = classes.hand;
    root.lang = lang;
    for (const [key, [id, where]] of Object.entries(LABELS)) {
        const element = document.getElementById(id);
        if (where === "text") element.textContent = labels[key];
        else element.setAttribute(where, labels[key]);
    }
}

let saved = null;
try {
    saved = savedPicture();
} catch (error) {
    console.warn("Hearts: the saved table is not painted", error); // the neutral one is
}
const lang = saved ? saved.lang : language();
const words = TEXTS[lang];
if (saved) {
    paint(saved.regions, saved.classes, saved.labels, lang);
    root.dataset.boot = "picture"; // the saved picture: static/css styles it by this name
} else {
    paint(words.regions, { table: "table phase-boot", hand: "hand n13" }, words.labels, lang);
    root.dataset.boot = "neutral";
}
if (root.dataset.state === "loading") root.dataset.state = "painted";
performance.mark("hearts:painted"); // tools/bench_startup.py: the table is on screen

// The game's archive: PyScript asks for it only once the interpreter is up, so it is
// preloaded - but after the first frame, not from the page's head: on a slow link its
// 150 kB would hold back the files that first frame needs (measured by Lighthouse as a
// later largest paint, see README "Start-up speed"). PyScript's fetch takes it from here.
// Only where it must come over the network: on a return visit (a saved table, or a page
// the service worker controls) it is cached, and Python, started from its memory snapshot
// in half a second, may ask for it before the hint is given (the hint then goes unused).
const archiveCached = Boolean(saved) || Boolean(navigator.serviceWorker?.controller);
if (!archiveCached) {
    requestAnimationFrame(() =>
        setTimeout(() => {
            const link = document.createElement("link");
            link.rel = "preload";
            link.as = "fetch";
            link.crossOrigin = "anonymous";
            link.href = new URL("./build/hearts.zip", import.meta.url).href;
            document.head.append(link);
        }),
    );
}

// ------------------------------------------------------------------ input while starting
const queue = [];
let listening = Boolean(saved);
const hand = document.getElementById(IDS.hand);
const center = document.getElementById(IDS.center);
const cards = () => [...hand.querySelectorAll("button[data-card]")];
const passing = () => document.getElementById(IDS.table).classList.contains("phase-pass");

function syncConfirm() {
    const confirm = center.querySelector('[data-action="confirm-pass"]');
    if (confirm) confirm.disabled = hand.querySelectorAll("button.selected").length !== 3;
}

hand.addEventListener("click", (event) => {
    const button = listening && event.target.closest("button[data-card]");
    if (!button || button.getAttribute("aria-disabled") === "true") return; // R18: sunk
    if (passing()) {
        const chosen = button.classList.contains("selected");
        if (!chosen && hand.querySelectorAll("button.selected").length >= 3) return; // R7
        button.classList.toggle("selected", !chosen);
        button.setAttribute("aria-pressed", String(!chosen));
        syncConfirm();
    } else if (button.classList.contains("lifted")) {
        button.classList.add("playing"); // R17: the second tap; the engine plays it
    } else {
        for (const other of hand.querySelectorAll("button.lifted")) {
            other.classList.remove("lifted");
            other.setAttribute("aria-pressed", "false");
        }
        button.classList.add("lifted");
        button.setAttribute("aria-pressed", "true");
    }
    queue.push({ tap: button.dataset.card });
});

hand.addEventListener("keydown", (event) => {
    const move = field(NAV_KEYS, event.key); // as hearts/web/painter.py moves
    if (!listening || !move) return;
    const buttons = cards();
    if (!buttons.length) return;
    event.preventDefault();
    const current = Math.max(0, buttons.indexOf(document.activeElement));
    const index = { first: 0, last: buttons.length - 1, previous: current - 1, next: current + 1 }[move];
    const target = buttons[Math.min(buttons.length - 1, Math.max(0, index))];
    for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    target.focus();
});

center.addEventListener("click", (event) => {
    const confirm = listening && event.target.closest('[data-action="confirm-pass"]');
    if (!confirm || confirm.disabled) return;
    confirm.disabled = true;
    queue.push({ action: "confirm-pass" });
});

// What Python is reading while it starts (hearts/web/records.py tells): the record to set
// aside if it dies meanwhile.
let reading = null;
const read = new Set();

window.heartsBoot = {
    build: BUILD,
    painted: saved ? saved.text : null,
    // hearts/web, once ready: what was tapped meanwhile (JSON), and no more listening.
    take() {
        listening = false;
        return JSON.stringify(queue.splice(0));
    },
    reading(key) {
        reading = typeof key === "string" ? key : null;
        if (reading) read.add(reading);
    },
    fail() {
        stopped();
    },
};

// ------------------------------------------------------------------ progress
// Milestones: [url suffix or event, progress reached, step label, seconds to the next].
const bar = document.getElementById("boot-bar");
const fill = document.getElementById("boot-fill");
const text = document.getElementById("boot-text");
const RESOURCES = [
    ["/pyodide.mjs", 8, "runtime", 1.5],
    ["/pyodide.asm.wasm", 30, "engine", 3.5],
    ["/python_stdlib.zip", 40, "engine", 3],
    ["/pyodide-lock.json", 55, "engine", 2.5],
    // Not the game's archive: it is preloaded right after the first frame (above), so its
    // arrival says nothing about the start; the table's step begins with py:ready.
];
const CREEP_HZ = 4;
let reached = 0;
let step = 0;

function advance(value, label, seconds) {
    if (value < reached) return; // never backwards
    // A stopped start says what went wrong; later milestones (a late resource, py:ready)
    // must not write a step over it.
    if (root.dataset.state === "stopped") return;
    reached = value;
    step = Math.max(step, STEPS.indexOf(label));
    text.textContent = words.steps[STEPS[step]];
    bar.setAttribute("aria-valuenow", String(Math.round(value)));
    // Quickly to the milestone, then slowly on towards the next one (a compositor transition
    // keeps moving while the main thread is busy); a late milestone finds it waiting there.
    // The slow leg moves in CREEP_HZ steps a second, not 60 frames: every frame the
    // compositor draws takes CPU from the runtime's start, about 140 ms of a 3 s cold start
    // on the 2-core machine (measured with tools/bench_startup's pages, bar shown vs hidden).
    fill.style.transition = "transform 0.25s ease-out";
    fill.style.transform = `scaleX(${value / 100})`;
    const next = Math.min(97, value + 22);
    setTimeout(() => {
        if (reached !== value) return;
        const ticks = Math.max(1, Math.round(seconds * CREEP_HZ));
        fill.style.transition = `transform ${seconds}s steps(${ticks}, end)`;
        fill.style.transform = `scaleX(${next / 100})`;
    }, 260);
}

const seen = new Set();
try {
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
            const url = entry.name.split("?")[0];
            for (const [suffix, value, label, seconds] of RESOURCES) {
                if (!seen.has(suffix) && url.endsWith(suffix)) {
                    seen.add(suffix);
                    advance(value, label, seconds);
                }
            }
        }
    }).observe({ type: "resource", buffered: true });
} catch {
    // No resource timing: the events below still move the bar.
}
document.addEventListener("py:ready", () => advance(85, "game", 1));
advance(3, "runtime", 2);

function finished() {
    fill.style.transition = "transform 0.2s ease-out";
    fill.style.transform = "scaleX(1)";
    bar.setAttribute("aria-valuenow", "100");
}

// ------------------------------------------------------------------ no dead end
const boot = document.getElementById("boot");
const CAUSES = new Map([
    [RECORDS.game, "game"],
    [RECORDS.stats, "stats"],
    [RECORDS.settings, "settings"],
]);

// Keep `key`'s record as the newest of its .bad copies and free the key, exactly as
// hearts/web/records.py Records.set_aside does.
function setAside(key) {
    const text = localStorage.getItem(key);
    if (text === null) return;
    const copy = text.slice(0, RECORDS.badMax);
    const names = [key + RECORDS.badSuffix];
    for (let n = 2; n <= RECORDS.badKeep; n++) names.push(`${key}${RECORDS.badSuffix}.${n}`);
    const kept = names.slice(0, -1).map((name) => localStorage.getItem(name));
    if (kept[0] !== copy) {
        for (let i = kept.length - 1; i >= 0; i--) {
            if (kept[i] !== null) localStorage.setItem(names[i + 1], kept[i]);
        }
        localStorage.setItem(names[0], copy);
    }
    localStorage.removeItem(key);
}

// The start failed: say so, and offer the way on. The cause is the record Python was
// reading when it died, or, if it had read them all, the saved game (the table it could
// not set up); none if it never got to the records (then: try again). Python dying
// after the table was ready (`died`) stops the game too: then the way on is a reload.
function stopped(died = false) {
    const state = root.dataset.state;
    if (state === "elsewhere" || state === "stopped" || (state === "ready" && !died)) return;
    if (state === "ready") reading = null; // the records were all read and fine
    root.dataset.state = "stopped";
    boot.hidden = false;
    listening = false;
    const key = reading ?? (read.has(RECORDS.game) && state !== "ready" ? RECORDS.game : null);
    const cause = CAUSES.get(key) ?? "none";
    bar.classList.add("failed");
    text.textContent = state === "ready" ? words.steps.died : words.steps.stopped;
    const why = document.createElement("p");
    why.className = "boot-text boot-why";
    why.textContent = words.causes[cause];
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary boot-action";
    button.dataset.boot = cause === "none" ? "retry" : "set-aside";
    button.textContent = cause === "none" ? words.steps.retry : words.steps.set_aside;
    button.addEventListener("click", () => {
        button.disabled = true;
        try {
            if (cause !== "none") setAside(key);
            localStorage.removeItem(PICTURE_KEY); // only a cache: drawn again by Python
        } catch (error) {
            console.warn("Hearts: storage refused the way on", error); // start again anyway
        }
        location.reload();
    });
    boot.classList.add("stopped");
    boot.setAttribute("role", "alert");
    boot.append(why, button);
    button.focus();
}

new MutationObserver(() => {
    if (root.dataset.state === "ready") finished();
}).observe(root, { attributes: true, attributeFilter: ["data-state"] });
// All scripts done and no table being claimed or played: Python failed before the game's
// start (its main raised, or the runtime never came).
addEventListener("py:all-done", () => {
    if (root.dataset.state !== "claiming") stopped();
});
// Python died (Pyodide's fatal error, e.g. its stack exhausted): nothing of it runs again.
// static/interpreter.mjs reports it; the error events are a second way to notice it.
document.addEventListener("hearts:python-died", () => stopped(true));
const fatal = (error) => Boolean(error && error.pyodide_fatal_error);
addEventListener("error", (event) => fatal(event.error) && stopped(true));
addEventListener("unhandledrejection", (event) => fatal(event.reason) && stopped(true));
// static/pwa.mjs: the runtime could not be fetched (its own alert says why).
document.addEventListener("hearts:boot-failed", () => stopped());
