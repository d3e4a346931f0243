#!/usr/bin/env node
// pytest inside the pinned Pyodide (the Python the browser runs), under Node.
//
//   node scripts/pyodide_pytest.mjs WHEELS_DIR [pytest arguments...]
//
// The browser runs Pyodide's Python 3.14, compiled to WebAssembly with a much smaller
// stack than CPython's: a record nested 8,000 deep kills it with a fatal error where
// CPython 3.11 raises a clean RecursionError. So the engine's and the records' tests also
// run here. WHEELS_DIR holds pure-Python wheels of pytest, hypothesis and their
// dependencies (requirements-pyodide.txt, downloaded from PyPI by the Makefile; the npm
// package ships no wheels); they are unpacked into the interpreter's site-packages. The
// repository is mounted read-only in spirit: no bytecode, no pytest cache, the hypothesis
// database in memory. Exit status: pytest's.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const [wheels, ...args] = process.argv.slice(2);
if (!wheels) {
    console.error("usage: node scripts/pyodide_pytest.mjs WHEELS_DIR [pytest args...]");
    process.exit(2);
}
const { loadPyodide } = await import(join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({
    env: { HOME: "/home/pyodide", HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis" },
});
// Raw output, as pytest writes it (its progress dots are not lines).
const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
py.setStdout(raw(process.stdout));
py.setStderr(raw(process.stderr));
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const found = readdirSync(wheels).filter((name) => name.endsWith(".whl"));
if (!found.length) {
    console.error(`pyodide_pytest: no wheels in ${wheels}`);
    process.exit(2);
}
for (const name of found) {
    py.unpackArchive(new Uint8Array(readFileSync(join(wheels, name))), "zip", { extractDir: site });
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
py.globals.set("ARGS", py.toPy(args));
const status = py.runPython(`
import os, sys
sys.dont_write_bytecode = True  # the repository stays as it was (no 3.14 bytecode in it)
os.chdir("/repo")
sys.path.insert(0, "/repo")
import pytest
int(pytest.main(["-p", "no:cacheprovider", *ARGS]))
`);
process.exit(status);
