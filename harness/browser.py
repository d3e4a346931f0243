"""The site and the browser for tests and tools: one way to start each.

:func:`serve` runs ``scripts/serve.py`` (the production headers of netlify.toml) on a
free port for as long as the ``with`` block lasts: the built site (:data:`SITE`, ``make
build``) and, at their own paths beside it, the test and benchmark pages (:data:`PAGES`).
:data:`CHROMIUM_ARGS` are the flags Debian's Chromium needs here (headless, no sandbox as
root, no background traffic). :func:`with_stock_runtime` adds npm's runtime, as shipped, at
static/vendor/stock/ beside a built site (the stock floor pages of the start-up benchmark).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist"  # what `make build` writes and the host publishes
PAGES = ("tests/e2e/pages", "bench")  # never published: they load the site's runtime
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
# The browser suites' Chromium: the headless shell of the same Debian build (the same Blink
# and V8, without the full browser around them; Playwright's own headless default). A start
# costs ~20% less CPU in it, and the suites are bound by CPU. What needs the full browser
# (installability, a profile's code cache: tests/e2e/test_pwa.py) and every benchmark and
# screenshot launch CHROMIUM, as players have it.
TEST_CHROMIUM = os.environ.get("HEARTS_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-dev-shm-usage",  # small /dev/shm in containers
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT_S = 15
# Where the stock runtime is served beside the site (bench/pyscript-stock.toml and
# bench/*-stock.* name these folders): /static/vendor/* is cached as the site's runtime is.
STOCK = Path("static", "vendor", "stock")
STOCK_SOURCES = {
    "pyscript": ("@pyscript/core", Path("node_modules", "@pyscript", "core")),
    "pyodide": ("pyodide", Path("node_modules", "pyodide")),
}


def favicon_miss(message: Any) -> bool:
    """A console message that is Chromium asking for /favicon.ico, which the site has not:
    it asks so for a document without an icon link (the manifest, a page of the tests;
    the game's own page links its icon), at times once per browser. Not the page's error."""
    location = getattr(message, "location", None) or {}
    return str(location.get("url", "")).endswith("/favicon.ico")


@contextlib.contextmanager
def serve(root: Path = SITE, *extra: str) -> Iterator[str]:
    """``scripts/serve.py --port 0 --dir root``; yields its base URL (``http://127.0.0.1:N/``)."""
    command = [sys.executable, str(ROOT / "scripts/serve.py"), "--port", "0", "--dir", str(root)]
    for folder in PAGES:
        command += ["--also", folder]
    proc = subprocess.Popen(
        [*command, *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        line = ""
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            match = re.search(r"running at http://localhost:(\d+)/", line)
            if match:
                # 127.0.0.1 rather than "localhost": same secure-context rules, no IPv6 detour.
                yield f"http://127.0.0.1:{match.group(1)}/"
                return
            if proc.poll() is not None:
                break
        raise RuntimeError(f"scripts/serve.py did not start: {line}")
    finally:
        stop_process(proc)


def stop_process(proc: subprocess.Popen[Any], grace_s: float = 10) -> None:
    """Ask a child process to end; kill it if it has not within ``grace_s``."""
    proc.terminate()
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def require_chromium(path: str | None = None) -> None:
    path = path or CHROMIUM
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{path} not found: run `make chromium`")


def chromium_version(path: str) -> str:
    """``Chromium 156.0.8078.129``: what ``path --version`` says, its first such words."""
    said = subprocess.run([path, "--version"], capture_output=True, text=True, check=False)
    found = re.search(r"Chromium [\d.]+", said.stdout)
    return found.group(0) if found else said.stdout.strip()


def suite_launch_options() -> dict[str, Any]:
    """launch_options() for the browser suites: TEST_CHROMIUM, which must be the build
    CHROMIUM is (one Debian version of both packages), or the suites test another engine."""
    require_chromium()
    require_chromium(TEST_CHROMIUM)
    shell, full = chromium_version(TEST_CHROMIUM), chromium_version(CHROMIUM)
    if shell != full:
        raise RuntimeError(
            f"{TEST_CHROMIUM} is {shell!r} but {CHROMIUM} is {full!r}: install one version of"
            " both (apt-get install chromium chromium-headless-shell)"
        )
    return launch_options(executable_path=TEST_CHROMIUM)


def launch_options(**extra: Any) -> dict[str, Any]:
    """Playwright launch options for the machine's Chromium."""
    require_chromium()
    return {"executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_ARGS, **extra}


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(**launch_options())


@contextlib.contextmanager
def with_stock_runtime(root: Path = SITE) -> Iterator[Path]:
    """A site directory that is ``root`` plus the stock runtime at static/vendor/stock/.

    A temporary folder of symbolic links: everything of ``root`` as it is, and
    static/vendor/stock/pyscript-<version> -> node_modules/@pyscript/core/dist,
    static/vendor/stock/pyodide-<version> -> node_modules/pyodide, untouched (the versions
    the site's own runtime was built from, static/vendor/manifest.json; npm ci installed
    them from package-lock.json). Nothing is copied into dist/, which is published."""
    manifest = json.loads((root / "static" / "vendor" / "manifest.json").read_text("utf-8"))
    with tempfile.TemporaryDirectory(prefix="hearts-stock-site-") as tmp:
        site = Path(tmp)

        def mirror(src: Path, dest: Path, keep: str | None) -> None:
            dest.mkdir(parents=True, exist_ok=True)
            for entry in src.iterdir():
                if entry.name != keep:
                    (dest / entry.name).symlink_to(entry.resolve())

        mirror(root, site, "static")
        mirror(root / "static", site / "static", "vendor")
        mirror(root / "static" / "vendor", site / "static" / "vendor", None)
        for key, (package, folder) in STOCK_SOURCES.items():
            installed = json.loads((ROOT / folder / "package.json").read_text("utf-8"))
            if installed["version"] != manifest[key]:
                raise SystemExit(
                    f"{package} {installed['version']} is installed but the site was built "
                    f"from {manifest[key]}: run `make build` (npm ci)"
                )
            files = ROOT / folder / ("dist" if key == "pyscript" else "")
            link = site / STOCK / f"{key}-{manifest[key]}"
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(files.resolve(), target_is_directory=True)
        yield site


def load_serve() -> ModuleType:
    """scripts/serve.py as a module: the headers it applies are netlify.toml's rules, read
    as Netlify reads them (tests of the headers ask it what a path gets)."""
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts/serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
