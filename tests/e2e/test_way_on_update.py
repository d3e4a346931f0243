"""The way on after a failed start when a new version waits, or when the browser's HTTP
cache holds a damaged runtime file (static/watch/way-on.mjs, scripts/sw-prelude.js).

* A returning player's old version fails to start (its precached copy of the game's
  archive is damaged) while a new version waits to take over. Try again has the waiting
  version check its own copies (its own archive, in its own folder of page files, is
  damaged too) and fetch again what does not match, and takes it as the way on: the page
  reloads into the new version, which plays. It never says "offline" while the server
  answers, and it leaves the waiting version's own entries alone. Before: the old worker
  checked every entry against its own hashes, deleted the new version's and could not
  fetch its own old files again from a server that has moved on, so it said "offline".
* The same, offline for real: it says so, deletes nothing, and the same button goes on
  to the new version once the connection is back.
* The old version's own copy is damaged and the server already serves a newer version
  that no worker has found yet: Try again looks for it and lets it take over (before:
  "offline", the old file being gone from the server).
* A first visit (no service worker) whose standard library or game archive reached the
  HTTP cache cut short (the runtime and the page's files are served `immutable`: the
  browser never asks again): Try again checks the cached copies against the build's hashes
  and fetches the damaged one again past that cache, so the next start plays. Before:
  every start got the damaged copy.

Every test runs against a private copy of the built site, on a server of its own, so that
a deploy (test_pwa_update.deploy) or a damaged file changes nothing for other tests.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from harness.browser import ROOT, SITE, serve
from harness.gamepage import poll, wait_ready
from hearts import i18n

from .releases import app_folder
from .test_pwa_update import cached_paths, deploy, find_update

GAME = "?seed=11&cadence=0&lang=en"
BUTTON = "#boot button[data-boot]"
OFFLINE = i18n.text("en", "boot.offline")
RELOADED = "hearts:pwa-reloaded"  # static/pwa/update.mjs: this tab's one take-over on start
ARCHIVE = "build/hearts.zip"  # in the folder of the page's files (scripts/publish_app.py)
TIMEOUT_MS = 180_000  # generous: the tests also run on loaded 2-core machines
STOP_S = 90  # a failed start, on a loaded machine
WAY_ON_S = 150  # the worker's check of every copy, the new version's take-over, a reload

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)


@pytest.fixture
def private_site(tmp_path: Path) -> Any:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)  # its sw.js already precaches exactly these files (make build)
    with serve(site) as url:
        yield site, url


def keys(site: Path) -> set[str]:
    """The precache keys (path + Workbox's revision parameter) of the site's sw.js."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    entries = re.findall(r'\{url:"([^"]+)",revision:(?:"([0-9a-f]+)"|null),', sw)
    assert entries, "no precache manifest in sw.js"
    return {f"/{url}?__WB_REVISION__={rev}" if rev else f"/{url}" for url, rev in entries}


# The precached copies of the game's archives cut to half, the memory snapshot
# dropped so that the start reads the archive, and the new version's own entries re-stored
# with a marker header, same bytes, same key: whatever deletes or replaces one of them loses
# its marker.
DAMAGE = """
async ([archives, marked]) => {
  for (const name of await caches.keys()) {
    if (name.startsWith("hearts-python-memory-")) await caches.delete(name);
  }
  let cut = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const response = await cache.match(request);
      const headers = new Headers(response.headers);
      let bytes = new Uint8Array(await response.arrayBuffer());
      if (archives.includes(url.pathname)) {
        bytes = bytes.slice(0, bytes.length >> 1);
        cut += 1;
      } else if (marked.includes(url.pathname + url.search)) {
        headers.set("x-hearts-test", "kept");
      } else continue;
      await cache.put(request, new Response(bytes, { status: response.status, headers }));
    }
  }
  return cut;
}
"""

MARKED = """
async (marked) => {
  const kept = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const response = await cache.match(request);
      if (marked.includes(url.pathname + url.search) && response.headers.get("x-hearts-test")) {
        kept.push(url.pathname + url.search);
      }
    }
  }
  return kept.sort();
}
"""

# SHA-256 (base64) of every precached copy of `path`, by key.
HASHES = """
async (path) => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname !== path) continue;
      const bytes = await (await cache.match(request)).arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      found[url.pathname + url.search] = btoa(String.fromCharCode(...digest));
    }
  }
  return found;
}
"""

WAITING = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))"


def published(site: Path, name: str) -> str:
    """The path of ``name`` among the page's files as ``site`` publishes them now."""
    return "/" + (app_folder(site) / name).relative_to(site).as_posix()


# The folder of page files the page runs (its modules'), as a path.
RUNNING = r"""new URL(document.querySelector('link[rel=modulepreload][href*="contract.mjs"]').href)
  .pathname.replace(/\/build\/contract\.mjs$/, "")"""


def sha256(path: Path) -> str:
    return base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def old_version_fails_while_a_new_one_waits(page: Any, site: Path, url: str) -> list[str]:
    """Installs version 1, deploys version 2 (it waits), damages both versions' archives and
    opens the game again in the same tab, whose one take-over on start is used up (as after
    a reload that found the new version not ready to take over): version 1 starts, and
    stops with the way on. Returns the new version's own keys (marked)."""
    page.goto(url + GAME)
    wait_ready(page)
    page.wait_for_selector("html[data-pwa=offline-ready]", state="attached", timeout=TIMEOUT_MS)
    first = keys(site)
    archives = [published(site, ARCHIVE)]  # version 1's
    deploy(site, 2)
    find_update(page)
    archives.append(published(site, ARCHIVE))  # version 2's, in its own folder
    own = sorted(key for key in keys(site) - first if key != archives[1])
    assert published(site, "deploy-2.txt") in [key.split("?")[0] for key in own]
    assert set(own) <= set(cached_paths(page)), "the new version installed its entries"
    assert page.evaluate(DAMAGE, [archives, own]) == 2, "one entry of each archive"
    page.evaluate("(key) => sessionStorage.setItem(key, '1')", RELOADED)
    page.goto(url + GAME)
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=STOP_S * 1000)
    button = page.locator(BUTTON)
    button.wait_for(timeout=10_000)
    assert button.get_attribute("data-boot") == "retry"
    assert page.evaluate(WAITING) is True
    return own


