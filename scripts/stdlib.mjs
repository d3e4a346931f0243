// The standard library the page ships: only the modules the runtime, PyScript's Python
// package and the game import, as bytecode compiled by the pinned Pyodide's own Python.
// Pyodide's npm package ships python_stdlib.zip with 560 .py sources (9.6 MB
// unpacked): every module the interpreter imports at start-up was compiled from source in
// the player's browser, and the player downloaded email, xml, unittest, pdb... that nothing
// imports.
//
//   import { buildStdlib } from "./stdlib.mjs";                 (scripts/build_vendor.mjs)
//   const report = await buildStdlib(pyodideDir, outFile, { pyscriptDist, gameDir });
//
// What goes in: the transitive closure (modulefinder, run inside that Pyodide over its own
// stdlib, so function-level and try/except imports count too) of
//   - every module in sys.modules after a bare start of Pyodide (in Node);
//   - RUNTIME_IMPORTS: what PyScript's JavaScript runs as Python itself;
//   - every module of PyScript's Python package (its sources are embedded in the core chunk,
//     which writes them to the interpreter's file system at start);
//   - every module of the game (gameDir: hearts/, as scripts/build_game.py archives it);
//   - ENCODINGS, which Python imports by name when a codec is first looked up.
// Modules frozen into the interpreter (os, site, codecs, io, zipimport...) are neither
// shipped nor followed: the frozen importer finds them before any zip is searched.
//
// How it is written: sourceless `name.pyc` files (zipimport loads a .pyc with no .py
// beside it), "unchecked-hash" pycs (PEP 552: no source timestamp to compare), entries
// STORED, sorted and dated 1980-01-01: the same inputs give the same bytes, the host
// compresses the whole file (brotli beats per-entry deflate) and zipimport needs no zlib.
// Docstrings and asserts are kept (OPTIMIZE). Measured: optimize=1 saves 3 kB
// of the brotli-compressed zip; optimize=2 saves 165 kB (1.15 -> 0.98 MB), but Pyodide's own
// _pyodide.docstring copies docstrings of _pyodide._core_docs onto the JsProxy types at
// start, the interpreter would still say sys.flags.optimize == 0 to code that checks it,
// and nothing tests the stdlib like that here: not worth the risk.
//
// Returns { modules: [names shipped], roots: [the closure's roots that are shipped],
// frozen: [names frozen into the interpreter], bytes, via: {module: its first importer}
// (to see why a module is in) }: build_vendor.mjs records modules, roots and frozen in
// vendor/manifest.json, where tests/web/test_stdlib_zip.py checks the zip against them.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

// What the JavaScript imports or runs as Python of its own: PyScript's and polyscript's
// (not in the pyscript package) writing [files] into the file system ("import os as _os",
// "from pathlib import Path as _Path") and the experimental_create_proxy hook ("from
// pyodide.ffi import to_js"); pyodide.asm.mjs's pyimport()s (pyodide.code, pyodide.ffi,
// pyodide._package_loader). Not here: the `.tar.gz` branch of [files] (gzip, tarfile; the
// game maps a plain file) and everything MicroPython runs.
const RUNTIME_IMPORTS = ["os", "pathlib", "pyodide.ffi", "pyodide.code", "pyodide._package_loader"];

// Codecs are imported by name (encodings.search_function) the first time an encoding is
// looked up, which no import statement shows. A missing one is a LookupError ("unknown
// encoding"), never a broken start. Kept: what Python's start and the file system use
// (utf_8, aliases: the normalised-name table), the names Python and the browser's text
// APIs treat as standard (ascii, latin_1, the UTF-8 with BOM, UTF-16 and UTF-32 family),
// idna/punycode (host names, urllib.parse), the escape codecs (repr-style decoding) and
// cp437 (zip member names). Left out: the ~90 legacy code pages, CJK, mac_*, base64/hex/
// zlib/bz2/rot13 "bytes" codecs.
const ENCODINGS = [
    "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig",
    "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be",
    "idna", "punycode", "raw_unicode_escape", "unicode_escape", "cp437",
];

