// Starts the self-hosted PyScript under the site's Content-Security-Policy (netlify.toml),
// which has no 'unsafe-eval'. Pages load this module instead of vendor/pyscript-0.7.31/core.js:
//
//   <script type="module" src="./static/runtime.mjs"></script>
//
// Why: PyScript 0.7.x builds the callbacks of its *worker* hooks with Function() each time
// it sets up an interpreter - on the main thread too, where they are never called - and a
// CSP without 'unsafe-eval' makes that throw, so no Python would ever start. Out of the box
// exactly one worker hook exists (worker.onBeforeRunAsync: register `_pyscript` inside a
// worker). The game runs no workers, so it is dropped here, through PyScript's public
// `hooks` API, before PyScript reaches its first <script type="py"> (that happens only
// after its plugins and the interpreter have loaded, long after this module ran).
//
// The game page also loads static/pwa.mjs (before this module). If a new version of the
// site is waiting, that page reloads into it at once instead of starting the old runtime:
// window.heartsPWA.startGate then resolves to true and PyScript is not imported at all,
// unless the new version does not take over (window.heartsPWA.takeOver resolves false):
// then this page starts the old one after all. (Pages without pwa.mjs - the bench and test
// pages - start immediately.) The page's <link rel="modulepreload"> hints let core.js
// download while this module waits.
const pwa = globalThis.heartsPWA;
const gate = pwa && pwa.startGate;
const holding = gate
    ? await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 3000, false))])
    : false;
const reloading = holding ? await pwa.takeOver : false;

if (!reloading) {
    // The game page (the one with pwa.mjs): Python starts now, beside PyScript's own start
    // (static/interpreter.mjs); PyScript imports the same module later and gets this start.
    if (gate) import("./interpreter.mjs").catch(() => {}); // PyScript reports a failure itself
    const { hooks } = await import("../vendor/pyscript-0.7.31/core.js");
    for (const [name, callbacks] of Object.entries(hooks.worker)) {
        if (name.startsWith("on")) callbacks.clear();
    }
}
