// The hand-written start of the service worker: scripts/build_sw.mjs puts this file in front
// of the code Workbox generates, so this fetch listener sees every request first.

// Workbox downloads a precached file that has a revision with `cache: "reload"`, past the
// browser's HTTP cache, so that a stale copy cannot get into the precache. `no-cache` gives
// the same guarantee (the server is asked every time) but lets it answer 304 for what the
// page has just loaded: on a first visit the game's archive, its stylesheet and icons were
// sent twice (issue 22). Only Workbox's own install requests ask for "reload".
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) =>
    input instanceof Request && input.cache === "reload" && init === undefined
        ? networkFetch(new Request(input, { cache: "no-cache" }))
        : networkFetch(input, init);
//
// pyodide.asm.wasm (the CPython interpreter, ~10 MB) is served from the browser's HTTP cache
// when it is there, and from the precache only when it is not (offline with an evicted HTTP
// cache). Why: Chrome keeps compiled WebAssembly next to the cached response it was compiled
// from. The first visit compiles the module from the network, and Chrome stores the machine
// code with the HTTP cache entry; a precache copy is a different entry, so answering from it
// would compile the whole interpreter again on the next start (measured: the first return
// visit as slow as the first visit). The runtime's URLs carry its version and are served
// `immutable`, so the HTTP cache answers without asking the server, online or offline.
self.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET" || !new URL(request.url).pathname.endsWith(".wasm")) return;
    event.stopImmediatePropagation(); // Workbox's precache route would answer from its copy
    event.respondWith(
        fetch(request).catch(async (error) => {
            // The precache keys versioned runtime files by their plain URL (no revision).
            const cached = await caches.match(request.url);
            if (cached) return cached;
            throw error;
        }),
    );
});

// The runtime's other files (PyScript's modules, pyodide.mjs, pyodide.asm.mjs, the standard
// library, the lock file) are answered by the browser straight from
// the precache, without starting this worker's JavaScript for each of them: a return visit fetches a dozen of
// them one after another (each module names the next), and a trip through the fetch
// handler cost each one several milliseconds (measured: the game's runtime chain 60-90 ms
// behind the bare PyScript page's on a return visit). Static routes (the Service Worker
// static routing API, Chrome 123+) are set at install; a file missing from the precache
// goes to the network. Their URLs carry the runtime's version and the precache keys them
// by plain URL (no revision), so a route can never serve another version's file. Browsers
// without addRoutes use the fetch handlers as before.
self.addEventListener("install", (event) => {
    if (typeof event.addRoutes !== "function") return;
    const scope = self.registration.scope;
    const cacheName = `hearts-precache-v2-${scope}`; // Workbox's name for cacheId "hearts"
    const pattern = (path) => ({ urlPattern: new URL(path, scope).pathname });
    event
        .addRoutes(
            [
                "static/vendor/pyscript-*/*",
                "static/vendor/pyodide-*/*.mjs",
                "static/vendor/pyodide-*/*.zip",
                "static/vendor/pyodide-*/*.json",
            ].map(
                (path) => ({ condition: pattern(path), source: { cacheName } }),
            ),
        )
        .catch((error) => console.warn("Hearts: no static routes", error));
});

// After a failed start the page asks (static/watch.mjs, {type: "HEARTS_VERIFY"} with a
// port): every precached copy is checked against the build's size and SHA-256 (FILES,
// written here by scripts/build_sw.mjs: url -> [bytes, "sha256-…"]). A copy that does not
// match (cut short or damaged on disk) is dropped and fetched again, verified, so the next
// start never meets it; the answer {dropped, missing} counts what could not be fetched
// (offline: the game needs the network once more). Only what failed is fetched again.
const FILES = {};

async function sri(bytes) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

async function verifyPrecache() {
    const scope = self.registration.scope;
    const cache = await caches.open(`hearts-precache-v2-${scope}`);
    const dropped = [];
    for (const request of await cache.keys()) {
        const url = new URL(request.url);
        url.searchParams.delete("__WB_REVISION__");
        const expected = FILES[url.href.slice(scope.length)];
        const response = await cache.match(request);
        const bytes = response ? await response.arrayBuffer() : null;
        const whole =
            expected && bytes && bytes.byteLength === expected[0] && (await sri(bytes)) === expected[1];
        if (whole) continue;
        await cache.delete(request);
        if (expected) dropped.push({ request, url: url.href, integrity: expected[1] });
    }
    let missing = 0;
    for (const { request, url, integrity } of dropped) {
        try {
            const response = await networkFetch(url, { cache: "no-cache", integrity });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            await cache.put(request, response);
        } catch (error) {
            console.warn(`Hearts: ${url} could not be fetched again`, error);
            missing += 1;
        }
    }
    return { dropped: dropped.length, missing };
}

self.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "HEARTS_VERIFY") return;
    const [port] = event.ports;
    const answer = verifyPrecache().catch((error) => ({ dropped: 0, missing: 0, error: String(error) }));
    event.waitUntil(answer.then((report) => port && port.postMessage(report)));
});
