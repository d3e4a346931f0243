// Updates never disturb a game: a new version installs in the background and waits, and
// takes over on the next start or when the player accepts it between hands (pwa.mjs says
// when). api: window.heartsPWA, whose state this keeps; emit(name, detail) dispatches a
// document event; setState(state) mirrors it as <html data-pwa>.
import { LIFECYCLE } from "../build/contract.mjs";
import { report } from "../lifecycle.mjs";

const root = document.documentElement;
const RELOADED = "hearts:pwa-reloaded"; // sessionStorage: guards against a reload loop
// The tab's note that it reloaded for a take-over. A browser that refuses sessionStorage
// reads no note: a take-over reloads only once the new version is active
// (reloadAnyway: false), so a start without the note cannot loop.
function session(action) {
    try {
        return action(sessionStorage);
    } catch {
        return null;
    }
}
const TAKE_OVER_MS = LIFECYCLE.states[LIFECYCLE.events.updating].bound; // this module's bound
const sw = navigator.serviceWorker;
const SW_URL = new URL("../../../sw.js", import.meta.url);

// The page's load and the requests the browser makes right after it (the favicon). Why
// wait: Chrome stops the old worker when its successor asks to skip waiting, and a request
// that comes in meanwhile starts it again - the successor then waits for that worker's
// idle timeout (30 s) before it takes over. A reload in that state could hang for good, so
// a take-over that does not happen leaves this page on the old version, which starts.
const AFTER_LOAD_MS = 150;
function afterLoad() {
    const pause = (resolve) => setTimeout(resolve, AFTER_LOAD_MS);
    if (document.readyState === "complete") return new Promise(pause);
    return new Promise((resolve) => addEventListener("load", () => pause(resolve), { once: true }));
}

// Register once the table is dealt and has settled (or a while after the load event if it
// never is): on the first visit the worker's install downloads the precache, which must not
// compete with the page's own start-up. Returning visits are controlled from the first
// request anyway.
const SETTLE_MS = 3000;
const requestIdle = (fn) =>
    "requestIdleCallback" in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0);

export function whenStarted(callback) {
    let done = false;
    const run = () => {
        if (done) return;
        done = true;
        observer.disconnect();
        callback();
    };
    // A few seconds after the table is ready, when the browser is idle: the first moves of
    // the game (and the page's own last start-up work) come before 20 MB of precache.
    const soon = () => setTimeout(() => requestIdle(run), SETTLE_MS);
    const observer = new MutationObserver(() => root.dataset.state === LIFECYCLE.ready && soon());
    observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
    if (root.dataset.state === LIFECYCLE.ready) soon();
    const later = () => setTimeout(run, 10000);
    if (document.readyState === "complete") later();
    else addEventListener("load", later, { once: true });
}

