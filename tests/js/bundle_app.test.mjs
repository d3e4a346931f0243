// The page's modules bundled (scripts/bundle_app.mjs), on a small stage of its own: the
// page's scripts, the interpreter and a worker keep their names; a module two scripts
// import is in shared.mjs once, not when a worker imports it too; a module's
// import.meta.url is still its own address; the contract is left as it is; the page's
// hints name the bundle's files, never a module bundled away.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { bundle } from "../../scripts/bundle_app.mjs";

const work = mkdtempSync(join(tmpdir(), "bundle-app-"));
after(() => rmSync(work, { recursive: true, force: true }));

const PAGE = `<!doctype html>
<head>
  <link rel="modulepreload" href="./static/vendor/pyodide-1/pyodide.mjs">
  <link rel="modulepreload" href="./static/build/contract.mjs">
  <link rel="modulepreload" href="./static/parts/words.mjs">
  <script type="module" src="./static/first.mjs"></script>
  <link rel="modulepreload" href="./static/interpreter.mjs">
  <link rel="modulepreload" href="./static/parts/store.mjs">
  <script type="module" src="./static/second.js"></script>
</head>`;
const STAGE = {
    "build/contract.mjs": 'export const BUILD = "b1";\n',
    "first.mjs": 'import { hello } from "./parts/words.mjs";\nimport "./parts/only-first.mjs";\nglobalThis.order.push("first " + hello);\n',
    "second.js": 'import { hello } from "./parts/words.mjs";\nimport { kept } from "./parts/store.mjs";\nglobalThis.order.push("second " + hello + kept);\n',
    "parts/words.mjs": 'import { BUILD } from "../build/contract.mjs";\nexport const hello = "hi " + BUILD;\nexport const here = new URL("../build/game.zip", import.meta.url).href;\n',
    "parts/only-first.mjs": 'globalThis.order.push("only-first");\n',
    "parts/store.mjs": 'export const kept = "!";\n',
    "interpreter.mjs": 'import { kept } from "./parts/store.mjs";\nimport { version } from "../vendor/pyodide-1/pyodide.mjs";\nexport const run = () => new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });\nexport { kept, version };\n',
    "worker.mjs": 'import { kept } from "./parts/store.mjs";\npostMessage(kept);\n',
    "build/game.zip": "not a module",
    "stale.mjs": "a file deleted from the source tree",
};
const stage = join(work, "stage");
for (const [path, text] of Object.entries(STAGE)) {
    mkdirSync(dirname(join(stage, path)), { recursive: true });
    writeFileSync(join(stage, path), text);
}
writeFileSync(join(work, "index.html"), PAGE);
writeFileSync(join(work, "pyscript.toml"), 'interpreter = "./static/interpreter.mjs"\n');
const out = join(work, "out");
const listed = Object.keys(STAGE).filter((path) => path !== "stale.mjs");
const done = await bundle({ stage, out, page: join(work, "index.html"), config: join(work, "pyscript.toml"), listed });
const read = (path) => readFileSync(join(out, "app", path), "utf8");

test("the scripts, the interpreter and the worker keep their names; the modules only they import are in them", () => {
    assert.deepEqual(done.files, [
        "build/contract.mjs", "build/game.zip", "first.mjs", "interpreter.mjs", "second.js",
        "shared.mjs", "store.mjs", "worker.mjs",
    ].sort());
    assert.deepEqual(readFileSync(join(out, "files.txt"), "utf8").split("\n").filter(Boolean), done.files);
    assert.match(read("first.mjs"), /only-first/);
    assert.ok(!readdirSync(join(out, "app")).includes("parts"));
});

test("a module two scripts import is in shared.mjs; one a worker imports too is not", () => {
    assert.match(read("shared.mjs"), /hi /);
    assert.doesNotMatch(read("shared.mjs"), /kept = "!"/);
    assert.match(read("store.mjs"), /kept = "!"/);
    assert.match(read("worker.mjs"), /from '\.\/store\.mjs'/);
    assert.doesNotMatch(read("worker.mjs"), /shared\.mjs/); // a worker must not run the page's code
});

test("import.meta.url is the module's own address; the runtime and the contract are outside", () => {
    assert.match(read("shared.mjs"), /new URL\("\.\.\/build\/game\.zip", new URL\("parts\/words\.mjs", import\.meta\.url\)\.href\)/);
    assert.match(read("interpreter.mjs"), /new Worker\(new URL\("\.\/worker\.mjs", import\.meta\.url\)/);
    assert.match(read("interpreter.mjs"), /from '\.\.\/vendor\/pyodide-1\/pyodide\.mjs'/);
    assert.equal(read("build/contract.mjs"), STAGE["build/contract.mjs"]);
    assert.match(read("shared.mjs"), /from '\.\/build\/contract\.mjs'/);
});

test("the page's hints name the bundle's files in its order, at the first hint's place", () => {
    const page = readFileSync(join(out, "index.html"), "utf8");
    const hints = [...page.matchAll(/modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(hints, [
        "./static/vendor/pyodide-1/pyodide.mjs",
        "./static/build/contract.mjs",
        "./static/shared.mjs",
        "./static/interpreter.mjs",
        "./static/store.mjs",
    ]);
    assert.ok(page.indexOf("shared.mjs") < page.indexOf('src="./static/first.mjs"'));
    assert.equal(readFileSync(join(out, "pyscript.toml"), "utf8"), 'interpreter = "./static/interpreter.mjs"\n');
});

test("the bundled scripts run in the page's order, each module once", async () => {
    globalThis.order = [];
    await import(join(out, "app", "first.mjs"));
    await import(join(out, "app", "second.js"));
    assert.deepEqual(globalThis.order, ["only-first", "first hi b1", "second hi b1!"]);
});
