// scripts/precompress.mjs: the brotli copies beside the site's files, and its --cache of
// copies by the SHA-256 of what they pack (every checkout's build takes them from there).
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
    existsSync,
    mkdtempSync,
    readFileSync,
    readdirSync,
    rmSync,
    utimesSync,
    writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

const SCRIPT = new URL("../../scripts/precompress.mjs", import.meta.url).pathname;
const run = (...args) => execFileSync("node", [SCRIPT, ...args], { encoding: "utf8" });

function site() {
    const root = mkdtempSync(join(tmpdir(), "precompress-"));
    writeFileSync(join(root, "page.html"), "<p>Hearts</p>\n".repeat(400));
    writeFileSync(join(root, "packed.zip"), randomBytes(4096)); // nothing to gain
    writeFileSync(join(root, "tiny.css"), "p{}"); // too small to bother
    return root;
}

test("each compressible file gets a copy that unpacks to it; the others none", () => {
    const root = site();
    try {
        assert.match(run(root), /1 brotli copies written/);
        const page = readFileSync(join(root, "page.html"));
        assert.deepEqual(brotliDecompressSync(readFileSync(join(root, "page.html.br"))), page);
        assert.ok(!existsSync(join(root, "packed.zip.br")) && !existsSync(join(root, "tiny.css.br")));
    } finally {
        rmSync(root, { recursive: true });
    }
});

// Two sites, the first built with a cache (in it): body(first, second, cache).
function afterACachedBuild(body) {
    const [first, second] = [site(), site()];
    const cache = join(first, ".cache");
    try {
        run(first, "--cache", cache);
        body(first, second, cache);
    } finally {
        rmSync(first, { recursive: true });
        rmSync(second, { recursive: true });
    }
}

test("the cache gives a build of the same bytes its copies, and drops only long-unused entries", () =>
    afterACachedBuild((first, second, cache) => {
        const entries = readdirSync(cache).sort();
        assert.equal(entries.length, 2); // the page's copy, the archive's "not worth it"
        assert.ok(entries.some((name) => name.endsWith(".none")));
        // A copy the cache holds is taken as it is, not packed again: one packed otherwise
        // (as fast as brotli goes, so not what this build would write) shows it.
        const kept = join(cache, entries.find((name) => name.endsWith(".br")));
        const page = readFileSync(join(first, "page.html"));
        const other = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } });
        assert.notDeepEqual(other, readFileSync(kept));
        writeFileSync(kept, other);
        // Another checkout's entry stays; one no build has used for 40 days goes.
        writeFileSync(join(cache, "another.br"), "another build's copy");
        writeFileSync(join(cache, "stale.br"), "an old build's copy");
        const long = new Date(Date.now() - 40 * 24 * 3600 * 1000);
        utimesSync(join(cache, "stale.br"), long, long);
        writeFileSync(join(second, "packed.zip"), readFileSync(join(first, "packed.zip")));
        run(second, "--cache", cache);
        assert.deepEqual(readFileSync(join(second, "page.html.br")), other);
        assert.ok(!existsSync(join(second, "packed.zip.br")));
        assert.deepEqual(readdirSync(cache).sort(), [...entries, "another.br"].sort());
    }));

test("a damaged copy in the cache is packed again and replaced, never served", () =>
    afterACachedBuild((first, second, cache) => {
        const kept = join(cache, readdirSync(cache).find((name) => name.endsWith(".br")));
        const whole = readFileSync(kept);
        writeFileSync(kept, whole.subarray(0, whole.length - 3)); // cut short
        assert.match(run(second, "--cache", cache), /1 brotli copies written/);
        const page = readFileSync(join(second, "page.html"));
        assert.deepEqual(brotliDecompressSync(readFileSync(join(second, "page.html.br"))), page);
        assert.deepEqual(readFileSync(kept), whole);
        assert.deepEqual(readdirSync(cache).filter((name) => name.endsWith(".tmp")), []);
    }));

test("a copy already beside its file is kept and put in the cache", () => {
    const root = site();
    const cache = join(root, ".cache");
    try {
        run(root);
        assert.match(run(root, "--cache", cache), /0 brotli copies written/);
        const copy = readFileSync(join(root, "page.html.br"));
        const cached = readdirSync(cache).filter((name) => name.endsWith(".br"));
        assert.equal(cached.length, 1);
        assert.deepEqual(readFileSync(join(cache, cached[0])), copy);
    } finally {
        rmSync(root, { recursive: true });
    }
});
