// The way on after a failed start (static/watch.mjs), and its message when static/boot.js
// is not there to show it (its modules did not load).
//
// repair(): makes the next start sound, then resolves its verdict; the caller reloads the
// page unless it is "offline". The service worker whose build starts next checks its copies
// against the build's hashes and fetches again what does not match (scripts/sw-prelude.js):
// "offline" if something is missing and the network does not answer, "unchecked" if the
// worker did not answer in time, else "ok". Once the start has stopped (the player pressed
// the way on), also:
//   - a new version waiting to take over is the build that starts next: it checks its own
//     copies (the versions share one cache; each judges only its own entries) and takes
//     over before the caller reloads, instead of the reload starting the old version that
//     failed. A server that answers with another version's files (a newer one is deployed
//     and no worker has found it yet) has the registration look for it first;
//   - the runtime files and the page's own files the failed start got from the browser's
//     HTTP cache are checked against the build's hashes, and one that does not match is
//     fetched again past that cache: they are served `immutable` (their URLs carry their
//     version or hash), so the next start would get it again.
// Every step has a bound: the way on never waits for ever. Only what failed is fetched
// again; the saved game and statistics in localStorage are not touched.
const root = document.documentElement;
const pageFetch = globalThis.fetch; // before static/watch.mjs wraps it: these are no start's
const REPAIR_MS = 30000; // the worker's check
const LOOKUP_MS = 5000; // the worker's registration
const INSTALL_MS = 30000; // a newer version found on the server, installing
const TAKE_OVER_MS = 15000; // a waiting version, taking over
const REFRESH_MS = 20000; // the HTTP cache's copies of the runtime
// The runtime and the page's own files (static/app-<hash>/, this module's folder's parent),
// each with the listing of its files' sizes and hashes (scripts/build_vendor.mjs,
// scripts/publish_app.py).
const LISTINGS = [
    [new URL("../../vendor/", import.meta.url), "manifest.json"],
    [new URL("../", import.meta.url), "files.json"],
];

// `promise`, or `fallback` once `ms` have passed.
function within(promise, ms, fallback = null) {
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), ms); });
    return Promise.race([Promise.resolve(promise).catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

// Asks `worker` to check its build's copies: its answer, or null if none came in time.
function verify(worker) {
    return new Promise((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve(null), REPAIR_MS);
        channel.port1.onmessage = ({ data }) => {
            clearTimeout(timer);
            resolve(data || {});
        };
        worker.postMessage({ type: "HEARTS_VERIFY" }, [channel.port2]);
    });
}

// The server has another version than the one that checked: its worker, once installed (it
// waits then), or null if none came within the bound.
async function newVersion(registration) {
    if (!registration || !(await within(registration.update().then(() => true), INSTALL_MS, false))) {
        return null;
    }
    const worker = registration.installing || registration.waiting;
    if (!worker) return null;
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            worker.removeEventListener("statechange", check);
            resolve(worker.state === "installed" ? worker : null);
        };
        const check = () => worker.state !== "installing" && done();
        const timer = setTimeout(done, INSTALL_MS);
        worker.addEventListener("statechange", check);
        check();
    });
}

// Asks a waiting version to take over; resolves once it controls this page (Workbox's
// worker claims its clients as it activates), or after the bound: the caller reloads either
// way, and a start that still finds it waiting asks it again (static/pwa/update.mjs).
function takeOver(worker) {
    const sw = navigator.serviceWorker;
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            sw.removeEventListener("controllerchange", done);
            resolve();
        };
        const timer = setTimeout(done, TAKE_OVER_MS);
        sw.addEventListener("controllerchange", done);
        worker.postMessage({ type: "SKIP_WAITING" });
    });
}

