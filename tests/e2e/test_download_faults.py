"""Downloads that fail, stall or arrive damaged (U13): every stage of the start has
a bound decided by progress (static/watch.mjs), and the way on never loops (the service
worker checks its precache against the build's hashes: scripts/sw-prelude.js).

* A first visit (no service worker) whose runtime file fails late, stalls or arrives cut
  short, or whose contract or pyscript.toml does not load: the game's own message, in the
  player's language, with "Try again", within seconds; never "Starting Python…" for ever
  and never PyScript's internal text (PY0001). Try again leads to a playable table.
* A precached copy damaged on disk (the game's archive or the page cut short, a module
  with a syntax error): the start stops with the way on (or plays without the module),
  and the damaged copy is dropped and fetched again, so the next start plays; offline, the
  way on says the game needs the network once more.

The saved game and the statistics are kept through all of it. Routing disables the HTTP
cache, so every start in a test downloads the runtime again: the faults meet a real fetch.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Route

from harness.browser import SITE
from harness.gamepage import open_game, settle, wait_ready
from hearts import i18n
from hearts.web.records import GAME_KEY, STATS_KEY

from .drive import act, written

GAME = "?seed=71&cadence=0&lang=de"
STOPPED = "html[data-state=stopped]"
OFFLINE_READY = "html[data-pwa=offline-ready]"
STOP_TEXT = "Das Spiel konnte nicht starten."  # hearts/i18n/de.py boot.stopped
RETRY = "Erneut versuchen"  # boot.retry
STALL_S = 8  # static/watch.mjs STALL_MS
BOUND_S = 25  # a failure or a stall, and the start's own time before it, on a loaded machine
INSTALL_MS = 180_000


@pytest.fixture
def fresh(browser: Any, site_url: str) -> Any:
    """A page in a context of its own, without a service worker (a first visit)."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context.new_page()
    context.close()


@pytest.fixture
def installed(browser: Any, site_url: str) -> Any:
    """A page in a context of its own whose service worker has precached the site."""
    context = browser.new_context(base_url=site_url)
    yield context.new_page()
    context.close()


def played(page: Any) -> dict[str, str]:
    """A first start with a pass made: the records a fault must not lose."""
    now = open_game(page, GAME)
    act(page, now)
    settle(page)
    return written(page, GAME_KEY, STATS_KEY)


def stops_with_the_way_on(page: Any, started: float) -> None:
    """The game's message with Try again, within the bound; none of the runtime's text."""
    page.wait_for_selector(STOPPED, state="attached", timeout=BOUND_S * 1000)
    button = page.locator("#boot button[data-boot]")
    button.wait_for(timeout=5000)
    assert time.monotonic() - started < BOUND_S
    assert STOP_TEXT in page.locator("#boot").inner_text()
    assert button.inner_text() == RETRY
    shown = page.locator("body").inner_text()
    assert "PY0" not in shown and "Starting Python" not in shown and "Python wird" not in shown


def goes_on(page: Any, before: dict[str, str]) -> None:
    """Try again leads to a playable table, with the saved game and statistics kept."""
    with page.expect_navigation(timeout=60_000):  # after the service worker's check
        page.locator("#boot button[data-boot]").click()
    now = wait_ready(page)
    assert written(page, GAME_KEY)[GAME_KEY] == before[GAME_KEY]
    stats = json.loads(written(page, STATS_KEY)[STATS_KEY])
    assert stats["levels"] == json.loads(before[STATS_KEY])["levels"]  # (time_ms goes on)
    act(page, now)
    assert len(settle(page)["actions"]) > len(now["actions"])


def fault_on_first_visit(page: Any, pattern: str | re.Pattern[str], fault: Any) -> None:
    before = played(page)
    done: list[str] = []

    def handle(route: Route) -> None:
        done.append(route.request.url)
        fault(route)

    page.route(pattern, handle)
    started = time.monotonic()
    page.goto("/" + GAME)
    stops_with_the_way_on(page, started)
    assert done, f"{pattern} was never requested"
    page.unroute(pattern)
    goes_on(page, before)


def fail_late(route: Route) -> None:
    route.fetch()  # the server sent it; the connection breaks before the page has it
    route.abort("connectionreset")


