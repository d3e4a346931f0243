// The interpreter's wasm from the precache where the network route has no copy for it
// (static/wasm-fallback.mjs): only a same-origin GET of a .wasm that fails or is refused
// falls back, and only to a copy the precache holds; everything else is the network's
// answer, untouched. tests/e2e/test_pwa.py starts offline with the HTTP cache evicted.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

const ORIGIN = "https://hearts.example";
const WASM = `${ORIGIN}/static/vendor/pyodide-314.0.2/pyodide.asm.wasm`;

// The browser around the module: the network (`answer`), the precache (`held`).
const world = { answer: null, held: new Map(), refused: false, asked: [] };
globalThis.location = { href: `${ORIGIN}/`, origin: ORIGIN };
globalThis.fetch = async (input) => {
    world.asked.push(String(input instanceof Request ? input.url : input));
    return world.answer();
};
globalThis.caches = {
    async match(url) {
        if (world.refused) throw new DOMException("refused", "SecurityError");
        return world.held.get(url);
    },
};
await import("../../static/wasm-fallback.mjs");

function reset({ answer, held = {}, refused = false }) {
    world.answer = answer;
    world.held = new Map(Object.entries(held));
    world.refused = refused;
    world.asked = [];
}
const offline = () => Promise.reject(new TypeError("Failed to fetch"));
const copy = () => new Response("precached", { status: 200 });

test("a wasm the network answers is the network's, the precache not asked", async () => {
    reset({ answer: () => new Response("network"), held: { [WASM]: copy() } });
    assert.equal(await (await fetch(WASM)).text(), "network");
});

test("a wasm fetch that fails is answered by the precache's copy", async () => {
    reset({ answer: offline, held: { [WASM]: copy() } });
    assert.equal(await (await fetch(WASM)).text(), "precached");
    assert.deepEqual(world.asked, [WASM], "the network is asked first, once");
});

test("a wasm the server no longer has comes from the precache", async () => {
    reset({ answer: () => new Response("gone", { status: 404 }), held: { [WASM]: copy() } });
    const response = await fetch(new Request(WASM));
    assert.equal(response.status, 200);
    assert.equal(await response.text(), "precached");
});

test("without a precached copy, or with Cache Storage refused, the failure stands", async () => {
    reset({ answer: offline });
    await assert.rejects(fetch(WASM), /Failed to fetch/);
    reset({ answer: () => new Response("gone", { status: 404 }) });
    assert.equal((await fetch(WASM)).status, 404);
    reset({ answer: offline, held: { [WASM]: copy() }, refused: true });
    await assert.rejects(fetch(WASM), /Failed to fetch/);
});

test("other files, other origins and other methods are never answered from the precache", async () => {
    const zip = `${ORIGIN}/static/vendor/pyodide-314.0.2/python_stdlib.zip`;
    const foreign = "https://elsewhere.example/pyodide.asm.wasm";
    for (const [input, init] of [[zip], [foreign], [WASM, { method: "POST" }]]) {
        reset({ answer: offline, held: { [zip]: copy(), [foreign]: copy(), [WASM]: copy() } });
        await assert.rejects(fetch(input, init), /Failed to fetch/, String(input));
    }
});