async function sha256(bytes) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The files the failed start fetched that the HTTP cache answers: all of them without a
// service worker (a first visit, or one blocked), only the interpreter's .wasm with one
// (scripts/sw-prelude.js serves it from the HTTP cache first; the worker checks the rest in
// its precache). The build names them with their sizes and hashes (LISTINGS, fetched past
// the HTTP cache); a cached copy that does not match is fetched again with
// `cache: "reload"`, which replaces it in the HTTP cache.
async function refreshRuntime(controlled) {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), REFRESH_MS);
    const { signal } = stop;
    const fetched = new Set(performance.getEntriesByType("resource").map((entry) => entry.name));
    try {
        for (const [folder, listing] of LISTINGS) await refreshFolder(folder, listing, fetched, controlled, signal);
    } catch (error) {
        console.warn("Hearts: the cached copies were not all checked", error);
    } finally {
        clearTimeout(timer);
    }
}

async function refreshFolder(folder, listing, fetched, controlled, signal) {
    const listed = await pageFetch(new URL(listing, folder), { cache: "reload", signal });
    if (listed.ok) {
        for (const { path, bytes, sha256: expected } of (await listed.json()).files) {
            const url = new URL(path, folder).href;
            if (!fetched.has(url) || (controlled && !path.endsWith(".wasm"))) continue;
            const cached = await pageFetch(url, { cache: "force-cache", signal });
            const data = await cached.arrayBuffer();
            if (cached.ok && data.byteLength === bytes && (await sha256(data)) === expected) continue;
            console.warn(`Hearts: the HTTP cache's ${path} is not the build's; fetching it again`);
            await (await pageFetch(url, { cache: "reload", signal })).arrayBuffer();
        }
    }
}

export async function repair() {
    const sw = navigator.serviceWorker;
    const controller = sw ? sw.controller : null;
    const wayOn = root.dataset.state === "stopped"; // else a check while the start goes on
    const registration = wayOn && sw ? await within(sw.getRegistration(), LOOKUP_MS) : null;
    let next = registration ? registration.waiting : null;
    const checker = next || controller;
    const report = checker ? await verify(checker) : {};
    if (report && report.missing > 0) return "offline";
    if (!wayOn) return report ? "ok" : "unchecked";
    if (!next && report && report.changed > 0) next = await newVersion(registration);
    await refreshRuntime(Boolean(controller));
    if (next) await takeOver(next);
    return report ? "ok" : "unchecked";
}

// The texts in the page's language, from the contract; its second copy under another URL if
// the first did not load (a module that failed once stays failed under its URL).
async function words() {
    for (const suffix of ["", "?again"]) {
        try {
            // By its address, not a literal path: the bundle (scripts/bundle_app.mjs) moves
            // this module's code, not the contract, and keeps import.meta.url this module's.
            const contract = new URL(`../build/contract.mjs${suffix}`, import.meta.url).href;
            const { LANGUAGES, TEXTS } = await import(contract);
            const wanted = [new URLSearchParams(location.search).get("lang"), root.lang]
                .concat(navigator.languages || [])
                .map((lang) => String(lang || "").toLowerCase().split("-")[0]);
            const lang = wanted.find((l) => LANGUAGES.supported.includes(l)) || LANGUAGES.fallback;
            return TEXTS[lang];
        } catch {
            // the page's own English words below
        }
    }
    const boot = document.getElementById("boot-text");
    const said = (name) => (boot && boot.dataset[name]) || "";
    return { steps: { stopped: said("stopped"), retry: said("retry") }, download: { offline: "" } };
}

// The message and its way on, in #boot (made if the page was cut short before it).
export async function ownMessage(offline) {
    const texts = await words();
    const box = document.getElementById("boot") || document.createElement("div");
    if (!box.id) document.body.append(Object.assign(box, { id: "boot" }));
    box.hidden = false;
    box.className = "boot stopped";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.className = "boot-text";
    text.textContent = offline && texts.download.offline ? texts.download.offline : texts.steps.stopped;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary boot-action";
    button.dataset.boot = "retry";
    button.textContent = texts.steps.retry;
    button.addEventListener("click", async () => {
        button.disabled = true;
        const verdict = await repair();
        if (verdict === "offline") {
            text.textContent = texts.download.offline || text.textContent;
            button.disabled = false;
        } else location.reload();
    });
    box.replaceChildren(text, button);
    button.focus();
}
