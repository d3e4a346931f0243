// Starts the stock @pyscript/core (as npm ships it, tools/bench_startup.py serves it at
// static/vendor/stock/) under the site's Content-Security-Policy: the one change
// static/runtime.mjs makes too, PyScript's worker hooks dropped (they are built with
// Function(), which the CSP forbids, and no worker runs here). Nothing else of the game's
// start (no update gate, no early interpreter start).
const { hooks } = await import("../static/vendor/stock/pyscript-0.7.31/core.js");
for (const [name, callbacks] of Object.entries(hooks.worker)) {
    if (name.startsWith("on")) callbacks.clear();
}