export function updates(api, { emit, setState }) {
    let reloading = false;

    // Asks `worker` (the waiting version) to take over and reloads this page into it once it
    // controls the page. Resolves false if it did not take over in TAKE_OVER_MS. On a busy
    // machine activation can take seconds (the old worker first finishes the requests it is
    // serving), so a successor on its way gets that long; a redundant one gives up at once.
    // `reloadAnyway`: reload into the old version then (the player asked for the update; the
    // old version offers it again later) - otherwise this page stays as it is.
    function activateAndReload(worker, { reloadAnyway = true } = {}) {
        if (reloading || !worker) return Promise.resolve(false);
        reloading = true;
        setState(LIFECYCLE.events.updating); // <html data-pwa>, as the page's state says
        report(LIFECYCLE.events.updating);
        return new Promise((resolve) => {
            let settled = false;
            const reload = () => {
                if (settled) return;
                settled = true;
                resolve(true);
                location.reload();
            };
            navigator.serviceWorker.addEventListener("controllerchange", reload, { once: true });
            worker.postMessage({ type: "SKIP_WAITING" });
            const deadline = Date.now() + TAKE_OVER_MS;
            const check = () => {
                if (settled) return undefined;
                const done = worker.state === "redundant" || worker.state === "activated";
                if (!done && Date.now() < deadline) return setTimeout(check, 250);
                if (worker.state !== "activated") {
                    console.warn(`Hearts: the new version did not take over (${worker.state})`);
                }
                if (reloadAnyway || worker.state === "activated") return reload();
                settled = true;
                navigator.serviceWorker.removeEventListener("controllerchange", reload);
                reloading = false;
                report(LIFECYCLE.events.resumed); // this page starts the old version after all
                return resolve(false);
            };
            setTimeout(check, 1000);
        });
    }

    // The player accepts the offer. A version another tab's start activated meanwhile
    // waits no more: it controls this page already, and a reload starts it (the button
    // did nothing before, and the page ran its old code under the new worker).
    function applyUpdate() {
        const waiting = api.registration && api.registration.waiting;
        if (waiting) {
            activateAndReload(waiting);
            return true;
        }
        if (!api.updateReady || reloading) return false;
        reloading = true;
        location.reload();
        return true;
    }

    function offerUpdate() {
        if (api.updateReady) return;
        api.updateReady = true;
        setState("update-ready");
        emit("hearts:update-ready");
    }

    // A worker reached "installed" while another one controls this page: it waits for us.
    function watch(worker) {
        if (!worker) return;
        const check = () => {
            if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate();
            if (worker.state === "activated" && !api.offlineReady) {
                api.offlineReady = true;
                if (!api.updateReady) setState("offline-ready");
                emit("hearts:offline-ready");
            }
        };
        worker.addEventListener("statechange", check);
        check();
    }

    // Next start: a version that was already waiting when this page loaded takes over now,
    // while only the loading screen is showing. (A reload keeps the old worker - the old page
    // still exists while the new one loads - so without this a tab that is only ever
    // reloaded, like an installed app on a phone, would never update.) One try per tab
    // session, no reload loop. Resolves true if this page is to take over (api.takeOver then
    // says whether it did).
    async function takeOverOnStart() {
        if (!sw.controller) return false;
        const registration = await sw.getRegistration(SW_URL);
        if (!registration || !registration.waiting) {
            session((s) => s.removeItem(RELOADED));
            return false;
        }
        api.registration = registration;
        if (session((s) => s.getItem(RELOADED)) || root.dataset.state === LIFECYCLE.ready) {
            offerUpdate(); // it did not take over after one reload: leave it to the player
            return false;
        }
        session((s) => s.setItem(RELOADED, "1"));
        api.takeOver = afterLoad().then(() =>
            activateAndReload(registration.waiting, { reloadAnyway: false }),
        );
        api.takeOver.then((tookOver) => tookOver || offerUpdate());
        return true;
    }

    async function register() {
        let registration;
        try {
            registration = await sw.register(SW_URL, {
                updateViaCache: "none", // sw.js itself is always revalidated
            });
        } catch (error) {
            // Offline, the update check that register() starts fails; the worker still works.
            registration = await sw.getRegistration(SW_URL).catch(() => undefined);
            if (!registration) {
                console.warn("Hearts: no offline support (the worker's registration failed)", error);
                return;
            }
        }
        if (!registration) return; // service workers blocked (some test and privacy settings)
        api.registration = registration;

        if (registration.active) {
            api.offlineReady = true;
            if (!api.updateReady) setState("offline-ready");
        }
        watch(registration.installing);
        watch(registration.waiting);
        registration.addEventListener("updatefound", () => watch(registration.installing));

        // Long sessions (an installed app left open) look for a new version now and then.
        const HOUR = 60 * 60 * 1000;
        let checked = Date.now();
        const check = () => {
            if (document.visibilityState === "visible" && Date.now() - checked > HOUR) {
                checked = Date.now();
                registration.update().catch(() => {}); // offline: try again later
            }
        };
        document.addEventListener("visibilitychange", check);
        setInterval(check, HOUR / 4);
    }

    return { applyUpdate, takeOverOnStart, register, reloading: () => reloading };
}
