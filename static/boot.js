// Loading progress while the Python runtime starts (the page's only own JavaScript).
//
// Real milestones, not a spinner: each file the runtime needs counts when it has arrived
// (PerformanceObserver resource entries), then PyScript's "py:ready" (interpreter up and
// hearts/ copied in), then the page itself marks <html data-state="ready"> once the table
// is dealt. Between milestones the bar creeps towards the next one so a slow download
// still shows movement. No inline script: the CSP allows only files from this origin.
const STEPS = [
    // [url suffix, progress when it has arrived, label]
    ["/pyodide.mjs", 12, "runtime"],
    ["/pyodide.asm.mjs", 25, "runtime"],
    ["/python_stdlib.zip", 45, "runtime"],
    ["/pyodide.asm.wasm", 70, "python"],
    ["/pyodide-lock.json", 74, "python"],
    ["/hearts/game.py", 82, "game"],
];
const LABELS = {
    en: { runtime: "Loading the runtime…", python: "Starting Python…", game: "Dealing the cards…", failed: "The game could not start. Please reload the page." },
    de: { runtime: "Laufzeit wird geladen…", python: "Python startet…", game: "Karten werden gegeben…", failed: "Das Spiel konnte nicht starten. Bitte lade die Seite neu." },
};
const lang = (new URLSearchParams(location.search).get("lang") || navigator.language || "en").slice(0, 2).toLowerCase() === "de" ? "de" : "en";
const words = LABELS[lang];
const bar = document.getElementById("boot-bar");
const fill = document.getElementById("boot-fill");
const text = document.getElementById("boot-text");
let shown = 3;
let target = 8;
let label = "runtime";

function draw() {
    fill.style.transform = `scaleX(${shown / 100})`; // CSSOM, allowed by the CSP
    bar.setAttribute("aria-valuenow", String(Math.round(shown)));
    text.textContent = words[label];
}

function reach(value, step) {
    if (value > target) target = value;
    if (step) label = step;
}

const seen = new Set();
function onEntries(entries) {
    for (const entry of entries) {
        for (const [suffix, value, step] of STEPS) {
            if (!seen.has(suffix) && entry.name.split("?")[0].endsWith(suffix)) {
                seen.add(suffix);
                reach(value, step);
            }
        }
    }
}
try {
    const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
    observer.observe({ type: "resource", buffered: true });
} catch {
    // Old browsers: the creep below still moves the bar.
}
document.addEventListener("py:ready", () => reach(90, "game"));

const timer = setInterval(() => {
    if (document.documentElement.dataset.state === "ready") {
        shown = 100;
        draw();
        clearInterval(timer);
        return;
    }
    // Creep a little towards the next milestone (never past it).
    const next = Math.min(target + 10, 97);
    shown += Math.max(0.15, (next - shown) * 0.04);
    if (shown > next) shown = next;
    draw();
}, 100);
draw();

function failed() {
    // "claiming": waiting for the tab lock; "elsewhere": another tab plays (hearts/web/tablock.py).
    if (!["ready", "claiming", "elsewhere"].includes(document.documentElement.dataset.state)) {
        clearInterval(timer);
        text.textContent = words.failed;
        bar.classList.add("failed");
    }
}
addEventListener("py:all-done", failed);
// static/pwa.mjs: the runtime could not be fetched (its own alert says why).
document.addEventListener("hearts:boot-failed", failed);
