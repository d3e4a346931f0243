"""A release that changes the page's own files starts at once, whole, for a returning player.

The page's files (its modules, the stylesheet, the game's archive, the contract, ...) are
published in a folder named for a hash of their bytes (scripts/publish_app.py) and served
`immutable`; only index.html and sw.js keep fixed URLs. Under fixed names a returning
player's browser could answer a new release's start with an old copy of one file beside a
new copy of another (the HTTP cache, the service worker's precache keyed by URL).

Two builds are served one after the other on one origin (tests/e2e/releases.py): the
second changes the game (its archive and so the contract's BUILD), a module the page loads
(static/sound.mjs) and the stylesheet. A player plays the first, keeps its memory snapshot,
and starts the second in the same browser context, with the service worker and without one:
the first start of the second build plays, and every page file it loaded is the second
build's, byte for byte, under the second build's folder.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from harness.browser import ROOT, SITE

from .releases import app_folder, build_release, returning_player

MARK = "release 2"  # in the second build's sound.mjs and stylesheet

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)

# Every same-origin file the page loaded (the document, its modules, the stylesheet, what
# PyScript fetched), with the SHA-256 of the bytes the page gets for it now (from the
# service worker's precache or the HTTP cache, as the page's own requests were answered).
LOADED = """async () => {
  const hex = (buffer) =>
    Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
  const own = [...new Set(urls.filter((u) => new URL(u).origin === location.origin))];
  const hashes = {};
  for (const url of own) {
    const response = await fetch(url);
    const bytes = await response.arrayBuffer();
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    if (response.ok) hashes[new URL(url).pathname] = hex(digest);
  }
  return hashes;
}"""


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    edits = {"sound.mjs": f"\n// {MARK}\n", "css/hearts.css": f"\n/* {MARK} */\n"}
    site = build_release(tmp_path_factory.mktemp("release"), "\nRELEASE = 2\n", edits)
    assert app_folder(site).name != app_folder(SITE).name, "the folder's name follows its bytes"
    return site


def page_files(loaded: dict[str, str]) -> dict[str, str]:
    """The page's own files among ``loaded``: all but the entry points and the runtime."""
    return {
        path: digest
        for path, digest in loaded.items()
        if path not in ("/", "/index.html", "/sw.js") and not path.startswith("/static/vendor/")
    }


@pytest.mark.parametrize("service_workers", ["allow", "block"])
def test_a_returning_player_starts_a_release_of_new_page_files_whole(
    browser, release, tmp_path, service_workers
):
    first, second = returning_player(
        browser, release, tmp_path, service_workers, lambda page: page_files(page.evaluate(LOADED))
    )
    folder = "/" + app_folder(release).relative_to(release).as_posix() + "/"
    config = next(p.name for p in release.glob("pyscript-*.toml"))
    for path in ("sound.mjs", "css/hearts.css", "build/hearts.zip", "build/contract.mjs"):
        assert folder + path in second, f"the second start did not load {path}"
    for path, digest in second.items():
        assert path.startswith(folder) or path == f"/{config}", f"not the second build's: {path}"
        built = hashlib.sha256((release / path.lstrip("/")).read_bytes()).hexdigest()
        assert digest == built, f"{path}: the page got other bytes than the second build's"
    assert not set(first) & set(second), "a page file kept its URL with new bytes"
