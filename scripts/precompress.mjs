#!/usr/bin/env node
// Brotli copies of the built site's compressible files, beside them: dist/X -> dist/X.br.
//
//   node scripts/precompress.mjs dist --manifest .cache/precompressed.json
//                                            (the last step of `make build`)
//
// Brotli at its highest quality (11, a 16 MB window) is too slow for a server to run per
// request, and saves most where the bytes are: the interpreter's .wasm travels as 2.8 MB
// instead of 3.6 MB gzipped (issue 22). A host that serves precompressed siblings sends
// X.br with `Content-Encoding: br` to browsers that accept it (scripts/serve.py does, as do
// nginx's brotli_static and Caddy's `precompressed`); others get X, compressed as the host
// does. The service worker never precaches the .br files (scripts/build_sw.mjs). A copy
// is rewritten only when X is newer, and only kept when it is at least 5 % smaller than X
// (already compressed files - the game's deflated archive, PNGs - are left alone).
// The manifest lists the copies as they now are (make's declared target for all of them).
import { constants, brotliCompress } from "node:zlib";
import { promisify } from "node:util";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const COMPRESSIBLE = /\.(html|css|js|mjs|json|webmanifest|toml|svg|wasm|zip|txt)$/;
const MIN_BYTES = 1024;
const MIN_SAVING = 0.05;

function* files(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) yield* files(path);
        else if (entry.isFile()) yield path;
    }
}

const [site, flag, manifest] = process.argv.slice(2);
if (!site || (flag !== undefined && (flag !== "--manifest" || !manifest))) {
    console.error("usage: node scripts/precompress.mjs SITE_DIR [--manifest FILE]");
    process.exit(2);
}
const copies = {};
let written = 0;
let before = 0;
let after = 0;
// Each copy is packed on libuv's thread pool: the files compress side by side, on every core.
const pack = promisify(brotliCompress);
async function copyOf(path) {
    const size = statSync(path).size;
    const copy = `${path}.br`;
    if (size < MIN_BYTES) {
        rmSync(copy, { force: true });
        return;
    }
    let fresh = false;
    try {
        fresh = statSync(copy).mtimeMs >= statSync(path).mtimeMs;
    } catch {}
    if (!fresh) {
        const packed = await pack(readFileSync(path), {
            params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_LGWIN]: 24,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
        });
        if (packed.length > size * (1 - MIN_SAVING)) {
            rmSync(copy, { force: true });
            return;
        }
        writeFileSync(copy, packed);
        written += 1;
    }
    before += size;
    after += statSync(copy).size;
    copies[relative(site, copy)] = { bytes: statSync(copy).size, of: size };
}
await Promise.all([...files(site)].filter((path) => COMPRESSIBLE.test(path)).map(copyOf));
if (manifest) {
    mkdirSync(dirname(manifest), { recursive: true });
    const sorted = Object.fromEntries(Object.entries(copies).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(manifest, `${JSON.stringify(sorted, null, 1)}\n`);
}
console.log(
    `precompress: ${written} brotli copies written; ${(before / 1e6).toFixed(2)} MB -> `
    + `${(after / 1e6).toFixed(2)} MB for the files that have one`,
);
