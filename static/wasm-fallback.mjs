// The interpreter's WebAssembly (pyodide.asm.wasm, ~10 MB) from the service worker's precache
// where the network route has no copy for it.
//
// On a return visit in Chrome the wasm comes straight from the browser's HTTP cache, without
// passing the worker's JavaScript (scripts/sw-prelude.js: a static route to the network):
// Chrome keeps the compiled interpreter beside that HTTP cache entry, and the ~10 MB piped
// through the worker's fetch handler cost ~75 ms of a warm start (docs/performance.md). A
// route cannot fall back, so this does, on the page (and in static/snapshot-worker.mjs):
// when that fetch fails (the HTTP cache evicted, offline) or the server no longer has this
// version's file, the precache's copy answers (keyed by its plain URL: the runtime's folder
// carries its version). Browsers without static routes get the same from the worker's fetch
// handler. Imported first by static/watch.mjs, so the start's watch sees the copy that
// answered, not the failure before it.
const networkFetch = globalThis.fetch;

function isWasm(input, init) {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href);
    const method = String(init?.method ?? request?.method ?? "GET").toUpperCase();
    return method === "GET" && url.origin === location.origin && url.pathname.endsWith(".wasm")
        ? url.href
        : null;
}

// The precache's copy of `url`, else what `otherwise` gives (the answer that failed).
async function precached(url, otherwise) {
    try {
        const copy = await caches.match(url);
        if (copy) return copy;
    } catch {
        // Cache Storage refused (some privacy modes): the failure stands.
    }
    return otherwise();
}

globalThis.fetch = function fetchWasmOrPrecached(input, init) {
    const url = "caches" in globalThis ? isWasm(input, init) : null;
    if (!url) return networkFetch(input, init);
    return networkFetch(input, init).then(
        (response) => (response.ok ? response : precached(url, () => response)),
        (error) => precached(url, () => {
            throw error;
        }),
    );
};
