#!/usr/bin/env node
// Brotli copies of the built site's compressible files, beside them: dist/X -> dist/X.br.
//
//   node scripts/precompress.mjs dist --manifest .cache/precompressed.json --cache ~/.cache/hearts/brotli
//                                            (the last step of `make build`)
//
// Brotli at its highest quality (11, a 16 MB window) is too slow for a server to run per
// request, and saves most where the bytes are: the interpreter's .wasm travels as 2.8 MB
// instead of 3.6 MB gzipped. A host that serves precompressed siblings sends
// X.br with `Content-Encoding: br` to browsers that accept it (scripts/serve.py does, as do
// nginx's brotli_static and Caddy's `precompressed`); others get X, compressed as the host
// does. The service worker never precaches the .br files (scripts/build_sw.mjs). A copy
// is rewritten only when X is newer, and only kept when it is at least 5 % smaller than X
// (already compressed files - the game's deflated archive, PNGs - are left alone).
// The manifest lists the copies as they now are (make's declared target for all of them).
// --cache DIR keeps each copy under the SHA-256 of what it packs (and a mark for a file not
// worth one): a build of the same bytes elsewhere (a fresh clone, a fresh copy of the
// repository) takes them instead of packing 16 MB again, 40 CPU-seconds. The Makefile keeps
// it per user, beside pip's and npm's caches, so builds of several checkouts share it, at
// the same time too: an entry is written whole under a temporary name and renamed into
// place, a copy read from it is taken only if it unpacks to exactly the bytes it stands for
// (else it is packed again and replaced), and an entry is dropped once no build has used it
// for PRUNE_DAYS.
import { brotliCompress, brotliDecompressSync, constants } from "node:zlib";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import {
    mkdirSync,
    readdirSync,
    readFileSync,
    renameSync,
    rmSync,
    statSync,
    utimesSync,
    writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";

const COMPRESSIBLE = /\.(html|css|js|mjs|json|webmanifest|toml|svg|wasm|zip|txt)$/;
const MIN_BYTES = 1024;
const MIN_SAVING = 0.05;
const PRUNE_DAYS = 30;

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
// Where the cache keeps the copy of `bytes` (or the mark that it saves too little).
function cached(bytes) {
    const key = createHash("sha256").update(bytes).digest("hex");
    return { kept: join(cache, `${key}.br`), none: join(cache, `${key}.none`) };
}

// Whole or not at all, whoever else writes or reads the cache meanwhile.
function store(path, bytes) {
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
}

// The entry's bytes, marked as used now; null if it is not there (or was just pruned).
function take(path) {
    try {
        const bytes = readFileSync(path);
        const now = new Date();
        utimesSync(path, now, now);
        return bytes;
    } catch {
        return null;
    }
}

// `copy` if it unpacks to exactly `bytes`.
function unpacksTo(copy, bytes) {
    try {
        return brotliDecompressSync(copy).equals(bytes);
    } catch {
        return false;
    }
}

// The copy of `bytes`, or null when it saves too little: from the cache if it has it.
async function packed(bytes) {
    const entry = cache ? cached(bytes) : null;
    if (entry && take(entry.none) !== null) return null;
    const kept = entry ? take(entry.kept) : null;
    if (kept !== null && unpacksTo(kept, bytes)) return kept;
    const copy = await pack(bytes, {
        params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: 24,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
    });
    const worth = copy.length <= bytes.length * (1 - MIN_SAVING);
    if (entry) store(worth ? entry.kept : entry.none, worth ? copy : "");
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
        if (take(entry.kept) === null) store(entry.kept, readFileSync(copy));
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
if (cache) {
    const unused = Date.now() - PRUNE_DAYS * 24 * 3600 * 1000;
    for (const name of readdirSync(cache)) {
        const path = join(cache, name);
        try {
            if (statSync(path).mtimeMs < unused) rmSync(path, { force: true });
        } catch {} // another build pruned it first
    }
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
