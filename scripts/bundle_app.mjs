#!/usr/bin/env node
// The page's modules as the browser loads them: a few files instead of ~40.
//
//   node scripts/bundle_app.mjs --stage .cache/app --out .cache/bundle FILE...
//
// Reads the page's files as built (FILE..., their paths in --stage, laid out as static/ is;
// anything else there is ignored: a file deleted from the source tree), index.html and
// pyscript.toml, and writes into --out what scripts/publish_app.py publishes:
//   app/         the stage with the page's modules bundled (rollup, pinned in package.json)
//   index.html   the page, its modulepreload hints naming the bundle's files
//   pyscript.toml  the config, as committed
//   files.txt    the files of app/, one a line (publish_app.py's FILE...)
//
// Why: a return visit compiles every module the page imports and writes its code cache,
// and asks the service worker for each: 45 modules cost the page's thread ~160 ms that a
// bare Pyodide page does not spend. Bundled, the start is ~60-80 ms sooner on the second
// visit (docs/performance.md). The sources stay small modules with one job each.
//
// What keeps its name and URL, so the page, PyScript, the worker and the tests find it:
// every module script of index.html, the interpreter pyscript.toml names and every module a
// `new Worker(new URL("./x.mjs", import.meta.url))` starts. build/contract.mjs is left as
// it is (generated; imported by URL too: static/watch/way-on.mjs, bench/, the tests). A module only one of them imports is put into
// it; one that several module scripts of the page import goes into shared.mjs (one file
// the page preloads, not one per combination of importers), unless a worker imports it
// too (a worker must not run the page's code); the rest where rollup splits them.
// `import.meta.url` keeps the module's own address (its relative URLs: the runtime, the
// game's archive, the worker), and nothing is tree-shaken: the code runs as written.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { rollup } from "rollup";

