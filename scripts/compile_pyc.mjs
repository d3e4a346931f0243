#!/usr/bin/env node
// Byte-compile the game's modules with the very Python the page runs (the pinned Pyodide
// from node_modules, run in Node), so the browser imports them without compiling.
//
//   node scripts/compile_pyc.mjs < sources.zip > game.zip        (scripts/build_game.py)
//
// stdin: a zip of hearts/**/*.py. stdout: a zip of their bytecode alone (hearts/cards.pyc
// for hearts/cards.py: zipimport imports a module from its .pyc when no source is beside
// it, straight from the archive without unpacking it). The page never reads the sources,
// so they are not sent (a traceback names the file and line, without the line's
// text). Entries are stored, not deflated: the server compresses the whole archive better
// (brotli, scripts/precompress.mjs), and importing needs no zlib. "Unchecked-hash" pycs
// (PEP 552): used without comparing them to a source. Entries are sorted and dated
// 1980-01-01, and marshal output is stable, so the same sources always give the same bytes.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
let loadPyodide;
try {
    ({ loadPyodide } = await import(join(ROOT, "node_modules", "pyodide", "pyodide.mjs")));
} catch {
    console.error("compile_pyc: pyodide is not installed: run `npm ci` first");
    process.exit(1);
}

const sources = readFileSync(0);
const py = await loadPyodide({ stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/build/in");
py.unpackArchive(new Uint8Array(sources), "zip", { extractDir: "/build/in" });
py.runPython(`
import io, pathlib, py_compile, zipfile

root = pathlib.Path("/build/in")
for source in sorted(root.rglob("*.py")):
    name = source.relative_to(root).as_posix()
    py_compile.compile(
        str(source),
        cfile=str(source) + "c",
        dfile=f"hearts.zip/{name}",  # where tracebacks will say it is
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
    for path in sorted(root.rglob("*.pyc")):
        info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        archive.writestr(info, path.read_bytes())
pathlib.Path("/build/out.zip").write_bytes(buffer.getvalue())
`);
process.stdout.write(py.FS.readFile("/build/out.zip"));
