// The hand-written start of the service worker: scripts/build_sw.mjs puts this file in front
// of the code Workbox generates, so this fetch listener sees every request first.
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