const PAGE_SCRIPT = /<script type="module" src="\.\/static\/(?!vendor\/)([^"]+)"><\/script>/g;
const PAGE_PRELOAD = /\n[ \t]*<link rel="modulepreload" href="\.\/static\/(?!vendor\/)([^"]+)">/g;
const INTERPRETER = /^interpreter\s*=\s*"\.\/static\/([^"]+)"/m;
const WORKER = /new Worker\(\s*new URL\(\s*["'](\.\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)/g;
const CONTRACT = "build/contract.mjs";
const SHARED = "shared";
const MODULE = /\.m?js$/;

// The module ids `from` reaches by static imports, itself included.
function reach(from, info) {
    const seen = new Set();
    const todo = [from];
    while (todo.length) {
        const id = todo.pop();
        if (seen.has(id)) continue;
        seen.add(id);
        const found = info(id);
        if (found) todo.push(...found.importedIds);
    }
    return seen;
}

export async function bundle({ stage, out, page, config, listed }) {
    const html = readFileSync(page, "utf8");
    const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1]);
    const interpreter = readFileSync(config, "utf8").match(INTERPRETER)?.[1];
    if (!scripts.length || !interpreter) throw new Error("bundle_app: no module scripts or no interpreter");
    const named = [...new Set([...scripts, interpreter])];
    const at = (path) => resolve(stage, path);
    const runtime = resolve(stage, "../vendor");
    const workers = new Set();
    let pageReach; // module id -> how many of the page's scripts import it, statically
    let workerReach; // module ids a worker imports

    const build = await rollup({
        input: Object.fromEntries(named.map((path) => [path.replace(MODULE, ""), at(path)])),
        external: (id, importer) => {
            const path = importer ? resolve(dirname(importer), id) : id;
            return path === at(CONTRACT) || path.startsWith(runtime + "/");
        },
        treeshake: false,
        preserveEntrySignatures: "strict",
        onwarn(warning) {
            throw new Error(`bundle_app: ${warning.message}`);
        },
        plugins: [
            {
                name: "hearts-page",
                transform(code, id) {
                    for (const [, path] of code.matchAll(WORKER)) {
                        const file = posix.join(posix.dirname(relative(stage, id)), path);
                        if (workers.has(file)) continue;
                        workers.add(file);
                        this.emitFile({ type: "chunk", id: at(file), fileName: file });
                    }
                    return null;
                },
                resolveImportMeta(property, { moduleId, chunkId }) {
                    if (property !== "url") return null;
                    const own = relative(stage, moduleId).split("\\").join("/");
                    if (posix.dirname(own) === posix.dirname(chunkId)) return null;
                    const from = posix.relative(posix.dirname(chunkId), own);
                    return `new URL(${JSON.stringify(from)}, import.meta.url).href`;
                },
            },
        ],
    });
    const output = await build.generate({
        dir: stage, // where relative externals (the runtime, ../vendor/) are rendered from
        format: "es",
        minifyInternalExports: false,
        entryFileNames: (chunk) => relative(stage, chunk.facadeModuleId).split("\\").join("/"),
        chunkFileNames: "[name].mjs",
        manualChunks(id, { getModuleInfo }) {
            if (!pageReach) {
                pageReach = new Map();
                for (const script of scripts) {
                    for (const module of reach(at(script), getModuleInfo)) {
                        pageReach.set(module, (pageReach.get(module) || 0) + 1);
                    }
                }
                workerReach = new Set([...workers].flatMap((file) => [...reach(at(file), getModuleInfo)]));
            }
            if (getModuleInfo(id)?.isEntry || workerReach.has(id) || (pageReach.get(id) || 0) < 2) return undefined;
            return SHARED;
        },
    });
    await build.close();

    rmSync(out, { recursive: true, force: true });
    const app = join(out, "app");
    const bundled = new Set();
    const where = new Map(); // a source module's path -> the file it is in now
    const written = [];
    for (const item of output.output) {
        if (item.type !== "chunk") continue;
        for (const id of Object.keys(item.modules)) {
            const path = relative(stage, id).split("\\").join("/");
            bundled.add(path);
            where.set(path, item.fileName);
        }
        mkdirSync(dirname(join(app, item.fileName)), { recursive: true });
        writeFileSync(join(app, item.fileName), item.code);
        written.push(item);
    }
    const files = new Set(written.map((item) => item.fileName));
    for (const path of listed) {
        if (bundled.has(path) || files.has(path)) continue;
        mkdirSync(dirname(join(app, path)), { recursive: true });
        copyFileSync(join(stage, path), join(app, path));
        files.add(path);
    }

    // The hints: the files of what the page preloaded, in its order, then every file its
    // scripts import; at the first hint's place. Not the scripts themselves.
    const hinted = [];
    const hint = (file) => {
        if (file && !file.startsWith("../") && !scripts.includes(file) && !hinted.includes(file)) hinted.push(file);
    };
    for (const [, path] of html.matchAll(PAGE_PRELOAD)) hint(where.get(path) || path);
    const byName = new Map(written.map((item) => [item.fileName, item]));
    for (const script of scripts) for (const file of byName.get(script)?.imports || []) hint(file);
    let first = true;
    const rewritten = html.replace(PAGE_PRELOAD, (line) => {
        if (!first) return "";
        first = false;
        const indent = line.match(/\n([ \t]*)/)[1];
        return hinted.map((file) => `\n${indent}<link rel="modulepreload" href="./static/${file}">`).join("");
    });
    writeFileSync(join(out, "index.html"), rewritten);
    copyFileSync(config, join(out, "pyscript.toml"));
    writeFileSync(join(out, "files.txt"), [...files].sort().join("\n") + "\n");
    return { files: [...files].sort(), bundled: bundled.size, written: written.map((item) => item.fileName) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const { values, positionals } = parseArgs({
        allowPositionals: true,
        options: {
            stage: { type: "string" },
            out: { type: "string" },
            page: { type: "string", default: "index.html" },
            config: { type: "string", default: "pyscript.toml" },
        },
    });
    if (!values.stage || !values.out || !positionals.length) {
        console.error("usage: node scripts/bundle_app.mjs --stage DIR --out DIR [--page index.html] [--config pyscript.toml] FILE...");
        process.exit(2);
    }
    const done = await bundle({ ...values, listed: positionals });
    console.log(`bundled ${done.bundled} modules into ${done.written.length} files: ${done.written.join(", ")}`);
}
