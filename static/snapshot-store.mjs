// Where the interpreter's memory snapshot is kept between starts: one Cache Storage cache per
// Pyodide version, one entry, named by the hash of the game's archive whose modules the
// snapshot holds (static/build/hearts.zip; contract BUILD). Shared by static/snapshot-read.mjs
// (reads this build's entry, drops a copy that fails its checks), static/interpreter.mjs
// (restores it, drops one Pyodide refuses) and static/snapshot-worker.mjs (writes it, drops
// other builds' entries and other versions' caches).
//
// It is kept in the form static/snapshot-runs.mjs makes: its runs that are not zeros.
// The snapshot is verified before Pyodide sees it (U15): a heap restored from
// damaged bytes hung the page at every later start, or stopped it. The worker seals the
// entry with its byte length, its SHA-256, the build and the length of the snapshot it
// holds (response headers of the entry);
// the reader checks all three, reading with a bound on every step (a Cache Storage read
// can stall for good), and drops whatever does not match. Beside it, the canary: an entry
// saying the snapshot of that digest is being tried (written before a restore) or good
// (written once a start from it was playable); a start that finds it still being tried
// (the last restore hung, crashed or was killed) drops that snapshot, unless the page that
// tried it said, as it was left, that it was navigated away from (static/interpreter.mjs).
import { version } from "../vendor/pyodide-314.0.2/pyodide.mjs";
import { runsOf, sparse } from "./snapshot-runs.mjs";

export const SNAPSHOT_PREFIX = "hearts-python-memory-";
export const SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}${version}`;

// The entry's key: a URL in the runtime's folder (no such file: never fetched).
const RUNTIME = new URL("../vendor/pyodide-314.0.2/", import.meta.url);
export const snapshotKey = (build) => new URL(`memory-snapshot-${build}`, RUNTIME).href;
const CANARY_KEY = new URL("memory-snapshot-canary", RUNTIME).href;

// The seal's headers (tests/e2e/snapshots.py spells them too).
export const KEPT_BYTES = "x-hearts-snapshot-bytes";
const DIGEST = "x-hearts-snapshot-sha256";
const BUILD_OF = "x-hearts-snapshot-build";
const MEMORY = "x-hearts-snapshot-memory";
const CANARY = "x-hearts-snapshot-canary";

// A read that makes no progress for this long is given up: the start goes on without it.
export const STALL_MS = 3000;

const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function sha256(bytes) {
    return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

// A game archive's build id, as scripts/build_game.py's build_id: SHA-256, 16 hex digits.
export async function buildOf(archive) {
    return (await sha256(archive)).slice(0, 16);
}

// The entry the worker keeps: the snapshot's runs and its seal.
export async function sealed(snapshot, build) {
    const kept = sparse(snapshot);
    const headers = {
        [KEPT_BYTES]: String(kept.byteLength),
        [DIGEST]: await sha256(kept),
        [BUILD_OF]: build,
        [MEMORY]: String(snapshot.byteLength),
    };
    return new Response(kept, { headers });
}

export class Stalled extends Error {}
class Unsound extends Error {}

// `promise`, or a Stalled rejection if it has not settled within STALL_MS.
export function bounded(promise, what) {
    let timer;
    const stall = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Stalled(`${what}: no answer in ${STALL_MS} ms`)), STALL_MS);
    });
    return Promise.race([promise, stall]).finally(() => clearTimeout(timer));
}

// The body into `into`, exactly its length in bytes, each chunk within STALL_MS of the last
// (progress, not wall time: a slow disk that still delivers is waited for).
async function bodyInto(response, into) {
    const reader = response.body.getReader();
    let at = 0;
    for (;;) {
        const { done, value } = await bounded(reader.read(), "the snapshot's bytes");
        if (done) break;
        if (at + value.byteLength > into.length) throw new Unsound("longer than its seal says");
        into.set(value, at);
        at += value.byteLength;
    }
    if (at !== into.length) throw new Unsound(`${at} bytes where its seal says ${into.length}`);
}

const canaryOf = (digest, state) => new Response("", { headers: { [DIGEST]: digest, [CANARY]: state } });

// This build's snapshot from `cache` as its bytes are being read: {snapshot, stored, digest,
// good, verified}, or null if none is kept. `snapshot` is an array of the snapshot's length
// (what Pyodide sizes Python's memory by), `stored` the one its kept form is read into;
// nothing may use them before `verified` resolves to its runs (all of them in and matching
// the seal; it rejects with Stalled or an error that says what did not match, and the
// caller drops the entry: drop()). `good`: a start from it was playable before. Throws the same way where the
// entry's seal or canary already says no. `left`: the digest whose try the last page left
// by a navigation (a reload, a link), not by a crash or a hang: that try is no evidence
// against it.
export async function openSnapshot(cache, build, left = null) {
    const [hit, canary] = await bounded(
        Promise.all([cache.match(snapshotKey(build)), cache.match(CANARY_KEY)]),
        "the snapshot's entry",
    );
    if (!hit) return null;
    const digest = hit.headers.get(DIGEST) ?? "";
    const length = Number(hit.headers.get(KEPT_BYTES));
    const memory = Number(hit.headers.get(MEMORY));
    const tried = canary && canary.headers.get(DIGEST) === digest ? canary.headers.get(CANARY) : null;
    if (tried === "trying" && left !== digest) throw new Unsound("a start from it never became playable");
    if (hit.headers.get(BUILD_OF) !== build) throw new Unsound("not sealed for this build");
    const sizes = [length, memory];
    if (!/^[0-9a-f]{64}$/.test(digest) || !sizes.every((n) => Number.isSafeInteger(n) && n > 0)) {
        throw new Unsound("no seal");
    }
    const stored = new Uint8Array(length);
    const verified = bodyInto(hit, stored).then(async () => {
        if ((await sha256(stored)) !== digest) throw new Unsound("its bytes do not match its digest");
        const runs = runsOf(stored, memory);
        if (typeof runs === "string") throw new Unsound(runs);
        return runs;
    });
    return { snapshot: new Uint8Array(memory), stored, digest, good: tried === "good", verified };
}

// The canary: "trying" before a restore (resolves once stored: only then is it safe to
// try), "good" once the start from it is playable.
export function markSnapshot(cache, digest, state) {
    return bounded(cache.put(CANARY_KEY, canaryOf(digest, state)), "the snapshot's canary");
}

// The snapshot and its canary gone (not awaited by a start: a stalled cache may never answer).
export function drop(cache, build) {
    return Promise.all([cache.delete(snapshotKey(build)), cache.delete(CANARY_KEY)]);
}
