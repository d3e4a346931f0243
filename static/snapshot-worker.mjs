// Makes the memory snapshot the next start restores (static/interpreter.mjs), in this
// browser, off the page's thread: a second, bare Pyodide starts here, and its WebAssembly
// memory right after Python has initialised is kept in Cache Storage.
//
//   new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" })
//
// The page starts it once the game is playable and the browser is idle, on a start that
// had no snapshot. Nothing is downloaded for it: the runtime's files are in the HTTP cache
// (or the service worker's precache) since that start. A snapshot is a function of the
// Pyodide build alone (nothing of the game is in it: the game's modules come from
// static/build/hearts.zip on every start), and Pyodide records the JavaScript objects
// Python refers to by their path from globalThis, so one made in a worker restores on the
// page. It used to be made at build time and downloaded, 6.2 MB of a first visit's 13.6
// (issue 22). Posts {kept: bytes} when done, or {failed: message}.
import { loadPyodide, version } from "./vendor/pyodide-314.0.2/pyodide.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_PREFIX, snapshotKey } from "./snapshot-store.mjs";

const quiet = () => {};

async function make() {
    const python = await loadPyodide({ _makeSnapshot: true, stdout: quiet, stderr: quiet });
    // Throws if Python holds a JavaScript object it cannot name by a path.
    const snapshot = python.makeMemorySnapshot();
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(snapshotKey(), new Response(snapshot));
    for (const name of await caches.keys()) {
        if (name.startsWith(SNAPSHOT_PREFIX) && name !== SNAPSHOT_CACHE) await caches.delete(name);
    }
    return snapshot.length;
}

make().then(
    (bytes) => postMessage({ kept: bytes, version }),
    (error) => postMessage({ failed: String(error && error.message ? error.message : error) }),
);
