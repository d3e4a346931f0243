"""The self-hosted runtime boots under the production headers, with nothing from elsewhere.

Smoke page: tests/e2e/pages/smoke/ (PyScript via static/runtime.mjs, imports all of hearts).
Floor pages: bench/pyscript-bare.html, bench/pyodide-bare.html (start-up benchmark), and
their stock twins bench/pyscript-stock.html, bench/pyodide-stock.html (npm's files).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from harness.browser import ROOT, SITE, serve, with_stock_runtime

from .conftest import PINS, PYODIDE_DIR

SMOKE = "tests/e2e/pages/smoke/"


def boot(page, path, requests_log, console_errors, csp_violations, wait_for_python):
    page.goto(path)
    seconds = wait_for_python(page)
    requests_log.assert_same_origin()
    requests_log.assert_no_errors()
    assert csp_violations(page) == []
    assert console_errors == []
    return seconds


def response_for(requests_log, suffix):
    matches = [r for url, r in requests_log.responses.items() if url.endswith(suffix)]
    assert matches, f"no response for *{suffix}"
    return matches[0]


def test_smoke_page_boots_and_imports_the_engine(
    page, requests_log, console_errors, csp_violations, wait_for_python, record_property
):
    seconds = boot(page, SMOKE, requests_log, console_errors, csp_violations, wait_for_python)
    record_property("boot_seconds", round(seconds, 2))
    status = page.locator("[data-testid=status]")
    assert status.get_attribute("data-hearts"), "hearts.__all__ was empty"

    # Everything came from the self-hosted runtime, with the production headers.
    document = response_for(requests_log, SMOKE)
    csp = document.headers["content-security-policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert "unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
    assert document.headers["x-content-type-options"] == "nosniff"

    wasm = response_for(requests_log, f"/{PYODIDE_DIR}/pyodide.asm.wasm")
    assert wasm.headers["content-type"] == "application/wasm"
    assert "immutable" in wasm.headers["cache-control"]
    # /static/app/: the tests' name for the site's folder of page files (scripts/serve.py)
    for suffix in ("/pyodide.mjs", "/python_stdlib.zip", "/static/app/runtime.mjs"):
        response_for(requests_log, suffix)
    archive = response_for(requests_log, "/static/app/build/hearts.zip")  # the game: one request
    assert archive.headers["cache-control"] == "no-cache"  # the alias, not the hashed folder
    assert not [u for u in requests_log.urls if "/hearts/" in u and u.endswith(".py")]
    for response in requests_log.responses.values():
        assert response.headers.get("x-content-type-options") == "nosniff", response.url


@pytest.mark.parametrize("path", ["bench/pyscript-bare.html", "bench/pyodide-bare.html"])
def test_startup_floor_pages_boot(
    path, page, requests_log, console_errors, csp_violations, wait_for_python
):
    boot(page, path, requests_log, console_errors, csp_violations, wait_for_python)
    assert int(page.locator("html").get_attribute("data-ready-ms")) > 0


@pytest.mark.parametrize("path", ["bench/pyscript-stock.html", "bench/pyodide-stock.html"])
def test_stock_floor_pages_boot_on_the_npm_packages_files(path, page, console_errors):
    """The benchmark's stock floor (tools/bench_startup.py): npm's runtime, untrimmed."""
    stdlib = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    seen: dict[str, int] = {}
    page.on("response", lambda r: seen.__setitem__(urlsplit(r.url).path, len(r.body())))
    with with_stock_runtime(SITE) as root, serve(root) as url:
        page.goto(url + path)
        page.wait_for_selector("html[data-ready-ms]", state="attached", timeout=60_000)
    stock = f"/static/vendor/stock/pyodide-{PINS['pyodide']}"
    assert seen[f"{stock}/python_stdlib.zip"] == stdlib.stat().st_size  # not the trimmed one
    assert not [p for p in seen if p.startswith(f"/{PYODIDE_DIR}/")]
    assert console_errors == []
