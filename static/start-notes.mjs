// What one start of a tab tells the next (sessionStorage: the same tab's next start reads
// it; taken once read, each note counts once): about the memory snapshot, and whether the
// way on checked the service worker's copies of the runtime. Used by
// static/interpreter.mjs, and by static/boot/stopped.mjs for the way on.
//
// The crash canary (static/snapshot-store.mjs) must not take a navigation for a crash: a
// reload while the restore runs (the service worker's claim, the player's F5, a test's goto)
// left the canary "trying", and the next start dropped a sound snapshot. So a
// page leaving while its try is unfinished notes the digest on pagehide, and the next start
// forgives that one try. A renderer that crashed, was killed or hung in the restore runs no
// pagehide: its try still drops the snapshot at the very next start.
const LEFT = "hearts-snapshot-left";
// Blame only what is proven (U15): after a stopped start the next one goes on
// without the snapshot, whose restore may have been the cause.
const WITHOUT = "hearts-snapshot-without";
// ... and with runtime files the service worker has checked against the build's hashes.
const CHECKED = "hearts-runtime-checked";
// The way on was Try again: the same failure once more may blame the saved game.
const RETRIED = "hearts-start-retried";

function take(key) {
    try {
        const note = sessionStorage.getItem(key);
        sessionStorage.removeItem(key);
        return note;
    } catch {
        return null; // storage refused: as if no note (a left try counts as failed)
    }
}

function put(key, value) {
    try {
        sessionStorage.setItem(key, value);
    } catch {
        // storage refused: the canary still drops a snapshot that fails again
    }
}

// The digest whose try the last page of this tab left by a navigation, or null.
export const leftTry = () => take(LEFT);

// Until the canary says good: leaving this page notes the try of `digest` as left. Returns
// the way to stop noting.
export function noteWhenLeft(digest) {
    const note = () => put(LEFT, digest);
    addEventListener("pagehide", note);
    return () => removeEventListener("pagehide", note);
}

// The way on asks for the next start without the snapshot; that start asks whether to.
export const startWithoutSnapshot = () => put(WITHOUT, "1");
export const withoutSnapshot = () => take(WITHOUT) !== null;

// The way on had the service worker check its copies (and fetch the damaged ones again).
export const runtimeChecked = () => put(CHECKED, "1");
// This start's runtime files are proven sound: checked by the last way on, or not served
// from the service worker's copies at all (fetched from the network). Read once, at start.
export const runtimeProven = () =>
    take(CHECKED) !== null || !(navigator.serviceWorker && navigator.serviceWorker.controller);

// The way on was Try again (no record set aside); the next start reads it once, at start.
export const triedAgain = () => put(RETRIED, "1");
export const retriedStart = () => take(RETRIED) !== null;
