// What one page of a tab tells the next about the memory snapshot (sessionStorage: the
// same tab's next start reads it; taken once read, each note counts once). Used by
// static/interpreter.mjs, and by static/boot/stopped.mjs for the way on.
//
// The crash canary (static/snapshot-store.mjs) must not take a navigation for a crash: a
// reload while the restore runs (the service worker's claim, the player's F5, a test's goto)
// left the canary "trying", and the next start dropped a sound snapshot (issue 46). So a
// page leaving while its try is unfinished notes the digest on pagehide, and the next start
// forgives that one try. A renderer that crashed, was killed or hung in the restore runs no
// pagehide: its try still drops the snapshot at the very next start.
const LEFT = "hearts-snapshot-left";
// Blame only what is proven (issue 46, U15): after a stopped start the next one goes on
// without the snapshot, whose restore may have been the cause.
const WITHOUT = "hearts-snapshot-without";

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