// Never shipped, nor followed, though a function somewhere in the closure imports them:
// importing one in the page raises ModuleNotFoundError. None is imported by a bare start
// (buildStdlib fails if one is) or by PyScript or the game (tests/web/test_stdlib_zip.py).
const EXCLUDES = [
    // Developer tools: `if __name__ == "__main__"` self-tests (heapq, random...),
    // breakpoint(), help(), the interactive console's hooks, command-line entry points
    // (ast.main, tokenize.main use argparse).
    "doctest", "unittest", "pdb", "bdb", "pydoc", "pydoc_data", "_pyrepl", "rlcompleter",
    "argparse", "getopt", "tracemalloc", "test",
    // random's self-test (_test_generator) alone imports it, and with it fractions, decimal.
    "statistics",
    // Other processes: Pyodide has none (no fork, no spawn). concurrent.futures' lazy
    // ProcessPoolExecutor, os.popen.
    "multiprocessing", "concurrent.futures.process", "concurrent.interpreters",
    "concurrent.futures.interpreter",
    // Networking clients and servers that need real sockets (the page uses fetch):
    // pathlib.Path.as_uri()/from_uri() import urllib.request, which brings http.client,
    // email, ftplib, ssl contexts... urllib.parse stays (ipaddress, pathlib use it).
    "urllib.request", "http.client", "http.server", "http.cookiejar", "ftplib", "netrc",
    "socketserver", "xmlrpc", "webbrowser", "email", "mimetypes", "smtplib", "imaplib",
    "poplib",
    // Installing packages (pyodide._package_loader: .tar wheels and their metadata); the
    // game loads none (no `packages` in pyscript.toml).
    "tarfile", "importlib.metadata", "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten",
    // Never loaded: importlib uses the frozen _frozen_importlib(_external) instead.
    "importlib._bootstrap", "importlib._bootstrap_external",
    // Other platforms' branches.
    "asyncio.windows_events", "asyncio.windows_utils", "encodings._win_cp_codecs",
    "ctypes", "_osx_support", "_aix_support", "_ios_support", "_android_support",
];

// py_compile's optimize level: 0 keeps docstrings and asserts (see above).
const OPTIMIZE = 0;

// PyScript's Python package as the core chunk writes it at start: {pyscript:{"x.py":"...",...}}.
export function pyscriptSources(pyscriptDist) {
    const chunk = readdirSync(pyscriptDist).find((f) => /^core-[A-Za-z0-9_-]{8}\.js$/.test(f));
    if (!chunk) throw new Error(`no core-*.js chunk in ${pyscriptDist}`);
    const text = readFileSync(join(pyscriptDist, chunk), "utf8");
    const start = text.indexOf('{pyscript:{"');
    if (start < 0) throw new Error(`${chunk}: PyScript's Python package not found`);
    const sources = {};
    const entry = /"([A-Za-z_][A-Za-z0-9_]*\.py)":("(?:[^"\\]|\\.)*")(,|\}\})/y;
    entry.lastIndex = start + "{pyscript:{".length;
    for (;;) {
        const m = entry.exec(text);
        if (!m) throw new Error(`${chunk}: cannot read PyScript's Python package`);
        sources[m[1]] = JSON.parse(m[2]);
        if (m[3] === "}}") break;
    }
    if (!sources["__init__.py"]) throw new Error(`${chunk}: PyScript's package has no __init__.py`);
    return sources;
}

function* pythonFiles(dir) {
    for (const name of readdirSync(dir).sort()) {
        if (name.startsWith(".") || name === "__pycache__") continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) yield* pythonFiles(path);
        else if (name.endsWith(".py")) yield path;
    }
}

const BUILD = String.raw`
import _imp, io, json, modulefinder, pathlib, py_compile, sys, zipfile

STDLIB, ROOTS = pathlib.Path("/stdlib/in"), pathlib.Path("/stdlib/roots")
config = json.loads(CONFIG)


def module_name(path, top):
    parts = list(path.relative_to(top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def in_stdlib(module):
    path = getattr(module, "__file__", None)
    return path is not None and pathlib.Path(path).is_relative_to(STDLIB)


# Roots: what a bare start imported, what the JavaScript imports or runs, the encodings,
# the modules of PyScript's package and of the game (found under ROOTS).
roots = [n for n in BARE if n.split(".")[0] != "__main__"]
roots += config["runtime"] + ["encodings." + name for name in config["encodings"]]
roots += sorted(module_name(p, ROOTS) for p in ROOTS.rglob("*.py"))

# Frozen modules are neither shipped nor read: what they import when they start was
# loaded by the bare start (so it is a root); what they import in a function is left out
# (os.popen's subprocess, site's interactive-console hooks: _pyrepl, rlcompleter).
frozen = set(_imp._frozen_module_names())
cut = sorted(  # (importlib._bootstrap is, but as the frozen _frozen_importlib)
    n for n in set(config["excludes"]).intersection(BARE)
    if getattr(sys.modules[n].__spec__, "origin", None) != "frozen"
)
assert not cut, f"EXCLUDES names modules Python's start imports: {cut}"


class Finder(modulefinder.ModuleFinder):
    """Also records who imports each module (the report's "via": the first)."""

    importers = {}

    def import_hook(self, name, caller=None, fromlist=None, level=-1):
        module = super().import_hook(name, caller, fromlist, level)
        if caller is not None and module is not None:
            self.importers.setdefault(module.__name__, []).append(caller.__name__)
        return module


finder = Finder(path=[str(ROOTS), str(STDLIB)], excludes=config["excludes"] + sorted(frozen))
for name in roots:
    try:
        finder.import_hook(name)
    except ImportError:
        pass  # built-in or frozen (sys, _io, _frozen_importlib), or JavaScript (js, polyscript)

shipped = {}
for name, module in finder.modules.items():
    if not in_stdlib(module):
        continue  # the game's, PyScript's, or a built-in
    path = pathlib.Path(module.__file__)
    shipped[path.relative_to(STDLIB).as_posix()] = name

# Every root that is a stdlib file must be shipped, or the closure is wrong.
lost = [
    n for n in roots
    if n in finder.modules and in_stdlib(finder.modules[n])
    and n not in shipped.values()
]
assert not lost, f"roots not shipped: {lost}"

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
    for source in sorted(shipped):
        compiled = "/stdlib/out.pyc"
        py_compile.compile(
            str(STDLIB / source),
            cfile=compiled,
            dfile=f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/{source}",
            doraise=True,
            optimize=config["optimize"],
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        info = zipfile.ZipInfo(source + "c", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        archive.writestr(info, pathlib.Path(compiled).read_bytes())
pathlib.Path("/stdlib/out.zip").write_bytes(buffer.getvalue())
# The roots as the report gives them: the shipped modules that the bare start loaded, that
# RUNTIME_IMPORTS or ENCODINGS name, or that a module of PyScript's package or of the game
# imports itself.
ours = {module_name(p, ROOTS) for p in ROOTS.rglob("*.py")}
direct = {m for m, by in finder.importers.items() if ours.intersection(by)}
json.dumps({
    "modules": sorted(shipped.values()),
    "roots": sorted(set(roots).union(direct).intersection(shipped.values())),
    "frozen": sorted(frozen),
    "via": {m: by[0] for m, by in finder.importers.items()},
})
`;

