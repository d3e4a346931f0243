// Progress that never freezes and never goes backwards: the bar moves by CSS transitions of
// `transform` (the compositor runs them while the main thread compiles WebAssembly and
// starts Python), towards milestones that only ever grow; it ends when the page marks
// the page is ready (static/lifecycle.mjs), the moment the table is playable.
import { LIFECYCLE, NAMES, STEPS } from "../build/contract.mjs";
import { onChange } from "../lifecycle.mjs";

// Milestones: [url suffix, progress reached, step label, seconds to the next].
const RESOURCES = [
    ["/pyodide.mjs", 8, "runtime", 1.5],
    ["/pyodide.asm.wasm", 30, "engine", 3.5],
    ["/python_stdlib.zip", 40, "engine", 3],
    ["/pyodide-lock.json", 55, "engine", 2.5],
    // Not the game's archive: it is preloaded right after the first frame (paint.mjs), so
    // its arrival says nothing about the start; the table's step begins with py:ready.
];
const CREEP_HZ = 4;

// words: the page language's texts (the contract's TEXTS[lang]).
export function startProgress(words) {
    const root = document.documentElement;
    const bar = document.getElementById(NAMES.boot.bar);
    const fill = document.getElementById(NAMES.boot.fill);
    const text = document.getElementById(NAMES.boot.text);
    let reached = 0;
    let step = 0;

    function advance(value, label, seconds) {
        if (value < reached) return; // never backwards
        // A stopped start says what went wrong; later milestones (a late resource,
        // py:ready) must not write a step over it.
        if (root.dataset.state === LIFECYCLE.stopped) return;
        reached = value;
        step = Math.max(step, STEPS.indexOf(label));
        text.textContent = words.steps[STEPS[step]];
        bar.setAttribute("aria-valuenow", String(Math.round(value)));
        // Quickly to the milestone, then slowly on towards the next one (a compositor
        // transition keeps moving while the main thread is busy); a late milestone finds it
        // waiting there. The slow leg moves in CREEP_HZ steps a second, not 60 frames: every
        // frame the compositor draws takes CPU from the runtime's start, about 140 ms of a
        // 3 s cold start on the 2-core machine (measured with tools/bench_startup's pages,
        // bar shown vs hidden).
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

    onChange(({ to }) => {
        if (to !== LIFECYCLE.ready) return;
        fill.style.transition = "transform 0.2s ease-out";
        fill.style.transform = "scaleX(1)";
        bar.setAttribute("aria-valuenow", "100");
    });
}
