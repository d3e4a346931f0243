// The game page's entry module, loaded `async` so that it runs as soon as it arrives - not
// after the page is parsed and its stylesheet has loaded, which deferred module scripts
// wait for (about 35 ms on a return visit, more on a first one; PyScript picks up the
// page's <script type="py"> whenever the parser adds it). The order of the imports is the
// order they run in: static/pwa.mjs first (its startGate decides whether the runtime may
// start at all), then static/runtime.mjs (which waits for that gate).
import "./pwa.mjs";
import "./runtime.mjs";
