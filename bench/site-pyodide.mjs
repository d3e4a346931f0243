// The vendored Pyodide as the site starts it, for the pages that load it without the game's
// static/interpreter.mjs: bench/pyscript-bare.html (the `interpreter` of its config),
// bench/pyodide-bare.mjs and the e2e smoke page (tests/e2e/pages/smoke/pyscript.toml,
// written by scripts/gen_pyscript_toml.py). The trimmed standard library lives in a folder
// named for its hash (scripts/build_vendor.mjs; static/build/contract.mjs says which), and
// Pyodide looks for python_stdlib.zip beside pyodide.mjs unless it is told: PyScript passes
// only an indexURL, this module's own folder, so both are set here.
import { loadPyodide as load, version } from "../static/vendor/pyodide-314.0.2/pyodide.mjs";
import { STDLIB } from "../static/app/build/contract.mjs";

export { version };

const INDEX_URL = new URL("../static/vendor/pyodide-314.0.2/", import.meta.url).href;

export function loadPyodide(options = {}) {
    return load({ ...options, indexURL: INDEX_URL, stdLibURL: new URL(STDLIB, INDEX_URL).href });
}
