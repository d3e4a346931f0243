// Start-up floor: the vendored Pyodide via loadPyodide(), without PyScript (with the
// site's standard library: ./site-pyodide.mjs).
import { loadPyodide } from "./site-pyodide.mjs";

const status = document.querySelector("[data-testid=status]");
try {
    const pyodide = await loadPyodide();
    status.dataset.python = pyodide.runPython("import sys; sys.version.split()[0]");
    document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
    status.textContent = "ready";
} catch (error) {
    status.textContent = `error: ${error}`;
    throw error;
}