// A Python error as an Error of this file (Node would print pyodide.asm.mjs's minified line).
function runPython(py, code) {
    try {
        return py.runPython(code);
    } catch (error) {
        throw new Error(`stdlib.mjs: ${error.message}`);
    }
}

// Every shipped module imports in a Pyodide started from outFile alone: a module-level
// import that EXCLUDES cut off, or a module Python's start needs, fails the build here.
async function checkImports(pyodideDir, stdlibFile, modules) {
    const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
    const py = await loadPyodide({
        stdLibURL: stdlibFile, stdout: (s) => console.error(s), stderr: (s) => console.error(s),
    });
    py.globals.set("MODULES", py.toPy(modules));
    const failed = runPython(py, `
import importlib, sys
failed = []
for name in MODULES:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed.append(f"{name}: {type(error).__name__}: {error}")
stdlib = next(p for p in sys.path if p.endswith(".zip"))
failed += [
    f"{n}: not compiled" for n, m in sys.modules.items()
    if (getattr(m, "__file__", None) or "").startswith(stdlib) and not m.__file__.endswith(".pyc")
]
failed
`).toJs();
    if (failed.length) throw new Error(`the trimmed standard library fails:\n  ${failed.join("\n  ")}`);
}

// Writes outFile (the trimmed python_stdlib.zip) and returns what is in it.
export async function buildStdlib(pyodideDir, outFile, { pyscriptDist, gameDir, optimize = OPTIMIZE }) {
    const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
    const py = await loadPyodide({ stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
    // Before anything else runs: what the interpreter itself imported to start.
    const bare = py.runPython("import sys\nsorted(sys.modules)").toJs();
    py.FS.mkdirTree("/stdlib/in");
    py.unpackArchive(new Uint8Array(readFileSync(join(pyodideDir, "python_stdlib.zip"))), "zip", {
        extractDir: "/stdlib/in",
    });
    py.FS.mkdirTree("/stdlib/roots/pyscript");
    for (const [name, source] of Object.entries(pyscriptSources(pyscriptDist))) {
        py.FS.writeFile(`/stdlib/roots/pyscript/${name}`, source);
    }
    const gameParent = join(gameDir, "..");
    for (const path of pythonFiles(gameDir)) {
        const inFs = `/stdlib/roots/${relative(gameParent, path).split("\\").join("/")}`;
        py.FS.mkdirTree(inFs.slice(0, inFs.lastIndexOf("/")));
        py.FS.writeFile(inFs, readFileSync(path));
    }
    py.globals.set("BARE", py.toPy(bare));
    py.globals.set("CONFIG", JSON.stringify({
        runtime: RUNTIME_IMPORTS, encodings: ENCODINGS, excludes: EXCLUDES, optimize,
    }));
    const report = JSON.parse(runPython(py, BUILD));
    const zipped = py.FS.readFile("/stdlib/out.zip");
    writeFileSync(outFile, zipped);
    await checkImports(pyodideDir, outFile, report.modules);
    return { ...report, bytes: zipped.length };
}
