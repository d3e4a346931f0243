"""A release whose game imports one more standard-library module starts at once for a
returning player.

The trimmed standard library (scripts/stdlib.mjs) holds only what the game imports, so it
changes with the game, yet it lives under static/vendor/, which is served `immutable` for a
year and precached by its URL. Under one fixed name a returning player's browser answered
the new release's start with the old zip, from its HTTP cache or the service worker's
precache, and the start stopped at "The game could not start" (ModuleNotFoundError): with
no service worker every "Try again" failed the same way. The zip's URL now carries its
content hash (scripts/build_vendor.mjs; the page learns it from the contract, whose URL
carries its own: scripts/publish_app.py).

Two builds are served one after the other on one origin (a private copy of dist/, its own
server): the first is dist/ as built, the second the same site with a game whose
hearts/__init__.py also imports a module the first zip lacks, built the way `make build`
builds it (tests/e2e/releases.py). A player
plays the first, keeps its memory snapshot, and starts the second in the same browser
context, with the service worker and without one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.browser import ROOT, SITE

from .releases import build_release, returning_player, shipped_modules

NEW_IMPORT = "colorsys"  # standard library; nothing the first build ships imports it

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The second build: dist/ with the game, its standard library, the contract, the page's
    files and sw.js built again from hearts/ plus one import."""
    assert NEW_IMPORT not in shipped_modules(SITE), "the first build already ships it"
    site = build_release(tmp_path_factory.mktemp("release"), f"\nimport {NEW_IMPORT}\n")
    assert NEW_IMPORT in shipped_modules(site)
    return site


@pytest.mark.parametrize("service_workers", ["allow", "block"])
def test_a_returning_player_starts_a_release_whose_game_imports_more_of_the_stdlib(
    browser, release, tmp_path, service_workers
):
    returning_player(browser, release, tmp_path, service_workers)
