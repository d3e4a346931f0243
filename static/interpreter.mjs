// The game's Pyodide, as PyScript loads it (pyscript.toml: interpreter = this file): the
// vendored Pyodide, started from a memory snapshot of an interpreter that has already
// initialised instead of starting CPython from scratch, where this browser has one.
// What that saves, and where a start's time goes: docs/performance.md.
//
// PyScript only needs `loadPyodide` and `version` from its interpreter module. The
// snapshot is made in this browser, never downloaded (it was 6.2 MB of a first
// visit's 13.6): a start without one is an ordinary start, and once the game is playable
// and the browser idle, static/snapshot-worker.mjs makes one off the page's thread and
// keeps it in Cache Storage (static/snapshot-store.mjs) for every later start, offline
// ones included. It holds the game's modules already imported, so it belongs to one build
// of the game (BUILD, the archive's hash): a new build starts once the ordinary way and
// makes its own. Whenever the kept copy fails its seal (length, SHA-256, build), its read
// stalls, its last restore never became playable (the canary) or Pyodide refuses it, it is
// dropped and this start is an ordinary one, so a bad snapshot costs one slower start,
// never the game (U15). <html data-python="snapshot" | "fresh"> tells which start happened,
// <html data-python-game="N"> how many of the game's modules the snapshot held,
// <html data-python-compiled="N"> how many source modules' bytecode it held, and
// <html data-python-kept="BYTES"> that a snapshot was made for the next (tests, benchmarks).
//
// A fatal error of Pyodide (its stack exhausted, say) leaves no Python to report it, and
// where it happens inside a promise no error event says so either. Pyodide calls its
// on_fatal hook then (a private hook of the pinned version, checked by
// tests/e2e/test_boot.py), and this module turns it into the document event
// "hearts:python-died", on which static/boot.js shows the way on.
//
// The start's steps are User Timing marks (performance.mark "hearts:…"; nothing a player
// sees): a profile of a start (DevTools, a Chrome trace) shows where its time goes.
import { loadPyodide as loadPyodideFresh, version } from "../vendor/pyodide-314.0.2/pyodide.mjs";
import { BUILD, LIFECYCLE, NAMES, STDLIB } from "./build/contract.mjs";
import "./idb-guard.mjs"; // first: PyScript awaits IndexedDB before it asks for Python
import { reading } from "./snapshot-read.mjs"; // begun by the page already (index.html)
import { restoreRuns } from "./snapshot-runs.mjs";
import { Stalled, drop, markSnapshot } from "./snapshot-store.mjs";
import { noteWhenLeft } from "./start-notes.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide-314.0.2/", import.meta.url).href;
const ASM_URL = new URL("pyodide.asm.mjs", INDEX_URL).href;
// The trimmed standard library, in a folder named for its hash (scripts/build_vendor.mjs):
// the runtime is cached `immutable`, so a zip that changes with the game changes its URL.
const STDLIB_URL = new URL(STDLIB, INDEX_URL).href;
// Once the game's Python runs on the heap restored from `kept` (it asks for the tab lock,
// waits for another tab or starts the game: static/lifecycle.mjs), its canary says good
// (the first time only); then `done` (no more noting a left try). Not only once playable: a
// start that waits for another tab is no crash, and a tab closed while it waits must not
// cost the next start its snapshot. A later failure's way on drops the snapshot anyway
// (static/boot/stopped.mjs starts the next one without it).
function markWhenRunning(cache, kept, done) {
    if (kept.good) return;
    const lifecycle = globalThis[NAMES.globals.lifecycle];
    const mark = () => markSnapshot(cache, kept.digest, "good").then(done, () => {});
    if (!lifecycle) return; // no owner of the page's state: the canary stays "trying"
    if (lifecycle.gameRuns()) {
        mark();
        return;
    }
    const stop = lifecycle.onChange(() => {
        if (!lifecycle.gameRuns()) return;
        stop();
        mark();
    });
}

// Pyodide's hook that starts its module (createPyodideModule, pyodide.asm.mjs): the runtime
// is fetched, compiled and started while the snapshot's bytes are still being read and
// checked. Once they are verified the canary is stored ("trying": else no restore, nothing
// would tell the next start that this one hung; once good, never written again), and only
// then is the module handed back: Pyodide restores the heap right after. `restore.began`
// says whether it got that far (a failure after that is Pyodide refusing the snapshot),
// `restore.stalled` whether the snapshot's bytes stalled (a snapshot would stall again).
function restoring(kept, cache, restore) {
    const sound = kept.sound.then((ok) => {
        restore.stalled = ok instanceof Stalled;
        if (ok !== true) throw ok;
        return kept.good || markSnapshot(cache, kept.digest, "trying");
    });
    sound.catch(() => {}); // what fails, fails the start
    return async (settings) => {
        const [module] = await Promise.all([factory.then((m) => m.default(settings)), sound]);
        // Kept are only the snapshot's runs that are not zeros (static/snapshot-runs.mjs):
        // Pyodide's own restore (a private hook of the pinned version) writes the first run,
        // the others follow into Python's memory.
        const api = module.API;
        const pyodideRestore = api.restoreSnapshot;
        api.restoreSnapshot = () =>
            restoreRuns(kept.stored, kept.runs, pyodideRestore, () => module.HEAP8);
        restore.began = true;
        globalThis[NAMES.globals.lifecycle]?.report(LIFECYCLE.events.restoring);
        return module;
    };
}

