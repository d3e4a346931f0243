// A bound on every stage of the start, decided by progress, not by wall time (U13):
// a download that fails, stalls or arrives damaged, a module that does not load, Python that
// aborts or a start where nothing moves any more ends in the game's own message with a way on
// (static/boot/stopped.mjs; this module's own box if the page's scripts never came), never
// in "Starting Python…" for ever or in PyScript's internal text.
//
//   <script type="module" src="./static/watch.mjs"></script>   (the page's first script)
//
// Where the stages are watched: on the page, by wrapping fetch. The service worker sees no
// request of a first visit (it is registered once the game is playable), and resource timing
// reports a download only once it has ended, so neither can tell a slow download from a
// stalled one. Pyodide and PyScript fetch every runtime file through the page's fetch
// (pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json, pyscript.toml, the game's
// archive): the wrapper reads a clone of each response as it arrives (the caller's own
// response stays untouched: the browser's compiled-code cache of the WebAssembly is keyed by
// it) and notes every chunk. The module scripts (contract.mjs, PyScript's, Pyodide's) are
// watched by their errors and by resource timing. Nothing here imports the contract: this
// must work when the contract itself could not be loaded (static/watch/way-on.mjs).
//
// The bounds: a download with no byte for STALL_MS has stalled; the start fails when nothing
// observable moved for QUIET_MS (no byte, no resource, no mark of the start, no change of
// <html data-state|data-python>, no busy main thread: a timer that fires late means Python's
// start is working). A tab waiting for another tab (data-state claiming/elsewhere) or
// reloading into a new version waits without a bound.
//
// window.heartsWatch.repair(): the way on's first step (static/watch/way-on.mjs).
import "./wasm-fallback.mjs"; // first: the fetch wrapped here falls back to the precache
import { ownMessage, repair } from "./watch/way-on.mjs";

const root = document.documentElement;
const STALL_MS = 8000;
const QUIET_MS = 45000;
const TICK_MS = 1000;
const LATE_MS = 400;
const ABORTED = /ExitStatus/; // Emscripten's exit: CPython aborted (a damaged standard library)
const NOT_LOADED = /failed to fetch|networkerror|load failed|importing a module script failed|failed to load module|error loading dynamically imported module/i;

const pageFetch = globalThis.fetch;
const downloads = new Map(); // one key per download in flight -> when its last byte came
let lastMove = performance.now();
let lastTick = performance.now();
let over = false;
let parsed = document.readyState === "complete"; // "interactive" while deferred scripts wait
// The page's own way on for a page none of whose scripts came (index.html): this one came,
// and bounds the start from here.
document.querySelector("#boot .boot-reload")?.remove();
document.addEventListener("DOMContentLoaded", () => { parsed = true; }, { once: true });

const ready = () => root.dataset.state === "ready";
// The page's states and their bounds are static/lifecycle.mjs's (from hearts/web/lifecycle.py):
// this module enforces the bound of the states that name it; the others (the tab lock, a
// tab waiting for another, a version taking over) have owners of their own. Without that
// module (its contract did not load) the states it would have named wait as before.
const owner = () => globalThis.heartsLifecycle;
const waiting = () => {
    if (owner()) return owner().bound()?.by !== "static/watch.mjs";
    return ["claiming", "elsewhere"].includes(root.dataset.state) || root.dataset.pwa === "updating";
};
const quietMs = () => owner()?.bound()?.ms ?? QUIET_MS;
const moved = () => void (lastMove = performance.now());

// The start failed: static/boot/stopped.mjs says so (it listens for hearts:boot-failed), or,
// if the page's scripts never came, this module does.
function fail(reason) {
    if (over || ready()) return;
    over = true;
    globalThis.fetch = pageFetch;
    console.warn(`Hearts: the start stopped (${reason})`);
    const offline = navigator.onLine === false;
    root.dataset.bootError = offline ? "offline" : "network";
    // Once the page's deferred scripts have run (boot.js among them, if it could load).
    const tell = () => {
        const detail = { offline, reason };
        document.dispatchEvent(new CustomEvent("hearts:boot-failed", { detail }));
        hideRuntimeErrors();
        if (document.querySelector("#boot [data-boot]")) return; // boot/stopped.mjs said it
        // The page's state is static/lifecycle.mjs's to write; only a page whose modules
        // never came (no owner) has this module write it, as the last resort.
        if (!owner()?.fail(reason)) root.dataset.state = "stopped";
        ownMessage(offline);
    };
    if (parsed) tell();
    else document.addEventListener("DOMContentLoaded", tell, { once: true });
}

// PyScript's own error banner (its internal text, PY0001 …) is not the game's message.
function hideRuntimeErrors() {
    for (const banner of document.querySelectorAll(".py-error")) banner.style.display = "none";
}

