"""Updates never disturb a game: a new version installs in the background and takes over
only when the player accepts it (between hands) or on the next start.

Runs against a private copy of the built site (dist/, its own server; a deploy publishes
the page's files again in place, tests/e2e/releases.py), so that a "deploy" can change files
under the open page.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Frame

from harness.browser import ROOT, SITE, serve

from .drive import collect_errors
from .releases import publish_again

GAME = "?seed=11&cadence=0&lang=en"
TIMEOUT_MS = 180_000  # generous: the tests also run on loaded 2-core machines

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)


def deploy(site: Path, version: int) -> None:
    """A new version: a file is added to the page's files, so they move to a new folder
    and index.html changes (tests/e2e/releases.py); new sw.js."""
    publish_again(site, version)


@pytest.fixture
def private_site(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(SITE, site)  # its sw.js already precaches exactly these files (make build)
    with serve(site) as url:
        yield site, url


def cached_paths(page) -> list[str]:
    """Precached URLs (path + Workbox's revision parameter), sorted."""
    return sorted(
        page.evaluate(
            """async () => {
                const out = [];
                for (const name of await caches.keys()) {
                    for (const r of await (await caches.open(name)).keys()) {
                        const url = new URL(r.url);
                        out.push(url.pathname + url.search);
                    }
                }
                return out;
            }"""
        )
    )


def revisions(paths: list[str], path: str) -> list[str]:
    return [p for p in paths if p.split("?")[0] == path]


def holds(paths: list[str], name: str) -> bool:
    """Whether a precached path is ``name`` in the folder of page files (any build's)."""
    return any(re.fullmatch(r"/static/app-[0-9a-f]{12}/" + re.escape(name), p) for p in paths)


def state(page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.evaluate("window.heartsDebug.state()"))
    return found


def ready(page) -> None:
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=TIMEOUT_MS)


def install(page, url: str) -> None:
    """The game at ``url`` is ready and its service worker has installed it for offline."""
    page.goto(url + GAME)
    ready(page)
    page.wait_for_selector("html[data-pwa=offline-ready]", state="attached", timeout=TIMEOUT_MS)


def find_update(page) -> None:
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("html[data-pwa=update-ready]", state="attached", timeout=TIMEOUT_MS)


def test_a_new_version_waits_for_the_player_or_the_next_start(
    page, context, private_site, console_errors, csp_violations
):
    site, url = private_site
    install(page, url)
    page.evaluate("window.__sameDocument = true")
    game = state(page)["game"]
    first = cached_paths(page)

    # A deploy: the new worker installs in the background and waits. The page is not
    # reloaded, the game is untouched, the old files are still what the page is served.
    deploy(site, 2)
    find_update(page)
    assert page.evaluate("window.heartsPWA.updateReady") is True
    assert page.evaluate("window.__sameDocument") is True
    assert state(page)["game"] == game
    # The new worker has installed and waits: without skipWaiting nothing takes over.
    installed = """async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return !!(r.waiting && r.waiting.state === "installed" && r.active);
    }"""
    assert page.evaluate(installed) is True
    assert page.evaluate("window.__sameDocument") is True
    waiting = cached_paths(page)
    assert revisions(waiting, "/index.html") != revisions(first, "/index.html")
    assert len(revisions(waiting, "/index.html")) == 2, "old and new side by side"
    assert not holds(first, "deploy-2.txt") and holds(waiting, "deploy-2.txt")

    # The player accepts the notice (the game page offers it between hands): one reload,
    # the saved game resumes, and the old revisions are gone from the cache.
    with page.expect_navigation(timeout=TIMEOUT_MS):
        assert page.evaluate("window.heartsPWA.applyUpdate()") is True
    ready(page)
    assert page.evaluate("window.__sameDocument") is None
    assert state(page)["game"] == game
    updated = cached_paths(page)
    assert revisions(updated, "/index.html") == [
        p for p in revisions(waiting, "/index.html") if p not in first
    ]
    assert holds(updated, "deploy-2.txt")
    folders = [
        {p.split("/")[2] for p in ps if p.startswith("/static/app-")} for ps in (first, updated)
    ]
    assert len(folders[1]) == 1 and folders[0].isdisjoint(folders[1]), "the old build's are gone"
    assert page.evaluate("window.heartsPWA.updateReady") is False

    # Next start: another deploy waits; a newly opened tab (nothing on screen yet) lets it
    # take over and reloads itself once. The tab already playing is left alone.
    page.evaluate("window.__sameDocument = true")
    deploy(site, 3)
    find_update(page)
    newcomer = context.new_page()
    collect_errors(newcomer, console_errors, "newcomer")
    navigations: list[str] = []

    def on_navigated(frame: Frame) -> None:
        if frame == newcomer.main_frame:
            navigations.append(frame.url)

    newcomer.on("framenavigated", on_navigated)
    newcomer.goto(url + GAME, wait_until="commit")
    # The game is open in `page`: the new tab says so and plays only once it takes over
    # (one tab drives a saved game).
    newcomer.wait_for_selector("html[data-state=elsewhere]", state="attached", timeout=TIMEOUT_MS)
    newcomer.locator('#dlg-tab [data-intent="take-over"]').click()
    ready(newcomer)
    assert len(navigations) == 2, "the new tab reloads itself once, under the new version"
    assert newcomer.evaluate(
        "navigator.serviceWorker.getRegistration().then((r) => !r.waiting && !!r.active)"
    )
    assert holds(cached_paths(newcomer), "deploy-3.txt")
    assert newcomer.evaluate("window.heartsPWA.updateReady") is False
    assert page.evaluate("window.__sameDocument") is True
    assert state(newcomer)["game"] == game

    assert csp_violations(page) == []
    assert console_errors == []


