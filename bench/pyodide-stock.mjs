// Start-up floor: the stock pyodide package (as npm ships it) via loadPyodide(), without
// PyScript; tools/bench_startup.py serves it at static/vendor/stock/.
import { loadPyodide } from "../static/vendor/stock/pyodide-314.0.2/pyodide.mjs";

const status = document.querySelector("[data-testid=status]");
try {
    const pyodide = await loadPyodide({
        indexURL: new URL("../static/vendor/stock/pyodide-314.0.2/", import.meta.url).href,
    });
    status.dataset.python = pyodide.runPython("import sys; sys.version.split()[0]");
    document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
    status.textContent = "ready";
} catch (error) {
    status.textContent = `error: ${error}`;
    throw error;
}
