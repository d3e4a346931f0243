// Tab hand-over that follows the player: the tab you reload keeps the game.
//
// The game is played by the tab holding the Web Lock LOCK.name (hearts/web/tablock.py).
// Reloading that tab releases the lock while the page unloads, so a tab waiting for it is
// granted it at once.  That tab does not start playing yet: it holds the lock for a grace
// period (tablock.GRACE_MS) and gives it back if the tab that left returns.
//
// This module is how it returns, long before Python is up: when the playing tab is hidden
// for good (pagehide) it notes the moment in its sessionStorage, which survives a reload
// or back/forward in the same tab and nothing else (a new tab starts without it).  On the
// next load within RECLAIM_WINDOW_MS, this module takes the lock back at once (steal).
// hearts/web adopts the lock when it starts (window.heartsHandover.listen), and stops if
// another tab takes it over later.
import { LOCK, NAMES } from "./build/contract.mjs";

const LOCK_NAME = LOCK.name; // hearts/web/tablock.py, through the generated contract
const RECLAIM_KEY = "hearts.reclaim";
const RECLAIM_WINDOW_MS = 60_000;
const root = document.documentElement;

const lock = { state: "none", granted: [], ended: [] };

function session(action) {
    try {
        return action(sessionStorage);
    } catch {
        return null; // storage disabled: no hand-over memory, the tab asks like a new one
    }
}

function returning() {
    const at = Number(session((s) => s.getItem(RECLAIM_KEY)));
    session((s) => s.removeItem(RECLAIM_KEY));
    const age = Date.now() - at;
    return at > 0 && age >= 0 && age < RECLAIM_WINDOW_MS;
}

function lost() {
    lock.state = "lost";
    for (const callback of lock.ended.splice(0)) callback();
}

if (navigator.locks && returning()) {
    lock.state = "asking";
    try {
        navigator.locks
            .request(LOCK_NAME, { steal: true }, () => {
                lock.state = "held";
                for (const callback of lock.granted.splice(0)) callback(true);
                return new Promise(() => {}); // held until the tab closes or another steals it
            })
            .catch(lost);
    } catch {
        lost(); // refused at once: hearts/web plays as where the browser has no Web Locks
    }
}

addEventListener("pagehide", () => {
    if (root.dataset.tab === "owner" || (lock.state === "held" && !root.dataset.tab)) {
        session((s) => s.setItem(RECLAIM_KEY, String(Date.now())));
    }
});

// Back in the same document (the back/forward cache): it never left, nothing to reclaim.
addEventListener("pageshow", (event) => {
    if (event.persisted) session((s) => s.removeItem(RECLAIM_KEY));
});

globalThis[NAMES.globals.handover] = {
    // "none" (no reclaim: hearts/web asks for the lock itself), "asking", "held", "lost".
    state: () => lock.state,
    listen(onGrant, onEnd) {
        if (lock.state === "held") queueMicrotask(() => onGrant(true));
        else if (lock.state === "asking") lock.granted.push(onGrant);
        if (lock.state === "lost") queueMicrotask(onEnd);
        else lock.ended.push(onEnd);
    },
};