REFUSE_SESSION_STORAGE = """Object.defineProperty(window, "sessionStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""


def test_a_start_without_session_storage_takes_over_and_an_offer_taken_up_elsewhere_reloads(
    page, context, private_site
):
    """A browser that refuses sessionStorage threw in the take-over on start: the waiting
    version never took over at any start. And the playing tab's offer, once another tab's
    start had activated that version, was a button that did nothing (no version waited any
    more) while the tab ran its old code under the new worker."""
    site, url = private_site
    install(page, url)
    game = state(page)["game"]
    deploy(site, 2)
    find_update(page)
    newcomer = context.new_page()
    newcomer.add_init_script(REFUSE_SESSION_STORAGE)
    newcomer.goto(url + GAME, wait_until="commit")
    newcomer.wait_for_selector("html[data-state=elsewhere]", state="attached", timeout=TIMEOUT_MS)
    taken = "navigator.serviceWorker.getRegistration().then((r) => !r.waiting && !!r.active)"
    assert newcomer.evaluate(taken), "the waiting version did not take over at the start"
    assert holds(cached_paths(newcomer), "deploy-2.txt")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        assert page.evaluate("window.heartsPWA.applyUpdate()") is True
    ready(page)
    assert state(page)["game"] == game


def test_a_new_version_that_does_not_take_over_leaves_the_start_to_the_old_one(
    page, private_site, console_errors, csp_violations
):
    """A start that finds a version waiting asks it to take over; if it never does, the
    page starts the old version in place and offers the update - it does not reload into a
    take-over that may be half done (in Chrome such a reload could hang for good)."""
    site, url = private_site
    install(page, url)
    game = state(page)["game"]

    # A version whose worker ignores the request to skip waiting: it never takes over.
    deploy(site, 2)
    worker = site / "sw.js"
    generated = worker.read_text(encoding="utf-8")
    assert generated.count("self.skipWaiting()") == 1
    worker.write_text(generated.replace("self.skipWaiting()", "void 0"), encoding="utf-8")
    find_update(page)

    navigations: list[str] = []
    warnings: list[str] = []

    def on_navigated(frame: Frame) -> None:
        if frame == page.main_frame:
            navigations.append(frame.url)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("framenavigated", on_navigated)
    page.on("console", on_console)
    page.reload(wait_until="commit")
    ready(page)
    assert len(navigations) == 1, "the start went on in place, with no second reload"
    assert any("did not take over (installed)" in w for w in warnings), warnings
    page.wait_for_selector("html[data-pwa=update-ready]", state="attached", timeout=TIMEOUT_MS)
    assert page.evaluate("window.heartsPWA.updateReady") is True
    assert (
        page.evaluate(
            "navigator.serviceWorker.getRegistration().then((r) => r.waiting && r.waiting.state)"
        )
        == "installed"
    )
    assert state(page)["game"] == game

    assert csp_violations(page) == []
    assert console_errors == []
