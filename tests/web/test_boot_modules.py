"""static/boot.js and its modules (issue 44): small files, one job each, fetched in one wave.

boot.js paints the table before Python starts; its modules (static/boot/) are imported
statically, so without a hint the browser would ask for them only once boot.js has
arrived - a second round trip before the first paint. index.html names each of them in a
``<link rel="modulepreload">``: they are fetched with boot.js (and, on a return visit,
answered by the service worker, which precaches all of static/: tests/e2e/test_pwa_build.py).
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
# Over the limit for now (issue 44): the stylesheet (one file the page loads before its
# first paint) and the card motion (rewritten elsewhere), the PWA glue.
LONGER = {"css/hearts.css", "motion.mjs", "pwa.mjs"}
IMPORT = re.compile(r'^\s*import\s+(?:[^"\']*?\sfrom\s+)?["\'](\.{1,2}/[^"\']+)["\']', re.MULTILINE)


class Preloads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("rel") == "modulepreload" and found.get("href"):
            self.found.append(str(found["href"]))


def preloaded() -> set[Path]:
    parser = Preloads()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return {(ROOT / href).resolve() for href in parser.found}


def imported(module: Path) -> set[Path]:
    """The page's own modules ``module`` imports, directly or not (the generated contract
    and the runtime are no source files here)."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        source = todo.pop().resolve()
        for spec in IMPORT.findall(source.read_text(encoding="utf-8")):
            target = (source.parent / spec).resolve()
            if target not in found and target.parent.name not in {"build", "vendor"}:
                assert target.is_file(), f"{source.name} imports {spec}: no such file"
                found.add(target)
                todo.append(target)
    return found


def test_every_module_boot_js_imports_is_preloaded_with_it() -> None:
    modules = imported(BOOT)
    assert modules >= set((STATIC / "boot").glob("*.mjs"))  # none left out of the page
    boot_links = {p for p in preloaded() if p.parent == STATIC / "boot"}
    assert modules - boot_links == set(), "not preloaded: a second round trip before paint"
    assert boot_links <= modules, "preloaded but not imported: a download for nothing"


def test_the_import_check_follows_imports() -> None:
    assert STATIC / "boot" / "hand.mjs" in imported(STATIC / "boot" / "input.mjs")
    assert STATIC / "boot" / "records.mjs" in imported(STATIC / "boot" / "input.mjs")


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_s_own_files_are_small() -> None:
    own = [
        p
        for p in STATIC.rglob("*")
        if p.suffix in {".js", ".mjs", ".css"}
        and p.relative_to(STATIC).parts[0] not in {"vendor", "build"}
    ]
    long = {p.relative_to(STATIC).as_posix() for p in own if lines(p) > MAX_LINES}
    assert long <= LONGER, f"over {MAX_LINES} lines: split them by job"
    assert lines(BOOT) <= BOOT_LINES