def cut_short(route: Route) -> None:
    response = route.fetch()
    body = response.body()
    route.fulfill(response=response, body=body[: len(body) // 2])


def server_error(route: Route) -> None:
    route.fulfill(status=503, body="unavailable")


def test_the_standard_library_failing_late_stops_with_the_way_on(fresh):
    fault_on_first_visit(fresh, "**/python_stdlib.zip", fail_late)


def test_the_standard_library_cut_short_stops_with_the_way_on(fresh):
    # before: CPython aborted on the damaged zip and the page said "Starting Python…" for ever
    fault_on_first_visit(fresh, "**/python_stdlib.zip", cut_short)


def test_a_stalled_download_stops_within_seconds_of_the_stall(fresh):
    before = played(fresh)
    stalled: list[Route] = []  # never answered: the page sees no byte
    fresh.route("**/python_stdlib.zip", lambda route: stalled.append(route))
    started = time.monotonic()
    fresh.goto("/" + GAME)
    stops_with_the_way_on(fresh, started)
    assert time.monotonic() - started >= STALL_S  # progress decides: not before the stall
    assert stalled, "the standard library was never requested"
    for route in stalled:  # as a real stall ends: the connection is dropped
        route.abort("timedout")
    fresh.unroute("**/python_stdlib.zip")
    goes_on(fresh, before)


def test_the_contract_failing_stops_with_the_way_on_in_the_players_language(fresh):
    # before: "Loading…" for ever (every page script imports the contract). Its address
    # fails every time; the texts come from a second request under another address.
    fault_on_first_visit(fresh, re.compile(r"/static/app-\w+/build/contract\.mjs$"), server_error)


def test_pyscript_toml_failing_shows_the_games_message_not_pyscripts(fresh):
    # before: PyScript's own error text (PY0001 …)
    fault_on_first_visit(fresh, "**/pyscript-*.toml", fail_late)


# --- damaged precache entries ------------------------------------------------------------------


def test_every_precache_entry_carries_the_files_size_and_sha256():
    """Workbox fetches each entry with its integrity (a copy that does not match is never
    cached), and the worker's own table (scripts/sw-prelude.js) checks what it holds."""
    sw = (SITE / "sw.js").read_text(encoding="utf-8")
    entries = re.findall(r'\{url:"([^"]+)",revision:(?:"[0-9a-f]+"|null),integrity:"([^"]+)"\}', sw)
    table = json.loads(re.search(r"const FILES = (\{.*?\});", sw).group(1))  # type: ignore[union-attr]
    assert len(entries) > 40 and {url for url, _ in entries} == set(table)
    for url, integrity in entries:
        data = (SITE / url).read_bytes()
        expected = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        assert integrity == expected == table[url][1], url
        assert table[url][0] == len(data), url


# Writes a damaged copy over the precached one (cut to half, or a syntax error appended) and
# drops the interpreter's memory snapshot, so that the start reads the damaged file.
DAMAGE = """
async ([suffix, how]) => {
  for (const name of await caches.keys()) {
    if (name.startsWith("hearts-python-memory-")) await caches.delete(name);
  }
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.endsWith(suffix)) continue;
      const response = await cache.match(request);
      let bytes = new Uint8Array(await response.arrayBuffer());
      if (how === "cut") bytes = bytes.slice(0, bytes.length >> 1);
      else bytes = new Uint8Array([...bytes, ...new TextEncoder().encode("\\n}) => {{(")]);
      await cache.put(request, new Response(bytes, { headers: response.headers }));
      return request.url;
    }
  }
  return null;
}
"""


def damaged_precache(page: Any, suffix: str, how: str) -> dict[str, str]:
    """Installs the site, plays a pass and damages the precached copy of ``suffix``."""
    page.goto("/" + GAME)
    wait_ready(page)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=INSTALL_MS)
    before = played(page)
    assert page.evaluate(DAMAGE, [suffix, how]), f"no precached {suffix}"
    # The page's files are served `immutable`: the renderer's memory cache would answer the
    # next load with the copy it already holds, never asking the worker for the damaged one.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    return before


def stops_and_is_fetched_again(page: Any, suffix: str, how: str) -> None:
    before = damaged_precache(page, suffix, how)
    started = time.monotonic()
    page.goto("/" + GAME)
    stops_with_the_way_on(page, started)  # before: the same failure at every start
    goes_on(page, before)
    page.goto("/" + GAME)  # and the start after it plays too: the damage did not stick
    wait_ready(page)


def test_the_games_archive_cut_short_in_the_precache_is_fetched_again(installed):
    stops_and_is_fetched_again(installed, "/build/hearts.zip", "cut")


def test_the_page_cut_short_in_the_precache_is_fetched_again(installed):
    stops_and_is_fetched_again(installed, "/index.html", "cut")


def test_a_precached_module_with_a_syntax_error_is_fetched_again(installed):
    # boot.js (its modules bundled into it: scripts/bundle_app.mjs) and its early table are
    # lost (Python plays without it), and the service worker fetches the damaged module
    # again at once: the next start has it whole.
    page = installed
    before = damaged_precache(page, "/boot.js", "garble")
    page.goto("/" + GAME)
    now = wait_ready(page)
    assert page.get_attribute("html", "data-boot") is None  # boot.js did not run
    assert written(page, GAME_KEY)[GAME_KEY] == before[GAME_KEY]
    act(page, now)
    settle(page)
    page.goto("/" + GAME)
    wait_ready(page)
    assert page.get_attribute("html", "data-boot") in {"neutral", "picture"}


def test_offline_the_way_on_says_the_game_needs_the_network_once_more(installed):
    page = installed
    before = damaged_precache(page, "/build/hearts.zip", "cut")
    page.context.set_offline(True)
    started = time.monotonic()
    page.goto("/" + GAME)
    stops_with_the_way_on(page, started)
    page.locator("#boot button[data-boot]").click()
    offline = i18n.text("de", "boot.offline")
    why = page.locator("#boot .boot-why")
    why.filter(has_text=offline[:40]).wait_for(timeout=30_000)  # the damaged copy is gone
    assert page.get_attribute("html", "data-state") == "stopped"
    page.context.set_offline(False)
    goes_on(page, before)  # the same button, once online
