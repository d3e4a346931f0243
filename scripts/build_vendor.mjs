#!/usr/bin/env node
// Copy exactly the runtime files the page loads from node_modules into the site's
// static/vendor/ (`node scripts/build_vendor.mjs --out dist/static/vendor`, `make vendor`).
// `--game DIR`: the game's sources whose imports the standard library follows (default
// hearts/; tests/e2e/test_release_stdlib.py builds a release whose game imports more).
//
//   static/vendor/pyscript-<version>/  core.js, core.css and the chunks core.js actually imports
//   static/vendor/pyodide-<version>/   pyodide.mjs + the files it fetches at start-up; the
//                                      standard library trimmed and compiled, in a folder
//                                      named for its content (stdlib-<sha256, 12 hex
//                                      digits>/python_stdlib.zip, scripts/stdlib.mjs)
//
// (The started interpreter's memory snapshot is made in the player's browser,
// static/snapshot-worker.mjs, not here: downloaded, it was 6.2 MB of a first visit.)
//
// The folder names carry the package version: netlify.toml serves /static/vendor/* as
// `immutable` for a year, so a file's URL must change whenever its content can (core.js,
// pyodide.mjs, pyodide.asm.wasm keep their names across releases). Pages and configs name
// these folders explicitly; after a version bump, checkReferences() below lists every file
// that still points at the old version (scripts/gen_pyscript_toml.py rewrites the
// `interpreter` lines itself). The standard library changes without a version bump (with
// what the game imports), so its folder carries its hash: under one name a returning
// player's browser answered a new release's start with the old zip (from the HTTP cache,
// or the service worker's precache, which keys these files by URL alone) and the start
// stopped at a ModuleNotFoundError. No page names that folder: manifest.json records it
// (stdlib.file) and scripts/build_contract.py hands it to the pages as STDLIB, in
// static/build/contract.mjs, which is revalidated on every load.
//
// Sources are the exact versions pinned in package.json / package-lock.json (`npm ci`).
// Nothing here is hand-edited; the output directory is git-ignored and rebuilt from scratch.
// No dependencies beyond Node itself.
//
// PyScript chunks: we start at dist/core.js and follow every *static* import, plus the
// *dynamic* imports listed in LAZY_CHUNKS (what a page loads at start-up). Not copied: the
// heavy chunks behind features the game does not use and that load only on demand -
// codemirror (<py-editor>), xterm (<py-terminal>/terminal attribute), MicroPython, the
// package graph (only with a `packages` list) and the zip reader (only for .zip/.whl entries
// in [files]). If a page ever needs one of them, the e2e tests see the 404.

import { createHash } from "node:crypto";
import {
    copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync,
    writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildStdlib } from "./stdlib.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const NODE_MODULES = join(ROOT, "node_modules");
const outArg = process.argv.indexOf("--out");
const OUT = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(ROOT, "dist", "static", "vendor");
const gameArg = process.argv.indexOf("--game");
const GAME = gameArg > 0 ? resolve(process.argv[gameArg + 1]) : join(ROOT, "hearts");

// Dynamically imported PyScript chunks the page loads at start-up, by name without the hash.
const LAZY_CHUNKS = new Set([
    "toml", // parses pyscript.toml
    // PyScript's plugin loader imports every plugin once per interpreter type (py *and* mpy)
    // unless that type's config switches it off with "!name"; a page without an <mpy-config>
    // therefore imports all of them, and one 404 stops PyScript from starting at all.
    // They are small (13 kB together); their heavy dependencies stay behind.
    "error", // imported even when disabled (for notOnDOM())
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
]);

// Everything pyodide.mjs (the version pinned in package.json) loads for a stdlib-only program.
const PYODIDE_FILES = [
    "pyodide.mjs", // ES module entry: loadPyodide(); what PyScript imports
    "pyodide.asm.mjs", // Emscripten glue (imported by pyodide.mjs)
    "pyodide.asm.wasm", // the CPython interpreter
    "pyodide-lock.json", // package index; fetched by loadPyodide() at start-up
];

// Beside them, built here: the standard library the page imports, compiled (Pyodide's name
// for it, in a folder named for its hash: loadPyodide fetches it from its stdLibURL;
// scripts/stdlib.mjs).
const STDLIB = "python_stdlib.zip";
const HASH_DIGITS = 12;

