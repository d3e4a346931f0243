// Makes the memory snapshot the next start restores (static/interpreter.mjs), in this
// browser, off the page's thread: a second Pyodide starts here, imports the game, and its
// WebAssembly memory is kept in Cache Storage.
//
//   const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
//   worker.postMessage({ path, archive });  // the game's archive as the page imported it
//
// The page starts it once the game is playable and the browser is idle, on a start that
// had no snapshot of this build. Nothing is downloaded for it: the runtime's files are in
// the HTTP cache (or the service worker's precache) since that start, and the page hands
// over the archive its own Python imported. The snapshot holds every module of the game
// but the DOM facade (hearts/web/preload.py), so a start restored from it draws the table
// without importing the game first; it belongs to that archive, and is kept under the
// archive's hash, computed here from the very bytes imported. Pyodide records the
// JavaScript objects Python refers to by their path from globalThis, so one made in a
// worker restores on the page. It used to be made at build time and downloaded, 6.2 MB of
// a first visit's 13.6. Posts {kept: bytes kept} when done, or {failed: message}.
import "./wasm-fallback.mjs"; // the interpreter's wasm where the HTTP cache has none
import { loadPyodide, version } from "../vendor/pyodide-314.0.2/pyodide.mjs";
import { STDLIB } from "./build/contract.mjs";
import {
    KEPT_BYTES, SNAPSHOT_CACHE, SNAPSHOT_PREFIX, buildOf, sealed, snapshotKey,
} from "./snapshot-store.mjs";

// The page's standard library (static/interpreter.mjs): its folder carries its hash, and
// Pyodide would look for python_stdlib.zip beside pyodide.mjs.
const STDLIB_URL = new URL(STDLIB, new URL("../vendor/pyodide-314.0.2/", import.meta.url)).href;

const quiet = () => {};
const handedOver = new Promise((resolve) => {
    globalThis.onmessage = ({ data }) => resolve(data);
});

async function make() {
    const started = loadPyodide({
        stdLibURL: STDLIB_URL, _makeSnapshot: true, stdout: quiet, stderr: quiet,
    });
    const { path, archive, imports } = await handedOver;
    const [python, build] = await Promise.all([started, buildOf(archive)]);
    python.FS.writeFile(path, archive);
    // The page puts the archive on sys.path itself (index.html): it leaves the path as a
    // bare start has it, and __main__ with no names of its own. What the page imported
    // besides the game is held too (hearts/web/preload.py: page_imports).
    python.globals.set("page_imports", imports);
    python.runPython(
        `import sys\nsys.path.insert(0, ${JSON.stringify(path)})\n`
            + "import hearts.web.preload\nhearts.web.preload.import_game()\n"
            + "hearts.web.preload.hold_page_imports(page_imports)\n"
            + `sys.path.remove(${JSON.stringify(path)})\ndel sys, hearts, page_imports\n`,
    );
    // Throws if Python holds a JavaScript object it cannot name by a path.
    const snapshot = python.makeMemorySnapshot();
    const cache = await caches.open(SNAPSHOT_CACHE);
    const key = snapshotKey(build);
    // Sealed with its length, SHA-256 (here, off the page's thread) and build: the page
    // checks all three before it restores it. Every other entry goes (other builds' copies,
    // the last snapshot's canary: this one gets a fresh one).
    const entry = await sealed(snapshot, build);
    const kept = Number(entry.headers.get(KEPT_BYTES));
    await cache.put(key, entry);
    for (const request of await cache.keys()) {
        if (request.url !== key) await cache.delete(request);
    }
    for (const name of await caches.keys()) {
        if (name.startsWith(SNAPSHOT_PREFIX) && name !== SNAPSHOT_CACHE) await caches.delete(name);
    }
    return kept;
}

make().then(
    (bytes) => postMessage({ kept: bytes, version }),
    (error) => postMessage({ failed: String(error && error.message ? error.message : error) }),
);
