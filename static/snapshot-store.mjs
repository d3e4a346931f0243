// Where the interpreter's memory snapshot is kept between starts: one Cache Storage cache per
// Pyodide version, one entry. Shared by static/interpreter.mjs (reads it, drops a copy
// Pyodide refuses) and static/snapshot-worker.mjs (writes it, drops other versions').
import { version } from "./vendor/pyodide-314.0.2/pyodide.mjs";

export const SNAPSHOT_PREFIX = "hearts-python-memory-";
export const SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}${version}`;

// The entry's key: a URL in the runtime's folder (no such file: never fetched).
const RUNTIME = new URL("./vendor/pyodide-314.0.2/", import.meta.url);
export const snapshotKey = () => new URL("memory-snapshot", RUNTIME).href;
