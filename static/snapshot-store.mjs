// Where the interpreter's memory snapshot is kept between starts: one Cache Storage cache per
// Pyodide version, one entry, named by the hash of the game's archive whose modules the
// snapshot holds (static/build/hearts.zip; contract BUILD). Shared by static/interpreter.mjs
// (reads this build's entry, drops a copy Pyodide refuses) and static/snapshot-worker.mjs
// (writes it, drops other builds' entries and other versions' caches).
import { version } from "./vendor/pyodide-314.0.2/pyodide.mjs";

export const SNAPSHOT_PREFIX = "hearts-python-memory-";
export const SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}${version}`;

// The entry's key: a URL in the runtime's folder (no such file: never fetched).
const RUNTIME = new URL("./vendor/pyodide-314.0.2/", import.meta.url);
export const snapshotKey = (build) => new URL(`memory-snapshot-${build}`, RUNTIME).href;

// A game archive's build id, as scripts/build_game.py's build_id: SHA-256, 16 hex digits.
export async function buildOf(archive) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
    return Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
