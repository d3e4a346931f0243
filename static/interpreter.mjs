// The game's Pyodide, as PyScript loads it (pyscript.toml: interpreter = this file): the
// vendored Pyodide, started from the memory snapshot of an interpreter that has already
// initialised (scripts/memory_snapshot.mjs) instead of starting CPython from scratch.
// Measured on the 2-core machine: the table playable 0.9 s after a return visit's
// navigation against 2.2 s for the bare PyScript page (README "Start-up speed").
//
// PyScript only needs `loadPyodide` and `version` from its interpreter module. Where the
// snapshot comes from, fastest first:
//   1. a decompressed copy in Cache Storage (CACHE), written after an earlier start;
//   2. vendor/pyodide-<version>/memory-snapshot.gz (6 MB; the service worker precaches it,
//      offline visits get it from there), gunzipped here. Not downloaded over a slow or
//      data-saving connection (Network Information API) while no service worker has it at
//      hand (the first visit), where the download would cost more than Python's start saves;
//   3. none: an ordinary start. Also whenever Pyodide refuses the snapshot (e.g. another
//      build's), so a bad snapshot costs one slower start, never the game.
// <html data-python="snapshot" | "fresh"> tells which start happened (tests, benchmarks).
//
// A fatal error of Pyodide (its stack exhausted, say) leaves no Python to report it, and
// where it happens inside a promise no error event says so either. Pyodide calls its
// on_fatal hook then (a private hook of the pinned version, checked by
// tests/e2e/test_boot.py), and this module turns it into the document event
// "hearts:python-died", on which static/boot.js shows the way on (issue 20).
import { loadPyodide as loadPyodideFresh, version } from "./vendor/pyodide-314.0.2/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide-314.0.2/", import.meta.url).href;
const SNAPSHOT_URL = new URL("memory-snapshot.gz", INDEX_URL).href;
const CACHE_PREFIX = "hearts-python-memory-";
const CACHE = `${CACHE_PREFIX}${version}`;

function slowDownload() {
    const connection = navigator.connection;
    if (!connection || navigator.serviceWorker?.controller) return false; // or the precache has it
    return Boolean(connection.saveData) || /(^|-)2g$|^3g$/.test(connection.effectiveType || "");
}

async function openCache() {
    try {
        return "caches" in globalThis ? await caches.open(CACHE) : null;
    } catch {
        return null; // storage blocked (private modes, opaque origins)
    }
}

async function cachedSnapshot(cache) {
    const hit = cache && (await cache.match(SNAPSHOT_URL).catch(() => undefined));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

const isGzip = (bytes) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

async function downloadedSnapshot() {
    const response = await fetch(SNAPSHOT_URL);
    if (!response.ok) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
    const packed = new Uint8Array(await response.arrayBuffer());
    if (!isGzip(packed)) return packed; // a host that decoded it on the way (Content-Encoding)
    const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Keep the decompressed snapshot for the next start, once the game runs and the browser is
// idle (31 MB written during the start would compete with it), and drop other versions'.
function keepForNextStart(cache, snapshot) {
    if (!cache) return;
    const write = async () => {
        await cache.put(SNAPSHOT_URL, new Response(snapshot));
        for (const name of await caches.keys()) {
            if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
        }
    };
    const idle = () => write().catch((error) => console.warn("Hearts: snapshot not kept", error));
    const whenIdle = () =>
        "requestIdleCallback" in globalThis ? requestIdleCallback(idle, { timeout: 5000 }) : idle();
    setTimeout(whenIdle, 3000);
}

async function snapshot(cache) {
    const cached = await cachedSnapshot(cache).catch(() => null);
    if (cached) return { bytes: cached, cached: true };
    if (slowDownload()) return null;
    try {
        return { bytes: await downloadedSnapshot(), cached: false };
    } catch (error) {
        console.warn("Hearts: starting Python without its memory snapshot", error);
        return null;
    }
}

// Starts at once, while PyScript still loads its plugins and reads pyscript.toml.
const cacheReady = openCache();
const snapshotReady = cacheReady.then(snapshot);

export async function loadPyodide(options = {}) {
    // PyScript derives indexURL from this module's folder; the runtime lives in vendor/.
    const settings = { ...options, indexURL: INDEX_URL };
    const [cache, found] = await Promise.all([cacheReady, snapshotReady]);
    const root = document.documentElement;
    const watched = (pyodide) => {
        const api = pyodide._api;
        if (api && typeof api === "object") {
            const before = api.on_fatal;
            api.on_fatal = (error) => {
                document.dispatchEvent(new CustomEvent("hearts:python-died", { detail: error }));
                if (typeof before === "function") before(error);
            };
        }
        return pyodide;
    };
    if (found) {
        try {
            const pyodide = await loadPyodideFresh({ ...settings, _loadSnapshot: found.bytes });
            // The snapshot froze the random module as the build's start seeded it: every
            // start gets its own seed again (os.urandom, from the browser's crypto). The
            // game's own randomness never came from there (hearts.rng, os.urandom).
            // zipimport's table of python_stdlib.zip's entries is in the snapshot too: one
            // kept from an earlier build would point into another zip (scripts/stdlib.mjs
            // ships only what the game imports, so the zip changes with the game); dropped,
            // it is read again from the zip this start installed, at the next import.
            pyodide.runPython(
                "import zipimport\nzipimport._zip_directory_cache.clear()\n"
                + "import random\nrandom.seed()",
            );
            root.dataset.python = "snapshot";
            if (!found.cached) keepForNextStart(cache, found.bytes);
            return watched(pyodide);
        } catch (error) {
            console.warn("Hearts: Pyodide refused its memory snapshot; a normal start", error);
            if (found.cached) cache.delete(SNAPSHOT_URL).catch(() => {});
        }
    }
    root.dataset.python = "fresh";
    return watched(await loadPyodideFresh(settings));
}