def press_the_way_on(page: Any, said: str = "") -> str:
    """Presses the way on; "reloaded" once the page navigates, or "offline" if it says so
    (and did not already before: ``said``, the text it showed)."""
    navigated: list[str] = []

    def outcome() -> str | None:
        if navigated:
            return "reloaded"
        try:
            now = page.locator("#boot").inner_text(timeout=1000)
        except PlaywrightError:  # the page is being replaced
            return None
        return "offline" if OFFLINE[:40] in now and OFFLINE[:40] not in said else None

    def on_navigated(frame: Any) -> None:
        if frame == page.main_frame:
            navigated.append(frame.url)

    page.on("framenavigated", on_navigated)
    try:
        page.locator(BUTTON).click()
        result: str = poll(page, outcome, bool, timeout_s=WAY_ON_S, what="the way on's outcome")
    finally:
        page.remove_listener("framenavigated", on_navigated)
    return result


def runs_the_new_version(page: Any, site: Path, own: list[str]) -> None:
    wait_ready(page)
    assert page.evaluate(WAITING) is False, "the new version took over"
    assert page.evaluate(RUNNING) == published(site, ""), "the page runs the new version's files"
    assert page.evaluate(MARKED, own) == own, "the new version's own entries were left alone"
    archive = page.evaluate(HASHES, published(site, ARCHIVE))
    assert set(archive.values()) == {sha256(app_folder(site) / ARCHIVE)}, archive


def test_try_again_online_takes_the_waiting_version(page, private_site):
    site, url = private_site
    own = old_version_fails_while_a_new_one_waits(page, site, url)
    # before: "You are offline…", with the new version's entries deleted
    assert press_the_way_on(page) == "reloaded", page.locator("#boot").inner_text()
    runs_the_new_version(page, site, own)


def test_offline_try_again_says_so_and_deletes_nothing(page, private_site):
    site, url = private_site
    own = old_version_fails_while_a_new_one_waits(page, site, url)
    page.context.set_offline(True)
    assert press_the_way_on(page) == "offline"  # the damaged archive cannot be fetched now
    assert page.get_attribute("html", "data-state") == "stopped"
    assert page.evaluate(WAITING) is True
    assert page.evaluate(MARKED, own) == own, "nothing of the new version was deleted"
    page.context.set_offline(False)
    said = page.locator("#boot").inner_text()
    assert press_the_way_on(page, said) == "reloaded"  # the same button, once online
    runs_the_new_version(page, site, own)


def test_try_again_finds_a_new_version_when_the_server_has_moved_on(page, private_site):
    """The old version's own copy of its configuration is damaged and the server already
    serves a newer one, which no worker has found yet: the old version's file cannot be
    fetched again, but the network answers. Try again looks for the new version, lets it
    install and take over (before: "offline")."""
    site, url = private_site
    page.goto(url + GAME)
    wait_ready(page)
    page.wait_for_selector("html[data-pwa=offline-ready]", state="attached", timeout=TIMEOUT_MS)
    first = keys(site)
    config = next(key for key in first if key.startswith("/pyscript-"))
    assert page.evaluate(DAMAGE, [[config], []]) == 1
    deploy(site, 2)
    page.goto(url + GAME)
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=STOP_S * 1000)
    assert press_the_way_on(page) == "reloaded", page.locator("#boot").inner_text()
    wait_ready(page)
    assert page.evaluate(WAITING) is False
    assert page.evaluate(RUNNING) == published(site, ""), "the page runs the new version's files"
    assert config not in cached_paths(page), "the old version's entries went with it"


@pytest.mark.parametrize(
    "pattern", ["static/vendor/pyodide-*/**/python_stdlib.zip", "static/app-*/build/hearts.zip"]
)
def test_a_damaged_runtime_file_in_the_http_cache_is_fetched_again(browser, private_site, pattern):
    site, url = private_site
    stdlib = next(site.glob(pattern))
    whole = stdlib.read_bytes()
    stdlib.with_name(stdlib.name + ".br").unlink()  # the server sends the file itself
    stdlib.write_bytes(whole[: len(whole) // 2])  # as a broken proxy once sent it
    context = browser.new_context(base_url=url, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url + GAME)
        # CPython aborts on the cut standard library; the browser keeps the copy a year.
        page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=STOP_S * 1000)
        stdlib.write_bytes(whole)  # the server is whole again
        assert press_the_way_on(page) == "reloaded"
        # before: the start got the cut copy from the HTTP cache again, and stopped again
        page.wait_for_selector(
            "html[data-state=ready], html[data-state=stopped]",
            state="attached",
            timeout=TIMEOUT_MS,
        )
        assert page.get_attribute("html", "data-state") == "ready"
    finally:
        context.close()
