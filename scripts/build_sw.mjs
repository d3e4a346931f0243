#!/usr/bin/env node
// Generate the service worker sw.js of the built site (dist/sw.js) with Workbox
// (workbox-build, pinned in package.json / package-lock.json): a precache manifest with a
// content hash per file, for everything the game loads - the page, its pyscript-<hash>.toml,
// the page's own files (static/app-<hash>/: scripts, styles, icons, the web manifest, the
// game's archive, the contract; scripts/publish_app.py) and the whole self-hosted runtime. The site folder holds only what the page loads (`make build`), so all of it is.
//
//   node scripts/build_sw.mjs --root dist    (the last step of `make build`)
//   node scripts/build_sw.mjs --check        exit 1 if sw.js is missing or stale
//   node scripts/build_sw.mjs --root DIR     a copy of the site elsewhere (the e2e update test)
//
// Behaviour of the generated worker (Workbox's generateSW):
//   - install: downloads every precached file; a new version downloads only what changed
//     (revision = content hash; the vendored runtime lives in version-named folders, its
//     standard library in one named for its hash and the page's own files in one named for
//     theirs, so their URL is their revision and the browser's HTTP cache can answer - no second download on the first visit; a file there
//     that kept its URL with new bytes would keep its old copy here too, see
//     scripts/build_vendor.mjs). Workbox fetches the other files with `cache: "reload"`
//     (past the HTTP cache); scripts/sw-prelude.js makes that `no-cache`: the server is
//     still asked (a stale CDN/HTTP cache cannot poison the precache), but what the page has just
//     loaded costs a 304, not a second download (the game's archive was sent twice).
//   - fetch: cache-first for precached URLs ("/" and "/?seed=1&lang=de" -> index.html, query
//     strings ignored); anything else goes to the network untouched.
//   - activate: removes precached entries the new version no longer lists and caches of
//     older Workbox precache formats (cleanupOutdatedCaches).
//   - no skipWaiting(): a new version waits until every tab of the old one is closed (the
//     next start) or until static/pwa.mjs posts {type: "SKIP_WAITING"} - which it does only
//     when the page asks it to, between hands (see static/pwa.mjs).
//   - clientsClaim(): the very first installation takes over the open tab, so the first
//     visit is already offline-capable without a reload.
//   - except pyodide.asm.wasm: the HTTP cache first, the precache only as the offline
//     fallback, so that Chrome's compiled-code cache from the first visit is used on the next
//     start (scripts/sw-prelude.js, which is put in front of Workbox's code).
// No Workbox runtime is fetched from a CDN: it is bundled into sw.js (inlineWorkboxRuntime).

import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { generateSW } from "workbox-build";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const rootArg = process.argv.indexOf("--root");
const ROOT = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : join(REPO, "dist");
const SW = join(ROOT, "sw.js");

// What the game page loads (globs relative to the site root = the publish directory).
const PRECACHE = [
    "index.html",
    "pyscript-*.toml",
    "static/**/*", // the page's own files (static/app-<hash>/: scripts, css, icons, web
    //                manifest, the game's archive hearts.zip and the contract.mjs) and the
    //                runtime (static/vendor/)
];
const IGNORE = [
    "**/__pycache__/**",
    "**/*.map",
    "static/vendor/manifest.json", // a build report, not loaded by the page
    "static/app-*/files.json", // the same for the page's files (scripts/publish_app.py)
    "**/*.br", // brotli copies for the server (scripts/precompress.mjs); the page loads X
];
// The vendored runtime's URLs already change with its version, the standard library's
// with its hash (scripts/build_vendor.mjs), the page's own files' and its config's with
// theirs (scripts/publish_app.py); scripts/sw-prelude.js's UNREVISIONED is the same.
const VERSIONED = /^(?:static\/vendor\/(?:pyscript|pyodide)-[^/]+\/|static\/app-[0-9a-f]{12}\/|pyscript-[0-9a-f]{12}\.toml$)/;

function fail(message) {
    console.error(`build_sw: ${message}`);
    process.exit(1);
}

function options(swDest = SW) {
    return {
        globDirectory: ROOT,
        globPatterns: PRECACHE,
        globIgnores: IGNORE,
        globFollow: false,
        swDest,
        mode: "production",
        sourcemap: false,
        inlineWorkboxRuntime: true,
        // pyodide.asm.wasm is ~9.6 MB; everything the page needs must be precached.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        dontCacheBustURLsMatching: VERSIONED,
        directoryIndex: "index.html",
        ignoreURLParametersMatching: [/.*/], // test hooks: ?seed=…&cadence=…&lang=…
        cacheId: "hearts",
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        babelPresetEnvTargets: ["chrome >= 90", "firefox >= 90", "safari >= 15"],
        manifestTransforms: [verified],
    };
}

// Every precache entry carries its SHA-256 (Subresource Integrity): Workbox fetches it with
// `integrity`, so a response that does not match (cut short, damaged on the way) is never
// cached, and a copy it repairs is checked the same way. The prelude gets the same table,
// size and hash per file: after a failed start it checks the copies it holds (U13).
const FILES = {};
async function verified(entries) {
    const manifest = entries.map((entry) => {
        const bytes = readFileSync(join(ROOT, entry.url));
        const integrity = `sha256-${createHash("sha256").update(bytes).digest("base64")}`;
        FILES[entry.url] = [bytes.length, integrity];
        return { ...entry, integrity };
    });
    return { manifest, warnings: [] };
}

async function build(swDest) {
    if (!existsSync(join(ROOT, "static", "vendor", "manifest.json"))) {
        fail(`${ROOT}/static/vendor/ is not built: run \`make build\``);
    }
    if (!existsSync(join(ROOT, "index.html"))) {
        console.warn("build_sw: no index.html yet - the worker will not precache a page");
    }
    const { count, size, warnings } = await generateSW(options(swDest));
    for (const warning of warnings) console.warn(`build_sw: ${warning}`);
    const prelude = readFileSync(join(REPO, "scripts", "sw-prelude.js"), "utf8").replace(
        "const FILES = {};",
        `const FILES = ${JSON.stringify(FILES, Object.keys(FILES).sort(), 0)};`,
    );
    writeFileSync(swDest, `${prelude}\n${readFileSync(swDest, "utf8")}`);
    return { count, size };
}

const digest = (path) => createHash("sha256").update(readFileSync(path)).digest("hex");

if (process.argv.includes("--check")) {
    if (!existsSync(SW)) fail("sw.js is missing: run `node scripts/build_sw.mjs`");
    const fresh = join(REPO, "node_modules", ".cache", "hearts-sw-check.js");
    await build(fresh);
    const same = digest(fresh) === digest(SW);
    rmSync(fresh, { force: true });
    if (!same) fail("sw.js is stale: run `make build`");
    console.log("sw.js is up to date");
} else {
    const { count, size } = await build(SW);
    console.log(`wrote ${SW}: precaches ${count} files, ${(size / 1e6).toFixed(1)} MB`);
}