function fail(message) {
    console.error(`build_vendor: ${message}`);
    process.exit(1);
}

function readJSON(path) {
    return JSON.parse(readFileSync(path, "utf8"));
}

// Refuse to build from anything but the pinned versions (stale node_modules, manual installs).
function checkedPackageDir(name) {
    const wanted = readJSON(join(ROOT, "package.json")).dependencies?.[name];
    if (!wanted) fail(`${name} is not a dependency in package.json`);
    const dir = join(NODE_MODULES, ...name.split("/"));
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) fail(`${name} is not installed; run \`npm ci\` first`);
    const { version } = readJSON(manifest);
    if (version !== wanted) {
        fail(`${name} ${version} is installed but package.json pins ${wanted}; run \`npm ci\``);
    }
    return { dir, version };
}

// Relative ES module specifiers in a (minified) chunk: static `import … from "./x.js"`,
// `export … from "./x.js"`, bare `import "./x.js"`, and dynamic `import("./x.js")`.
function importsOf(source) {
    const found = { static: new Set(), dynamic: new Set() };
    for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.m?js)["']/g)) {
        found.static.add(m[1].slice(2));
    }
    for (const m of source.matchAll(/\bimport\(\s*["'](\.\/[^"']+\.m?js)["']\s*\)/g)) {
        found.dynamic.add(m[1].slice(2));
    }
    return found;
}

function chunkName(file) {
    // "toml-V4Savzlc.js" -> "toml"; "codemirror_lang-python-r-dBg-Wd.js" -> "codemirror_lang-python"
    return file.replace(/-[A-Za-z0-9_-]{8}\.m?js$/, "").replace(/\.m?js$/, "");
}

function pyscriptFiles(distDir) {
    const needed = new Set();
    const queue = ["core.js"];
    while (queue.length) {
        const file = queue.shift();
        if (needed.has(file)) continue;
        const path = join(distDir, file);
        if (!existsSync(path)) fail(`@pyscript/core dist has no ${file}`);
        needed.add(file);
        const { static: eager, dynamic: lazy } = importsOf(readFileSync(path, "utf8"));
        for (const dep of eager) queue.push(dep);
        // Only PyScript's own start-up (the core chunk) counts; what a plugin imports on
        // demand (the editor's full TOML parser, the terminal's interpreters) is left out.
        if (chunkName(file) !== "core") continue;
        for (const dep of lazy) if (LAZY_CHUNKS.has(chunkName(dep))) queue.push(dep);
    }
    for (const name of LAZY_CHUNKS) {
        if (![...needed].some((f) => chunkName(f) === name)) {
            fail(`no "${name}" chunk is imported by this @pyscript/core; update LAZY_CHUNKS`);
        }
    }
    needed.add("core.css");
    return [...needed].sort();
}

