// The table before Python starts (the page's own JavaScript; no inline script: the CSP
// allows only files from this origin).
//
// 1. Paint at once, before PyScript is even imported:
//    - the saved table, if the snapshot the game keeps beside its save (localStorage
//      "hearts.snapshot.v1", written by hearts/web after every draw) belongs to that save
//      (its "table" is the check value of "hearts.game.v1") and to this build (BUILD, the
//      hash of the game's archive): your hand, the plates, the trick, the status line, in
//      the saved language;
//    - otherwise the neutral table: four seats, their plates and face-down hands.
//    Both are HTML made by the game's own render code (the snapshot at play, the neutral
//    table by scripts/build_game.py), so Python taking over changes nothing you can see.
// 2. Taps and keys on a painted hand answer at once (select, lift, focus) and are queued;
//    hearts/web takes the queue when it is ready (window.heartsBoot.take()) and hands each
//    tap to the engine in order, which decides as always.
// 3. Progress that never freezes and never goes backwards: the bar moves by CSS transitions
//    of `transform` (the compositor runs them while the main thread compiles WebAssembly
//    and starts Python), towards milestones that only ever grow; it ends when the page
//    marks <html data-state="ready">, the moment the table is playable.
import { BOOT, BUILD } from "./build/boot-data.mjs";

const root = document.documentElement;
const SNAPSHOT_KEY = "hearts.snapshot.v1";
const GAME_KEY = "hearts.game.v1";
const SETTINGS_KEY = "hearts.settings.v1";
const REGIONS = ["status", "seat-0", "seat-1", "seat-2", "seat-3", "center", "prompt", "hand"];
const NAV_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

function stored(key) {
    try {
        return localStorage.getItem(key);
    } catch {
        return null; // storage disabled: Python says so once it runs
    }
}

function parse(text) {
    try {
        return text ? JSON.parse(text) : null;
    } catch {
        return null;
    }
}

// The snapshot, only if it was drawn for exactly the saved table by exactly this build.
function savedSnapshot() {
    const text = stored(SNAPSHOT_KEY);
    const snapshot = parse(text);
    const table = parse(stored(GAME_KEY));
    if (!snapshot || !table || snapshot.kind !== "hearts-snapshot" || snapshot.v !== 1) return null;
    if (snapshot.build !== BUILD || typeof table.check !== "string") return null;
    if (snapshot.table !== table.check || !BOOT[snapshot.lang]) return null;
    if (typeof snapshot.regions !== "object" || !snapshot.regions) return null;
    return { snapshot, text };
}

// Python's order: ?lang=, then the saved choice, then the browser's languages.
function language() {
    const wanted = [
        new URLSearchParams(location.search).get("lang"),
        (parse(stored(SETTINGS_KEY)) || {}).lang,
        ...(navigator.languages || []),
        navigator.language,
    ];
    for (const candidate of wanted) {
        const base = String(candidate || "").toLowerCase().split(/[-_]/)[0];
        if (BOOT[base]) return base;
    }
    return "en";
}

function paint(regions, classes, labels, lang) {
    for (const name of REGIONS) {
        if (typeof regions[name] === "string") document.getElementById(name).innerHTML = regions[name];
    }
    if (classes.table) document.getElementById("table").className = classes.table;
    if (classes.hand) document.getElementById("hand").className = classes.hand;
    root.lang = lang;
    document.getElementById("menu-button").textContent = labels.menu;
    document.getElementById("hand").setAttribute("aria-label", labels.hand);
    document.getElementById("table").setAttribute("aria-label", labels.table);
    document.getElementById("center").setAttribute("aria-label", labels.center);
}

const saved = savedSnapshot();
const lang = saved ? saved.snapshot.lang : language();
const words = BOOT[lang];
if (saved) {
    const { regions, classes = {}, labels = words.labels } = saved.snapshot;
    paint(regions, classes, labels, lang);
    root.dataset.boot = "snapshot";
} else {
    paint(words.regions, { table: "table phase-boot", hand: "hand n13" }, words.labels, lang);
    root.dataset.boot = "neutral";
}
if (root.dataset.state === "loading") root.dataset.state = "painted";
performance.mark("hearts:painted"); // tools/bench_startup.py: the table is on screen

// The game's archive: PyScript asks for it only once the interpreter is up, so it is
// preloaded - but after the first frame, not from the page's head: on a slow link its
// 300 kB would hold back the files that first frame needs (measured by Lighthouse as a
// later largest paint, see README "Start-up speed"). PyScript's fetch takes it from here.
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

// ------------------------------------------------------------------ input while starting
const queue = [];
let listening = Boolean(saved);
const hand = document.getElementById("hand");
const center = document.getElementById("center");
const cards = () => [...hand.querySelectorAll("button[data-card]")];
const passing = () => document.getElementById("table").classList.contains("phase-pass");

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
    if (!listening || !NAV_KEYS.includes(event.key)) return;
    const buttons = cards();
    if (!buttons.length) return;
    event.preventDefault();
    const current = Math.max(0, buttons.indexOf(document.activeElement));
    const index = { Home: 0, End: buttons.length - 1, ArrowLeft: current - 1, ArrowUp: current - 1 }[
        event.key
    ] ?? current + 1;
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

window.heartsBoot = {
    build: BUILD,
    painted: saved ? saved.text : null,
    // hearts/web, once ready: what was tapped meanwhile (JSON), and no more listening.
    take() {
        listening = false;
        return JSON.stringify(queue.splice(0));
    },
};

// ------------------------------------------------------------------ progress
// Milestones: [url suffix or event, progress reached, step label, seconds to the next].
const bar = document.getElementById("boot-bar");
const fill = document.getElementById("boot-fill");
const text = document.getElementById("boot-text");
const STEPS = ["runtime", "engine", "game"];
const RESOURCES = [
    ["/pyodide.mjs", 8, "runtime", 1.5],
    ["/memory-snapshot.gz", 20, "engine", 1], // not on every start (static/interpreter.mjs)
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

function failed() {
    if (["ready", "claiming", "elsewhere"].includes(root.dataset.state)) return;
    listening = false;
    text.textContent = words.steps.failed;
    bar.classList.add("failed");
}

new MutationObserver(() => {
    if (root.dataset.state === "ready") finished();
}).observe(root, { attributes: true, attributeFilter: ["data-state"] });
addEventListener("py:all-done", failed);
// static/pwa.mjs: the runtime could not be fetched (its own alert says why).
document.addEventListener("hearts:boot-failed", failed);
