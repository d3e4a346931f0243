#!/usr/bin/env node
// Brotli copies of the built site's compressible files, beside them: dist/X -> dist/X.br.
//
//   node scripts/precompress.mjs dist --manifest .cache/precompressed.json --cache .cache/brotli
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
// --cache DIR keeps each copy under the SHA-256 of what it packs (and a mark for a file not
// worth one): a build of the same bytes elsewhere (a fresh copy of the repository, given
// the cache as npm is given its own) takes them instead of packing 16 MB again, 40
// CPU-seconds. The cache keeps only what this run used.
import { constants, brotliCompress } from "node:zlib";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import {
    copyFileSync,
    existsSync,
    mkdirSync,
    readdirSync,
    readFileSync,
    rmSync,
    statSync,
    writeFileSync,
} from "node:fs";
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

const [site, ...flags] = process.argv.slice(2);
const options = {};
for (let at = 0; at < flags.length; at += 2) {
    const [flag, value] = [flags[at], flags[at + 1]];
    if (!["--manifest", "--cache"].includes(flag) || !value) options.bad = true;
    else options[flag.slice(2)] = value;
}
if (!site || options.bad) {
    console.error("usage: node scripts/precompress.mjs SITE_DIR [--manifest FILE] [--cache DIR]");
    process.exit(2);
}
const { manifest, cache } = options;
const copies = {};
let written = 0;
let before = 0;
let after = 0;
// Each copy is packed on libuv's thread pool: the files compress side by side, on every core.
const pack = promisify(brotliCompress);
const used = new Set();
// Where the cache keeps the copy of `bytes` (or the mark that it saves too little).
function cached(bytes) {
    const key = createHash("sha256").update(bytes).digest("hex");
    used.add(`${key}.br`).add(`${key}.none`);
    return { kept: join(cache, `${key}.br`), none: join(cache, `${key}.none`) };
}

// The copy of `bytes`, or null when it saves too little: from the cache if it has it.
async function packed(bytes) {
    const entry = cache ? cached(bytes) : null;
    if (entry && existsSync(entry.none)) return null;
    if (entry && existsSync(entry.kept)) return readFileSync(entry.kept);
    const copy = await pack(bytes, {
        params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: 24,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
    });
    const worth = copy.length <= bytes.length * (1 - MIN_SAVING);
    if (entry) writeFileSync(worth ? entry.kept : entry.none, worth ? copy : "");
    return worth ? copy : null;
}

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
    if (fresh && cache) {
        const entry = cached(readFileSync(path)); // the cache holds every copy the site has
        if (!existsSync(entry.kept)) copyFileSync(copy, entry.kept);
    }
    if (!fresh) {
        const bytes = await packed(readFileSync(path));
        if (bytes === null) {
            rmSync(copy, { force: true });
            return;
        }
        writeFileSync(copy, bytes);
        written += 1;
    }
    before += size;
    after += statSync(copy).size;
    copies[relative(site, copy)] = { bytes: statSync(copy).size, of: size };
}
if (cache) mkdirSync(cache, { recursive: true });
await Promise.all([...files(site)].filter((path) => COMPRESSIBLE.test(path)).map(copyOf));
if (cache && existsSync(cache)) {
    for (const name of readdirSync(cache)) if (!used.has(name)) rmSync(join(cache, name));
}
if (manifest) {
    mkdirSync(dirname(manifest), { recursive: true });
    const sorted = Object.fromEntries(Object.entries(copies).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(manifest, `${JSON.stringify(sorted, null, 1)}\n`);
}
console.log(
    `precompress: ${written} brotli copies written; ${(before / 1e6).toFixed(2)} MB -> `
    + `${(after / 1e6).toFixed(2)} MB for the files that have one`,
);
