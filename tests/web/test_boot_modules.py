"""The page's scripts and their modules: small files, one job each, fetched in
one wave.

static/boot.js paints the table before Python starts, static/pwa.mjs holds the runtime's
start until it knows whether a new version takes over; their modules (static/boot/,
static/pwa/) are imported statically, so without a hint the browser would ask for them
only once the script has arrived - a second round trip before the first paint. index.html
names each of them in a ``<link rel="modulepreload">``: they are fetched with the page's
scripts (and, on a return visit, answered by the service worker, which precaches all of
static/: tests/e2e/test_pwa_build.py).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
BOOT = STATIC / "boot.js"
# The page's own scripts and styles stay small: at most this many lines each, boot.js
# itself at most BOOT_LINES (it only puts the modules together).
MAX_LINES = 250
BOOT_LINES = 150
# The page's files are published in static/app-<hash>/ beside static/vendor/, so they import
# the runtime as "../vendor/…": from static/ in the source tree that names ROOT/vendor.
RUNTIME_BESIDE = ROOT / "vendor"
BUILT = {"build", "vendor"}  # static/'s folders of built files (the contract, the runtime)
# Imported only once a fresh start is playable (static/interpreter.mjs): a hint would have
# every start download what only a start without a snapshot uses, long after the paint.
LATER = {STATIC / "snapshot-make.mjs"}
# Static imports, and dynamic ones of a literal path (static/runtime.mjs starts the
# interpreter's module so once the update gate lets it: it is preloaded all the same).
IMPORT = re.compile(
    r'^\s*import\s+(?:[^"\']*?\sfrom\s+)?["\'](\.{1,2}/[^"\']+)["\']'
    r'|\bimport\(\s*["\'](\.{1,2}/[^"\']+)["\']\s*\)',
    re.MULTILINE,
)


class Head(HTMLParser):
    """The module scripts of a page and the modules it preloads."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: set[Path] = set()
        self.preloads: set[Path] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("type") == "module" and found.get("src"):
            self.scripts.add((ROOT / str(found["src"])).resolve())
        if tag == "link" and found.get("rel") == "modulepreload" and found.get("href"):
            self.preloads.add((ROOT / str(found["href"])).resolve())


def page() -> Head:
    head = Head()
    head.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return head


def imported(module: Path) -> set[Path]:
    """The page's own modules ``module`` imports, directly or not (the generated contract
    and the runtime are no source files here)."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        source = todo.pop().resolve()
        for static, dynamic in IMPORT.findall(source.read_text(encoding="utf-8")):
            spec = static or dynamic
            target = (source.parent / spec).resolve()
            if target.is_relative_to(RUNTIME_BESIDE):  # published one folder deeper: the runtime
                target = STATIC / "vendor" / target.relative_to(RUNTIME_BESIDE)
            if target not in found and target.relative_to(STATIC).parts[0] not in BUILT:
                assert target.is_file(), f"{source.name} imports {spec}: no such file"
                found.add(target)
                todo.append(target)
    return found


def test_every_module_the_page_s_scripts_import_is_preloaded_with_them() -> None:
    head = page()
    assert BOOT in head.scripts and STATIC / "pwa.mjs" in head.scripts
    modules = {m for script in head.scripts for m in imported(script)}
    for folder in ("boot", "pwa"):  # none of their modules left out of the page
        assert modules >= set((STATIC / folder).glob("*.mjs")), folder
    fetched = head.preloads | set(head.scripts)  # a script of the page is fetched with it
    assert modules - fetched - LATER == set(), "not preloaded: a second round trip before paint"
    assert modules >= LATER and not LATER & fetched
    own = {p for p in head.preloads if p.relative_to(STATIC).parts[0] not in BUILT}
    assert own <= modules, "preloaded but not imported: a download for nothing"


def test_the_import_check_follows_imports() -> None:
    assert STATIC / "boot" / "hand.mjs" in imported(STATIC / "boot" / "input.mjs")
    assert STATIC / "idb-guard.mjs" in imported(STATIC / "runtime.mjs")  # through import()
    assert STATIC / "boot" / "records.mjs" in imported(STATIC / "boot" / "input.mjs")


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_s_own_files_are_small() -> None:
    own = [
        p
        for p in STATIC.rglob("*")
        if p.suffix in {".js", ".mjs", ".css"} and p.relative_to(STATIC).parts[0] not in BUILT
    ]
    long = {p.relative_to(STATIC).as_posix() for p in own if lines(p) > MAX_LINES}
    # The stylesheet too: its parts (static/css/hearts/) are joined by the build into the
    # one file the page loads before its first paint.
    assert not long, f"over {MAX_LINES} lines: split them by job"
    assert lines(BOOT) <= BOOT_LINES
