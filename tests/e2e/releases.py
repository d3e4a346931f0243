"""Two builds served one after the other on one origin, as the release tests see them.

:func:`build_release` makes a second build of the site from dist/ (its own copy, never
dist/ itself) the way `make build` makes one: the game's archive from a copy of hearts/
with a few lines added, the trimmed standard library, the contract, the page's files
(scripts/publish_app.py: the folder named for their hash, the config and index.html, from
the stage `make build` left in .cache/app/, some of them edited) and sw.js; no brotli copies
of what changed. :func:`deploy` publishes it over a served copy as a host does.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from harness.browser import ROOT, SITE, serve

from .drive import collect_errors

STAGE = ROOT / ".cache" / "app"  # the page's files as `make build` built them
TIMEOUT_MS = 180_000  # a start, the snapshot, the worker's install: a loaded 2-core machine
STARTED = "html[data-state=ready], html[data-state=stopped]"
GAME = "?seed=11&cadence=0&lang=en"


def run(*command: str) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"


def app_folder(site: Path) -> Path:
    """The site's one folder of page files, static/app-<hash>/ (scripts/publish_app.py)."""
    folders = sorted((site / "static").glob("app-*"))
    assert len(folders) == 1, f"{site}: {folders}"
    return folders[0]


def build_id(site: Path) -> str:
    contract = (app_folder(site) / "build/contract.mjs").read_text(encoding="utf-8")
    found = re.search(r'^export const BUILD = "(\w+)";$', contract, flags=re.MULTILINE)
    assert found, "contract.mjs exports no BUILD"
    return found.group(1)


def build_release(work: Path, game_lines: str, page_edits: dict[str, str] | None = None) -> Path:
    """The second build in ``work``/site: hearts/__init__.py ends with ``game_lines``; each
    page file named in ``page_edits`` (its path in static/) ends with the text given."""
    source = work / "source"  # a repository root for the build scripts: hearts/ and scripts/
    bytecode = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "hearts", source / "hearts", ignore=bytecode)
    (source / "scripts").symlink_to(ROOT / "scripts", target_is_directory=True)
    init = source / "hearts" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + game_lines, encoding="utf-8")
    stage = work / "stage"
    shutil.copytree(STAGE, stage)
    for name, text in (page_edits or {}).items():
        edited = stage / name
        edited.write_text(edited.read_text(encoding="utf-8") + text, encoding="utf-8")

    site = work / "site"
    shutil.copytree(SITE, site)
    build, vendor = stage / "build", site / "static/vendor"
    run(sys.executable, "scripts/build_game.py", "--root", str(source), "--out", str(build))
    run("node", "scripts/build_vendor.mjs", "--out", str(vendor), "--game", str(source / "hearts"))
    run(
        *(sys.executable, "scripts/build_contract.py", "--root", str(source)),
        *("--out", str(build), "--vendor", str(vendor)),
    )
    publish(stage, site)
    for copy in site.rglob("*.br"):  # the brotli copies of what was built again are stale
        plain = copy.with_name(copy.name.removesuffix(".br"))
        before = SITE / plain.relative_to(site)
        if not plain.is_file() or not before.is_file() or plain.read_bytes() != before.read_bytes():
            copy.unlink()
    assert build_id(site) != build_id(SITE)
    return site


def publish(stage: Path, site: Path) -> None:
    """The page's files in ``stage`` published over ``site`` as `make build` does: their
    modules bundled (scripts/bundle_app.mjs), then their folder, the page and the config
    (scripts/publish_app.py), then the service worker."""
    bundle = stage.with_name(stage.name + "-bundle")
    files = sorted(p.relative_to(stage).as_posix() for p in stage.rglob("*") if p.is_file())
    run("node", "scripts/bundle_app.mjs", "--stage", str(stage), "--out", str(bundle), *files)
    listed = (bundle / "files.txt").read_text(encoding="utf-8").split()
    run(
        *(sys.executable, "scripts/publish_app.py", "--stage", str(bundle / "app")),
        *("--site", str(site), "--root", str(bundle), *listed),
    )
    run("node", "scripts/build_sw.mjs", "--root", str(site))


def shipped_modules(site: Path) -> list[str]:
    manifest = json.loads((site / "static/vendor/manifest.json").read_text(encoding="utf-8"))
    modules: list[str] = manifest["stdlib"]["modules"]
    return modules


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


def play_first_build(page: Page, url: str, service_workers: str, errors: list[str]) -> None:
    """The first build, played once: the HTTP cache, the precache (with a service worker)
    and the memory snapshot hold it."""
    collect_errors(page, errors, "first build")
    assert start(page, url) == "ready", "\n".join(errors)
    if service_workers == "allow":
        attached(page, "html[data-pwa=offline-ready]")  # precached
    attached(page, "html[data-python-kept]")  # the next start's snapshot


# The build the page runs: the BUILD of the contract the page itself imported.
RUNNING_BUILD = """
  import(document.querySelector('link[rel=modulepreload][href*="contract.mjs"]').href)
    .then((m) => m.BUILD)"""


def returning_player(
    browser: Any,
    release: Path,
    work: Path,
    service_workers: str,
    read: Callable[[Page], Any] = lambda page: None,
) -> tuple[Any, Any]:
    """A player plays the first build (a copy of dist/ in ``work``); ``release`` is deployed
    over it (with a service worker, its successor installs and waits); the player comes
    back, and that first start plays the second build whole: no "Try again", no error.
    ``read(page)`` is called on each build's page once it is ready: its two results."""
    site = work / "site"
    shutil.copytree(SITE, site)
    errors: list[str] = []
    with serve(site) as url:
        context = browser.new_context(service_workers=service_workers)
        try:
            page = context.new_page()
            play_first_build(page, url, service_workers, errors)
            first = read(page)
            deploy(release, site)
            if service_workers == "allow":  # the new worker installs and waits for the next start
                page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
                attached(page, "html[data-pwa=update-ready]")
            page.close()

            page = context.new_page()
            collect_errors(page, errors, "second build")
            assert start(page, url) == "ready", "\n".join(errors)
            assert page.evaluate(RUNNING_BUILD) == build_id(release), "the second build runs"
            second = read(page)
        finally:
            context.close()
    assert errors == []
    return first, second


def publish_again(site: Path, version: int) -> None:
    """A new version over ``site`` in place, as a deploy writes it: the page's files of
    `make build` plus deploy-<version>.txt, published in their new folder (index.html and
    the config point into it, the old folder is gone), and a new sw.js."""
    stage = site.parent / f"stage-{version}"
    shutil.copytree(STAGE, stage)
    (stage / f"deploy-{version}.txt").write_text(f"version {version}\n", encoding="utf-8")
    publish(stage, site)