// Every committed file that loads the runtime must name a vendored file of the pinned
// versions: "static/vendor/pyodide-314.0.2/pyodide.mjs" in a page, a pyscript.toml, a module.
const REFERENCING = [
    "index.html",
    "pyscript.toml",
    "static",
    "bench",
    join("tests", "e2e", "pages"),
    "scripts/build_sw.mjs",
];
// (The unversioned "vendor/pyscript/…" of earlier builds counts as stale too.)
const REFERENCE = /vendor\/((?:pyscript|pyodide)(?:-[0-9][^/"'`\s]*)?\/[^"'`\s)?#:;,<>]*)/g;

function* textFiles(path) {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
        if (path === OUT) return;
        for (const entry of readdirSync(path)) yield* textFiles(join(path, entry));
    } else if (/\.(html|toml|mjs|js|css|json|webmanifest)$/.test(path)) {
        yield path;
    }
}

function checkReferences(vendored) {
    const stale = [];
    for (const top of REFERENCING) {
        for (const file of textFiles(join(ROOT, top))) {
            for (const [, ref] of readFileSync(file, "utf8").matchAll(REFERENCE)) {
                const known = ref.endsWith("/")
                    ? [...vendored].some((path) => path.startsWith(ref))
                    : vendored.has(ref);
                if (!known) stale.push(`${relative(ROOT, file)}: vendor/${ref}`);
            }
        }
    }
    if (stale.length) {
        fail(`these files name runtime files that this build does not produce:\n  ${stale.join("\n  ")}`
            + "\n(after a version bump: run `python3 scripts/gen_pyscript_toml.py` and update the rest)");
    }
}

function copyAll(srcDir, files, destDir) {
    rmSync(destDir, { recursive: true, force: true });
    mkdirSync(destDir, { recursive: true });
    const rows = [];
    for (const file of files) {
        const src = join(srcDir, file);
        if (!existsSync(src)) fail(`missing ${relative(ROOT, src)}`);
        copyFileSync(src, join(destDir, file));
        const bytes = readFileSync(src);
        rows.push({
            path: relative(OUT, join(destDir, file)).split("\\").join("/"),
            bytes: statSync(src).size,
            sha256: createHash("sha256").update(bytes).digest("hex"),
        });
    }
    return rows;
}

const pyscript = checkedPackageDir("@pyscript/core");
const pyodide = checkedPackageDir("pyodide");

// PyScript hard-codes the Pyodide version it was built and tested against (its CDN default).
const core = readFileSync(join(pyscript.dir, "dist", "core.js"), "utf8");
const coreChunk = [...importsOf(core).static].find((f) => chunkName(f) === "core");
const expected = coreChunk
    && readFileSync(join(pyscript.dir, "dist", coreChunk), "utf8")
        .match(/type:"pyodide",module:\(\w+="([^"]+)"\)/)?.[1];
if (!expected) console.warn("build_vendor: could not find the Pyodide version PyScript expects");
else if (expected !== pyodide.version) {
    fail(`@pyscript/core ${pyscript.version} expects pyodide ${expected}, package.json pins ${pyodide.version}`);
}

rmSync(OUT, { recursive: true, force: true }); // no stale version folders
const rows = [
    ...copyAll(
        join(pyscript.dir, "dist"),
        pyscriptFiles(join(pyscript.dir, "dist")),
        join(OUT, `pyscript-${pyscript.version}`),
    ),
    ...copyAll(pyodide.dir, PYODIDE_FILES, join(OUT, `pyodide-${pyodide.version}`)),
];
// Not a copy: the standard library the runtime, PyScript and the game import
// (scripts/stdlib.mjs), moved into the folder its hash names once built.
const pyodideOut = join(OUT, `pyodide-${pyodide.version}`);
const stdlib = await buildStdlib(pyodide.dir, join(pyodideOut, STDLIB), {
    pyscriptDist: join(pyscript.dir, "dist"),
    gameDir: GAME,
});
const stdlibBytes = readFileSync(join(pyodideOut, STDLIB));
const stdlibSha = createHash("sha256").update(stdlibBytes).digest("hex");
// Its path under pyodide-<version>/, which pages hand to loadPyodide as its stdLibURL.
const stdlibFile = `stdlib-${stdlibSha.slice(0, HASH_DIGITS)}/${STDLIB}`;
mkdirSync(dirname(join(pyodideOut, stdlibFile)));
renameSync(join(pyodideOut, STDLIB), join(pyodideOut, stdlibFile));
rows.push({
    path: `pyodide-${pyodide.version}/${stdlibFile}`,
    bytes: stdlibBytes.length,
    sha256: stdlibSha,
});
checkReferences(new Set(rows.map((r) => r.path)));

// A list of what was copied (e.g. for a service worker's precache list).
writeFileSync(
    join(OUT, "manifest.json"),
    `${JSON.stringify({
        pyscript: pyscript.version,
        pyodide: pyodide.version,
        files: rows,
        // Where the standard library is, under pyodide-<version>/ (loadPyodide's stdLibURL,
        // static/build/contract.mjs STDLIB), and what scripts/stdlib.mjs put in it
        // (tests/web/test_stdlib_zip.py).
        stdlib: {
            file: stdlibFile, modules: stdlib.modules, roots: stdlib.roots, frozen: stdlib.frozen,
        },
    }, null, 2)}\n`,
);

const total = rows.reduce((sum, r) => sum + r.bytes, 0);
console.log(
    `vendored @pyscript/core ${pyscript.version} + pyodide ${pyodide.version}: `
    + `${rows.length} files, ${(total / 1e6).toFixed(1)} MB -> ${relative(ROOT, OUT)}/`,
);