// Python starts as soon as this module is evaluated: static/runtime.mjs imports it on the
// game page alongside PyScript, so the runtime's download and Python's start overlap
// PyScript's own (its modules, plugins, pyscript.toml, its storage) instead of following
// it. PyScript's own call then receives this start; only its output handlers come later.
performance.mark("hearts:python-start");
// The runtime's module (Pyodide's factory) is fetched and compiled from here on, not once the
// snapshot's entry has been found: that lookup took ~170 ms on a page busy painting. A
// start from the snapshot hands the factory to Pyodide; a fresh one imports the same module.
const factory = import(ASM_URL);
factory.catch(() => {}); // a start that fails to fetch it says so (restoring, or Pyodide)
const started = reading.then(async ({ kept, cache: opened }) => {
    performance.mark("hearts:snapshot-found");
    let cache = opened;
    const root = document.documentElement;
    const settings = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
    if (kept) {
        // A page left from here on notes so, even while the "trying" is being stored (it may
        // land after the page left).
        const stopNoting = kept.good ? () => {} : noteWhenLeft(kept.digest);
        const restore = { began: false, stalled: false };
        try {
            const pyodide = await loadPyodideFresh({
                ...settings,
                _loadSnapshot: kept.snapshot, // filled as it is read; restored once verified
                createPyodideModule: restoring(kept, cache, restore),
            });
            performance.mark("hearts:pyodide-loaded");
            // The snapshot froze the random module as its start seeded it: every start gets
            // its own seed again (os.urandom, from the browser's crypto). The game's own
            // randomness never came from there (hearts.rng, os.urandom).
            // zipimport's table of python_stdlib.zip's entries is in the snapshot too: one
            // kept from an earlier build would point into another zip (scripts/stdlib.mjs
            // ships only what the game imports, so the zip changes with the game); dropped,
            // it is read again from the zip this start installed, at the next import.
            // The bytecode it holds of the page's source modules (PyScript's package, which
            // PyScript writes afresh next) is written where their import looks for it.
            // The counts of the game's modules and of those files (hearts/web/preload.py)
            // are for tests; a snapshot of another build may hold neither.
            const counts = pyodide.runPython(
                "import zipimport\nzipimport._zip_directory_cache.clear()\n"
                + "import random\nrandom.seed()\n"
                + "import sys\npreload = sys.modules.get('hearts.web.preload')\n"
                + "(len([m for m in sys.modules if m.split('.')[0] == 'hearts']),"
                + " preload.write_compiled() if preload else 0)",
            );
            const [held, compiled] = counts.toJs();
            counts.destroy();
            root.dataset.python = "snapshot";
            root.dataset.pythonGame = String(held);
            root.dataset.pythonCompiled = String(compiled);
            performance.mark("hearts:python-ready");
            markWhenRunning(cache, kept, stopNoting);
            return pyodide;
        } catch (error) {
            stopNoting();
            if (restore.stalled) cache = null;
            if (restore.began) {
                console.warn("Hearts: Pyodide refused its memory snapshot; a normal start", error);
                globalThis[NAMES.globals.lifecycle]?.report(LIFECYCLE.events.refused);
                drop(cache, BUILD).catch(() => {});
            }
        }
    }
    root.dataset.python = "fresh";
    const pyodide = await loadPyodideFresh(settings);
    performance.mark("hearts:pyodide-loaded");
    performance.mark("hearts:python-ready");
    // Only a fresh start makes one: its module is loaded only then.
    if (cache) {
        import("./snapshot-make.mjs").then(
            (made) => made.makeForNextStart(cache, pyodide),
            (error) => console.warn("Hearts: no memory snapshot for the next start", String(error)),
        );
    }
    return pyodide;
});

function watched(pyodide) {
    const api = pyodide._api;
    if (api && typeof api === "object") {
        const before = api.on_fatal;
        api.on_fatal = (error) => {
            document.dispatchEvent(new CustomEvent("hearts:python-died", { detail: error }));
            if (typeof before === "function") before(error);
        };
    }
    return pyodide;
}

// PyScript's call: {stdout, stderr} line handlers (PyScript 0.7.31 passes nothing else the
// start depends on; it derives indexURL from this module's folder, and the runtime lives in
// vendor/).
export async function loadPyodide(options = {}) {
    performance.mark("hearts:pyscript-asks");
    const pyodide = watched(await started);
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
    return pyodide;
}
