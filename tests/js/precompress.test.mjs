// scripts/precompress.mjs: the brotli copies beside the site's files, and its --cache of
// copies by the SHA-256 of what they pack (a fresh copy's build takes them from there:
// tests/e2e/test_pwa_build.py).
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { brotliDecompressSync } from "node:zlib";

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

test("the cache gives a build of the same bytes its copies and keeps only what it used", () => {
    const [first, second] = [site(), site()];
    const cache = join(first, ".cache");
    try {
        run(first, "--cache", cache);
        const entries = readdirSync(cache).sort();
        assert.equal(entries.length, 2); // the page's copy, the archive's "not worth it"
        assert.ok(entries.some((name) => name.endsWith(".none")));
        // A copy the cache holds is taken as it is, not packed again: mark it to see.
        const kept = join(cache, entries.find((name) => name.endsWith(".br")));
        writeFileSync(kept, Buffer.concat([readFileSync(kept), Buffer.from("taken")]));
        writeFileSync(join(cache, "stale.br"), "an old build's copy");
        writeFileSync(join(second, "packed.zip"), readFileSync(join(first, "packed.zip")));
        run(second, "--cache", cache);
        assert.ok(readFileSync(join(second, "page.html.br")).toString("latin1").endsWith("taken"));
        assert.ok(!existsSync(join(second, "packed.zip.br")));
        assert.deepEqual(readdirSync(cache).sort(), entries);
    } finally {
        rmSync(first, { recursive: true });
        rmSync(second, { recursive: true });
    }
});

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
