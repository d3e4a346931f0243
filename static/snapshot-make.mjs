// The memory snapshot for the next start (static/interpreter.mjs restores it), made in a
// worker (static/snapshot-worker.mjs) once a fresh start of the game is playable and the
// page idle. static/interpreter.mjs imports this module only after a fresh start.
import { IDS, LIFECYCLE, NAMES } from "./build/contract.mjs";

// Made once the game has been playable this long, at a moment the table waits for the
// player and nothing flies, in idle time: the worker's start takes one of the machine's
// cores and its messages the page's thread for a few hundred milliseconds, which drops
// frames of a card's flight and delays the next CPU move (measured at 4x CPU slowdown:
// 12 of a game's 13 dropped frames fell in that window, tools/bench_motion.py). After
// MAKE_AT_THE_LATEST_MS it is made at the next idle moment whatever the table does (a
// player who only watches, a dialog left open), so every first visit keeps one.
const MAKE_AFTER_MS = 3000;
const MAKE_AT_THE_LATEST_MS = 60000;
const QUIET_POLL_MS = 250;
const WORKER_BOUND_MS = 180000;

// The table waits for the player: a card of the hand can be chosen (the painter marks the
// playable ones with aria-pressed) or a dialog is open, and no card is in flight.
function tableWaits() {
    const waiting =
        document.querySelector(`#${IDS.hand} [aria-pressed]`) !== null ||
        document.querySelector("dialog[open]") !== null;
    const flying = globalThis[NAMES.globals.motion]?.running?.() ?? 0;
    return waiting && flying === 0;
}

// A snapshot for the next start, made in a worker when the page is playable and idle. The
// worker is handed the game's archive as this page's Python imported it (its path in
// Python's file system, its bytes), so the snapshot holds exactly the modules this page runs,
// and what else the page imported (hearts/web/preload.py: page_imports).
export function makeForNextStart(cache, pyodide) {
    if (!cache || typeof Worker !== "function") return;
    const root = document.documentElement;
    const make = () => {
        let handover;
        try {
            const path = pyodide.runPython("__import__('hearts').__loader__.archive");
            const imports = pyodide.runPython(
                "__import__('hearts.web.preload', fromlist=['page_imports']).page_imports()",
            );
            handover = { path, archive: pyodide.FS.readFile(path), imports };
        } catch (error) {
            console.warn("Hearts: no memory snapshot for the next start", String(error));
            return;
        }
        const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
            type: "module",
        });
        worker.postMessage(handover, [handover.archive.buffer]);
        // A worker whose Cache Storage never answers is not kept alive for ever.
        const bound = setTimeout(() => {
            worker.terminate();
            console.warn("Hearts: no memory snapshot for the next start: the worker took too long");
        }, WORKER_BOUND_MS);
        worker.onmessage = ({ data }) => {
            clearTimeout(bound);
            worker.terminate(); // its interpreter's memory goes with it
            if (data.kept) root.dataset.pythonKept = String(data.kept);
            else console.warn("Hearts: no memory snapshot for the next start", data.failed);
        };
        worker.onerror = (event) => {
            clearTimeout(bound);
            worker.terminate();
            console.warn("Hearts: no memory snapshot for the next start", event.message);
        };
    };
    const whenIdle = () =>
        "requestIdleCallback" in globalThis ? requestIdleCallback(make, { timeout: 5000 }) : make();
    const whenQuiet = (since) => {
        if (tableWaits() || performance.now() - since >= MAKE_AT_THE_LATEST_MS) whenIdle();
        else setTimeout(() => whenQuiet(since), QUIET_POLL_MS);
    };
    const playable = () => setTimeout(() => whenQuiet(performance.now()), MAKE_AFTER_MS);
    if (root.dataset.state === LIFECYCLE.ready) playable();
    else {
        const watch = new MutationObserver(() => {
            if (root.dataset.state !== LIFECYCLE.ready) return;
            watch.disconnect();
            playable();
        });
        watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
    }
}