// Reads the clone of a download: every chunk is progress; an error midway is a failure.
async function follow(key, response, path) {
    const reader = response.body && response.body.getReader();
    try {
        while (reader && !over) {
            const { done } = await reader.read();
            downloads.set(key, performance.now());
            moved();
            if (done) break;
        }
    } catch (error) {
        fail(`${path} broke off: ${error}`);
    } finally {
        downloads.delete(key);
    }
    if (over && reader) reader.cancel().catch(() => {});
}

globalThis.fetch = function watchedFetch(input, init) {
    const answer = pageFetch(input, init);
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href);
    const method = String((init && init.method) || (request && request.method) || "GET");
    if (over || ready() || url.origin !== location.origin || method.toUpperCase() !== "GET") {
        return answer;
    }
    const key = {};
    downloads.set(key, performance.now());
    moved();
    return answer.then(
        (response) => {
            if (!response.ok) {
                downloads.delete(key);
                fail(`${url.pathname}: HTTP ${response.status}`);
            } else follow(key, response.clone(), url.pathname);
            return response;
        },
        (error) => {
            downloads.delete(key);
            if (!error || error.name !== "AbortError") fail(`${url.pathname}: ${error}`);
            throw error;
        },
    );
};

function tick() {
    if (ready() && !over) globalThis.fetch = pageFetch; // the start is over: no more watching
    if (over || ready()) return;
    const now = performance.now();
    const late = now - lastTick > TICK_MS + LATE_MS; // the page's thread was busy
    if (late || waiting() || document.hidden) moved(); // working
    // A busy thread read no chunk either: a download stalls only while the thread is free.
    if (late) for (const key of downloads.keys()) downloads.set(key, now);
    lastTick = now;
    for (const last of downloads.values()) {
        if (now - last > STALL_MS) return fail(`a download stalled for ${STALL_MS} ms`);
    }
    if (downloads.size === 0 && now - lastMove > quietMs()) {
        return fail(`nothing moved for ${quietMs()} ms`);
    }
    setTimeout(tick, TICK_MS);
}
setTimeout(tick, TICK_MS);

try {
    new PerformanceObserver(moved).observe({ entryTypes: ["resource", "mark"] });
} catch {
    // no timing entries: the other signals still count
}
new MutationObserver(moved).observe(root, {
    attributes: true,
    attributeFilter: ["data-state", "data-python"],
});
for (const name of ["py:ready", "py:done", "py:all-done"]) document.addEventListener(name, moved);

// A script, a module preload or a stylesheet of the page that did not load, or a module
// that does not parse (a damaged copy): the start goes on without it where it can (Python
// plays without the boot module's early table), and the service worker fetches the
// damaged copy again at once, so that the next start has it whole; a start that cannot go
// on stops by the bounds above. CPython aborting, a runtime import that failed: stopped.
let checked = null;
function damaged(reason) {
    console.warn(`Hearts: ${reason}`);
    moved();
    if (!checked) checked = repair();
}
function failed(error, message) {
    const text = `${(error && error.name) || ""} ${message || (error && error.message) || ""}`;
    if (ABORTED.test(text) || NOT_LOADED.test(text)) fail(text.trim());
}
addEventListener(
    "error",
    (event) => {
        const target = event.target;
        if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
            damaged(`could not load ${target.src || target.href}`);
        } else if (event.error instanceof SyntaxError && String(event.filename).startsWith(location.origin)) {
            damaged(`${event.filename}: ${event.message}`);
        } else failed(event.error, event.message);
    },
    true,
);
addEventListener("unhandledrejection", (event) => failed(event.reason, ""));

// The page must have arrived whole: its last element is the game's Python entry point.
// PyScript's error banner before the table is playable is a failed start too.
document.addEventListener("DOMContentLoaded", () => {
    moved();
    if (!document.querySelector('script[type="py"]')) fail("the page arrived cut short");
    const banners = new MutationObserver(() => {
        if (ready()) banners.disconnect(); // the game draws now: none of this module's business
        else if (document.querySelector(".py-error")) fail("PyScript reported an error");
        if (over) hideRuntimeErrors();
    });
    banners.observe(document.body, { childList: true, subtree: true });
});

// A held key never presses a way on: Enter clicks a focused button at every repeated
// keydown, and the way on reloads the page (Python's hearts/web/keys.py guards the table's
// own buttons once it runs; static/boot/input.mjs the painted hand before).
addEventListener(
    "keydown",
    (event) => {
        const repeated = event.repeat && (event.key === "Enter" || event.key === " ");
        if (repeated && event.target instanceof Element && event.target.closest("[data-boot]")) {
            event.preventDefault();
        }
    },
    true,
);

globalThis.heartsWatch = { repair, fail };
