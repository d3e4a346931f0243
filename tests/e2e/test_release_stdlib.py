"""A release whose game imports one more standard-library module starts at once for a
returning player.

The trimmed standard library (scripts/stdlib.mjs) holds only what the game imports, so it
changes with the game, yet it lives under static/vendor/, which is served `immutable` for a
year and precached by its URL. Under one fixed name a returning player's browser answered
the new release's start with the old zip, from its HTTP cache or the service worker's
precache, and the start stopped at "The game could not start" (ModuleNotFoundError): with
no service worker every "Try again" failed the same way. The zip's URL now carries its
content hash (scripts/build_vendor.mjs; the page learns it from static/build/contract.mjs,
which is revalidated on every load).

Two builds are served one after the other on one origin (a private copy of dist/, its own
server): the first is dist/ as built, the second the same site with a game whose
hearts/__init__.py also imports a module the first zip lacks, built the way `make build`
builds it (archive, trimmed standard library, contract, sw.js; no brotli copies). A player
plays the first, keeps its memory snapshot, and starts the second in the same browser
context, with the service worker and without one.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

from harness.browser import ROOT, SITE, serve

from .drive import collect_errors

NEW_IMPORT = "colorsys"  # standard library; nothing the first build ships imports it
GAME = "?seed=11&cadence=0&lang=en"
TIMEOUT_MS = 180_000  # a start, the snapshot, the worker's install: a loaded 2-core machine
STARTED = "html[data-state=ready], html[data-state=stopped]"

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)


def run(*command: str) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"


def shipped_modules(site: Path) -> list[str]:
    manifest = json.loads((site / "static/vendor/manifest.json").read_text(encoding="utf-8"))
    modules: list[str] = manifest["stdlib"]["modules"]
    return modules


def build_id(site: Path) -> str:
    contract = (site / "static/build/contract.mjs").read_text(encoding="utf-8")
    found = re.search(r'^export const BUILD = "(\w+)";$', contract, flags=re.MULTILINE)
    assert found, "contract.mjs exports no BUILD"
    return found.group(1)


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The second build: dist/ with the game, its standard library, the contract and sw.js
    built again from hearts/ plus one import."""
    assert NEW_IMPORT not in shipped_modules(SITE), "the first build already ships it"
    work = tmp_path_factory.mktemp("release")
    source = work / "source"  # a repository root for the build scripts: hearts/ and scripts/
    bytecode = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "hearts", source / "hearts", ignore=bytecode)
    (source / "scripts").symlink_to(ROOT / "scripts", target_is_directory=True)
    init = source / "hearts" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + f"\nimport {NEW_IMPORT}\n", encoding="utf-8")

    site = work / "site"
    shutil.copytree(SITE, site)
    build, vendor = site / "static/build", site / "static/vendor"
    run(sys.executable, "scripts/build_game.py", "--root", str(source), "--out", str(build))
    run("node", "scripts/build_vendor.mjs", "--out", str(vendor), "--game", str(source / "hearts"))
    run(sys.executable, "scripts/build_contract.py", "--root", str(source), "--out", str(build))
    run("node", "scripts/build_sw.mjs", "--root", str(site))
    for copy in site.rglob("*.br"):  # the brotli copies of what was built again are stale
        plain = copy.with_name(copy.name.removesuffix(".br"))
        before = SITE / plain.relative_to(site)
        if not plain.is_file() or not before.is_file() or plain.read_bytes() != before.read_bytes():
            copy.unlink()
    assert NEW_IMPORT in shipped_modules(site)
    assert build_id(site) != build_id(SITE)
    return site


def deploy(release: Path, site: Path) -> None:
    """Publish ``release`` over ``site`` as a host does: what changed is replaced (a new
    modification time: validators change), what it no longer has is gone."""
    for path in sorted(release.rglob("*")):
        target = site / path.relative_to(release)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.is_file() or target.read_bytes() != path.read_bytes():
            shutil.copyfile(path, target)
    for path in sorted(site.rglob("*"), reverse=True):  # a folder's files before it
        if not (release / path.relative_to(site)).exists():
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink()


def attached(page: Page, selector: str) -> None:
    page.wait_for_selector(selector, state="attached", timeout=TIMEOUT_MS)


def start(page: Page, url: str) -> str:
    """Open the game; the state its start ends in: "ready" or "stopped"."""
    page.goto(url + GAME)
    attached(page, STARTED)
    return str(page.get_attribute("html", "data-state"))


@pytest.mark.parametrize("service_workers", ["allow", "block"])
def test_a_returning_player_starts_a_release_whose_game_imports_more_of_the_stdlib(
    browser, release, tmp_path, service_workers
):
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    errors: list[str] = []
    with serve(site) as url:
        context = browser.new_context(service_workers=service_workers)
        try:
            # The first build, played once: the HTTP cache, the precache (with a service
            # worker) and the memory snapshot hold it.
            page = context.new_page()
            collect_errors(page, errors, "first build")
            assert start(page, url) == "ready", "\n".join(errors)
            if service_workers == "allow":
                attached(page, "html[data-pwa=offline-ready]")  # precached
            attached(page, "html[data-python-kept]")  # the next start's snapshot

            deploy(release, site)
            if service_workers == "allow":  # the new worker installs and waits for the next start
                page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
                attached(page, "html[data-pwa=update-ready]")
            page.close()

            # The player comes back: the second build's first start plays, no "Try again".
            page = context.new_page()
            collect_errors(page, errors, "second build")
            assert start(page, url) == "ready", "\n".join(errors)
            running = page.evaluate("import('./static/build/contract.mjs').then((m) => m.BUILD)")
            assert running == build_id(release), "the page runs the second build"
        finally:
            context.close()
    assert errors == []
