// The memory snapshot of a started Pyodide: the interpreter's WebAssembly memory right after
// Python has initialised, gzipped. static/interpreter.mjs hands it to loadPyodide() as
// `_loadSnapshot`, which then copies it into the new instance instead of starting CPython
// and importing Pyodide's own packages (measured on the 2-core machine: the bare Pyodide
// page ready in about 0.6 s from a snapshot against 2.1 s without, on a return visit).
//
//   import { memorySnapshot } from "./memory_snapshot.mjs";   (scripts/build_vendor.mjs)
//   const gzipped = await memorySnapshot(pyodideDir, stdlibFile);
//
// Made here in Node from the pinned package: the snapshot holds only the wasm memory, and
// the JavaScript objects Python refers to are recorded by their path from globalThis, so
// it restores in a browser. Pyodide refuses a snapshot of another build (its BUILD_ID is in
// the header), and the page falls back to a normal start. Nothing of the game is in it -
// the game's modules still come from static/build/hearts.zip - so it changes only with the
// Pyodide version, whose folder name it shares. The random module's state, frozen here,
// static/interpreter.mjs re-seeds at every start (README "Start-up speed" lists what else a
// snapshot freezes). `_makeSnapshot`/`_loadSnapshot` are underscored in Pyodide's API: the
// pinned version is what counts; a version bump is checked by the e2e test that the game
// starts from the snapshot.
import { gzipSync } from "node:zlib";
import { join } from "node:path";

// stdlibFile: the python_stdlib.zip the page loads (scripts/stdlib.mjs), not the package's.
export async function memorySnapshot(pyodideDir, stdlibFile) {
    const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
    // In Node, Emscripten names the program after the running script (sys.executable, the
    // `_` environment variable); a browser's start has "./this.program", and so shall this.
    const script = process.argv[1];
    process.argv[1] = "./this.program";
    try {
        const python = await loadPyodide({
            _makeSnapshot: true,
            stdLibURL: stdlibFile,
            stdout: (line) => console.error(line),
            stderr: (line) => console.error(line),
        });
        // Throws here, at build time, if Python holds a JavaScript object it cannot name.
        return gzipSync(python.makeMemorySnapshot());
    } finally {
        process.argv[1] = script;
    }
}
