// The hand-written start of the service worker: scripts/build_sw.mjs puts this file in front
// of the code Workbox generates, so this fetch listener sees every request first.

// Workbox downloads a precached file that has a revision with `cache: "reload"`, past the
// browser's HTTP cache, so that a stale copy cannot get into the precache. `no-cache` gives
// the same guarantee (the server is asked every time) but lets it answer 304 for what the
// page has just loaded: on a first visit the game's archive, its stylesheet and icons were
// sent twice. Only Workbox's own install requests ask for "reload".
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
// Where the browser has static routes (below), the wasm does not pass this handler at all: a
// route sends it to the network (the HTTP cache), and the page falls back to the precache
// itself (static/wasm-fallback.mjs). This handler serves the other browsers.
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
            ]
                .map((path) => ({ condition: pattern(path), source: { cacheName } }))
                // The interpreter's wasm from the HTTP cache, not piped through this worker:
                // ~75 ms of a warm start (docs/performance.md); where that fails, the page's
                // static/wasm-fallback.mjs takes the precache's copy.
                .concat({ condition: pattern("static/vendor/pyodide-*/*.wasm"), source: "network" }),
        )
        .catch((error) => console.warn("Hearts: no static routes", error));
});

// After a failed start the page asks (static/watch/way-on.mjs, {type: "HEARTS_VERIFY"} with
// a port) the worker whose build is to start next: this one if it controls the page, or, if
// it waits to take over, this one before it does. It checks its own build's copies against
// the build's size and SHA-256 (FILES, written here by scripts/build_sw.mjs: url -> [bytes,
// "sha256-…"]) and fetches again, past the HTTP cache, each one that is damaged or gone, so
// the next start never meets it. The answer {damaged, missing, changed}: how many of its
// copies were not whole; how many of them could not be fetched (no answer: offline, the game
// needs the network once more); how many the server answered with another file than this
// build's (a newer version is deployed: the page looks for its worker instead).
//
// Whose copies: every version of this worker shares one cache (Workbox keys an entry by URL
// and revision), so a version waiting beside this one keeps its entries there too, and they
// are not this build's to judge or delete. This build's entry for a file is the one whose
// key Workbox derives from this build's manifest: the versioned runtime and the page's files
// named for their hashes under their plain URL (scripts/build_sw.mjs:
// dontCacheBustURLsMatching, UNREVISIONED here), every other file (index.html)
// under URL?__WB_REVISION__=<MD5 of its content> (workbox-build's revision). A cached copy
// with this build's size and SHA-256 is therefore this build's entry; if none is there, the
// copy fetched again is put under the key its MD5 gives. Nothing else is touched.
const FILES = {};
const UNREVISIONED = /^(?:static\/vendor\/(?:pyscript|pyodide)-[^/]+\/|static\/app-[0-9a-f]{12}\/|pyscript-[0-9a-f]{12}\.toml$)/;

async function sri(bytes) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

// MD5 (RFC 1321) of `buffer` in hex: the revision workbox-build gives a file (Web Crypto has
// no MD5). Only a copy fetched again is hashed so, never the whole precache.
const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);
function md5(buffer) {
    const bytes = new Uint8Array(buffer);
    const length = bytes.length;
    const words = new Uint32Array((((length + 8) >>> 6) + 1) * 16);
    for (let i = 0; i < length; i += 1) words[i >> 2] |= bytes[i] << ((i % 4) * 8);
    words[length >> 2] |= 0x80 << ((length % 4) * 8);
    words[words.length - 2] = length * 8; // the length in bits, low word (wraps as it should)
    words[words.length - 1] = Math.floor(length / 0x20000000);
    const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
    for (let block = 0; block < words.length; block += 16) {
        let [a, b, c, d] = state;
        for (let i = 0; i < 64; i += 1) {
            const round = i >> 4;
            let f;
            let g;
            if (round === 0) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (round === 1) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) % 16;
            } else if (round === 2) {
                f = b ^ c ^ d;
                g = (3 * i + 5) % 16;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) % 16;
            }
            const sum = (a + f + MD5_SINES[i] + words[block + g]) | 0;
            const shift = MD5_SHIFTS[round * 4 + (i % 4)];
            a = d;
            d = c;
            c = b;
            b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
        }
        state[0] = (state[0] + a) | 0;
        state[1] = (state[1] + b) | 0;
        state[2] = (state[2] + c) | 0;
        state[3] = (state[3] + d) | 0;
    }
    const hex = (value) => Array.from({ length: 4 }, (_, i) => ((value >>> (8 * i)) & 0xff).toString(16).padStart(2, "0")).join("");
    return state.map(hex).join("");
}

// Whether one of `requests` (the cached copies of one file, any revision) is this build's
// copy, whole.
async function holdsWhole(cache, requests, [size, integrity]) {
    for (const request of requests) {
        const response = await cache.match(request);
        const bytes = response ? await response.arrayBuffer() : null;
        if (bytes && bytes.byteLength === size && (await sri(bytes)) === integrity) return true;
    }
    return false;
}

// Fetches `name` again past the HTTP cache (a damaged copy may be there too); "fetched" and
// cached under this build's key, "missing" (no answer) or "changed" (another file).
async function fetchAgain(cache, scope, name, [size, integrity]) {
    let response;
    let bytes;
    try {
        response = await networkFetch(scope + name, { cache: "reload" });
        bytes = await response.clone().arrayBuffer();
    } catch (error) {
        console.warn(`Hearts: ${name} could not be fetched again`, error);
        return "missing";
    }
    if (!response.ok || bytes.byteLength !== size || (await sri(bytes)) !== integrity) {
        console.warn(`Hearts: the server's ${name} is not this version's (HTTP ${response.status})`);
        return "changed";
    }
    const key = UNREVISIONED.test(name) ? scope + name : `${scope}${name}?__WB_REVISION__=${md5(bytes)}`;
    await cache.put(key, response);
    return "fetched";
}

async function verifyPrecache() {
    const scope = self.registration.scope;
    const cache = await caches.open(`hearts-precache-v2-${scope}`);
    const held = new Map(); // a file of this build -> its cached copies, any version's
    for (const request of await cache.keys()) {
        const url = new URL(request.url);
        url.searchParams.delete("__WB_REVISION__");
        const name = url.href.slice(scope.length);
        if (Object.hasOwn(FILES, name)) held.set(name, [...(held.get(name) || []), request]);
    }
    const report = { damaged: 0, missing: 0, changed: 0 };
    for (const [name, expected] of Object.entries(FILES)) {
        if (await holdsWhole(cache, held.get(name) || [], expected)) continue;
        report.damaged += 1;
        const outcome = await fetchAgain(cache, scope, name, expected);
        if (outcome !== "fetched") report[outcome] += 1;
    }
    return report;
}

self.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "HEARTS_VERIFY") return;
    const [port] = event.ports;
    const answer = verifyPrecache().catch((error) => ({ damaged: 0, missing: 0, changed: 0, error: String(error) }));
    event.waitUntil(answer.then((report) => port && port.postMessage(report)));
});
