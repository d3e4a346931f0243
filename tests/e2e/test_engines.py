"""The game in the three browser engines players use: Chromium, Firefox, WebKit
(U8).

One browser start per engine (harness/engines.py: Chromium through Playwright, Firefox ESR
over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb), with a
fresh profile and its own server, and in it, in order, as a new player would:

1. the first visit: the engine gets ready, Python started as usual (no snapshot is
   downloaded); then a module worker makes the memory snapshot and keeps it in
   Cache Storage (via ``requestIdleCallback`` or, where the engine has none, a plain
   timer), and the next start restores it;
   three cards passed and a whole hand played through real pointer clicks; a reload in
   the middle of the hand resumes the same game; the hand's moves are exactly those the
   engine makes in CPython for the same choices (tests/e2e/drive.py's fixed policy);
2. a tampered save is refused with the notice, the statistics kept;
3. the keyboard: Tab into the hand, arrows, Enter / Space to choose, pass and play;
4. offline: once the service worker is active, the server is stopped and a reload still
   starts the game from the precache and plays on.

No page error anywhere (harness/engines.py says what each engine can report). Cadence 0.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

from harness.browser import serve
from harness.engines import ENGINES, Engine, launch
from harness.gamepage import BOOT_TIMEOUT_S, settle, state, wait_until
from hearts.web.records import BAD_SUFFIX, GAME_KEY

from .drive import act, hand, replay_policy

# Selenium's own webkitgtk driver still uses a deprecated Selenium call (4.50).
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

SEED = 7
GAME = f"?seed={SEED}&cadence=0&lang=en"
# A same-origin page that is not the game: storage is written there while no game page is
# open (an open one saves its own state on the way out). An HTML page of the tests (served
# under the site's CSP), not a file of the site: WebKit and Chromium show sw.js as a text
# document whose <pre> has a style attribute, and WebKit reports the CSP's block of it
# (style-src-attr) late enough, on a loaded machine, for the error watch to see it.
ELSEWHERE = "tests/e2e/pages/blank.html"
TIMEOUT_S = 180  # generous: a loaded 2-core machine (WebKit's start alone can take 5+ s)

# What each engine offers of the features the game would use if present.
FEATURES = """() => ({
  webLocks: !!navigator.locks,
  cacheStorage: typeof caches === "object",
  decompressionStream: typeof DecompressionStream === "function",
  requestIdleCallback: typeof requestIdleCallback === "function",
  serviceWorker: "serviceWorker" in navigator,
  networkInformation: "connection" in navigator,
  containerQueries: CSS.supports("container-type: inline-size"),
  dynamicViewport: CSS.supports("height: 100dvh"),
})"""

# An entry, not only the cache: the page opens the (empty) cache at every start.
SNAPSHOT_KEPT = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("hearts-python-memory-")) continue;
    if ((await (await caches.open(name)).keys()).length) return true;
  }
  return false;
}"""


class Site:
    """``scripts/serve.py`` for one engine; :meth:`stop` takes the origin off the network."""

    def __init__(self) -> None:
        self._serving: contextlib.AbstractContextManager[str] | None = serve()
        self.url = self._serving.__enter__()

    def stop(self) -> None:
        if self._serving is not None:
            self._serving.__exit__(None, None, None)
            self._serving = None


@pytest.fixture(scope="module", params=ENGINES)
def site_and_engine(request) -> Iterator[tuple[Site, Engine]]:
    site = Site()
    try:
        browser = request.getfixturevalue("browser") if request.param == "chromium" else None
        with launch(request.param, site.url, playwright_browser=browser) as engine:
            yield site, engine
    finally:
        site.stop()


@pytest.fixture
def engine(site_and_engine) -> Iterator[Engine]:
    engine = site_and_engine[1]
    engine.clear_errors()  # each test answers for its own
    yield engine
    errors = engine.errors()
    assert errors == [], f"{engine.name}: page errors: {errors}"


def ready(engine: Engine) -> dict[str, Any]:
    """Wait for a dealt table that answers taps; fails on the page's own error states."""
    engine.wait_for(
        "!!document.querySelector('html[data-state=ready], html[data-boot-error], .py-error')",
        BOOT_TIMEOUT_S,
        "the engine ready",
    )
    failed = engine.evaluate(
        "(document.querySelector('.py-error') || {}).textContent"
        " || document.documentElement.dataset.bootError || ''"
    )
    assert not failed, f"{engine.name}: the page did not start: {failed}"
    return state(engine)


def open_game(engine: Engine, query: str = GAME) -> dict[str, Any]:
    engine.goto("/" + query)
    return ready(engine)


def reload(engine: Engine) -> dict[str, Any]:
    engine.reload()
    return ready(engine)


def tap(engine: Engine, selector: str) -> None:
    """A real click where a finger taps: a card on its visible strip (they overlap), any
    other button in its middle."""
    if selector.startswith("#hand"):
        engine.click(selector, 8, 24)
    else:
        engine.click(selector)


def python_start(engine: Engine) -> str:
    return str(engine.evaluate("document.documentElement.dataset.python || ''"))


def stored(engine: Engine, key: str) -> str | None:
    value = engine.evaluate("(key) => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def write_storage(engine: Engine, records: dict[str, str | None]) -> None:
    """Set (or remove, for None) ``records`` while no game page is open."""
    engine.goto("/" + ELSEWHERE)
    engine.evaluate(
        """(records) => { for (const [k, v] of Object.entries(records)) {
             if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
           } }""",
        records,
    )


def test_first_visit_pass_a_whole_hand_and_a_reload_mid_hand(engine):
    now = open_game(engine)
    features = engine.evaluate(FEATURES)
    print(f"\n{engine.name} {engine.version}: features {json.dumps(features)}")
    assert python_start(engine) == "fresh", "a first visit has no snapshot to start from"
    assert now["phase"] == "pass" and len(hand(engine)) == 13

    # Pass three cards, by real clicks (the first three of the hand: drive.act's policy).
    now = settle(engine, TIMEOUT_S)
    first = hand(engine)[:3]
    act(engine, now, press=tap)
    now = settle(engine, TIMEOUT_S)
    assert now["phase"] == "play"
    assert not set(first) & set(hand(engine)), "the three cards left the hand"
    assert engine.evaluate("document.querySelectorAll('#hand button.received').length") == 3

    # Half the hand, a reload, the other half.
    while len(hand(engine)) > 6:
        act(engine, now, press=tap)
        now = settle(engine, TIMEOUT_S)
    before, cards = now, hand(engine)
    resumed = reload(engine)
    assert resumed["game"] == before["game"], "the reload did not resume the same game"
    assert resumed["pending"] == before["pending"]
    assert hand(engine) == cards  # the same table painted again
    now = settle(engine, TIMEOUT_S)
    while now["phase"] == "play":
        act(engine, now, press=tap)
        now = settle(engine, TIMEOUT_S)
    assert now["phase"] == "hand_over"
    assert engine.exists("#dlg-summary[open]")
    expected = replay_policy(SEED).log
    assert now["actions"] == list(expected[: len(now["actions"])]), "moves differ from CPython"
    assert sum(now["scores"]) in (26, 78), now["scores"]  # 26 points, or a moon (3 x 26)

    # The snapshot was made for the next start (after the game ran and the engine idled).
    engine.wait_for(SNAPSHOT_KEPT, TIMEOUT_S, "the memory snapshot kept in Cache Storage")
    reload(engine)
    assert python_start(engine) == "snapshot"


def test_a_tampered_save_is_refused_with_the_notice(engine):
    now = open_game(engine)
    played = json.loads(now["stats"])["levels"]["medium"][0]
    saved = stored(engine, GAME_KEY)
    assert saved is not None
    # One CPU pass changed by hand; the record's check no longer matches.
    table = json.loads(saved)
    game = json.loads(table["game"])
    game["actions"][0] = game["actions"][0].replace("P1 ", "P1 2C ", 1)
    tampered = json.dumps({**table, "game": json.dumps(game, separators=(",", ":"))})
    assert tampered != saved
    write_storage(engine, {GAME_KEY: tampered})

    now = open_game(engine)
    notice = str(engine.evaluate("document.getElementById('notice').innerText"))
    assert "could not be loaded and was set aside" in notice, notice
    assert "statistics are kept" in notice, notice
    assert stored(engine, GAME_KEY + BAD_SUFFIX) == tampered
    assert json.loads(now["stats"])["levels"]["medium"][0] == played + 1  # kept, + this game
    assert now["phase"] == "pass" and now["hand_number"] == 1  # a fresh game, playable
    tap(engine, '#notice [data-intent="dismiss"]')
    assert engine.evaluate("document.getElementById('notice').innerText.trim()") == ""


def test_the_page_storage_is_written_on_draws_nothing_the_csp_blocks(engine):
    # Deterministic where the violation's report is not: it can come before the error watch
    # starts, or after. Under the site's CSP any style attribute in a document is blocked.
    engine.goto("/" + ELSEWHERE)
    styled = engine.evaluate(
        "[...document.querySelectorAll('[style]')].map((el) => el.outerHTML.slice(0, 80))"
    )
    assert styled == [], f"{engine.name}: style attributes the CSP blocks: {styled}"
    write_storage(engine, {"hearts-tests-probe": "1"})
    assert stored(engine, "hearts-tests-probe") == "1"
    write_storage(engine, {"hearts-tests-probe": None})


def focused(engine: Engine) -> dict[str, Any]:
    return dict(
        engine.evaluate(
            """() => {
              const a = document.activeElement;
              return {
                card: a?.dataset?.card || null, intent: a?.dataset?.intent || null,
                inHand: !!a?.closest?.("#hand"), visible: !!a?.matches?.(":focus-visible"),
              };
            }"""
        )
    )


def test_the_keyboard_path(engine):
    write_storage(engine, {GAME_KEY: None})
    open_game(engine, "?seed=5&cadence=0&lang=en")
    now = settle(engine, TIMEOUT_S)
    codes = hand(engine)

    engine.press("Tab")  # the hand is the first stop
    where = focused(engine)
    assert where["inHand"] and where["card"] == codes[0], where
    assert where["visible"], "the focused card shows its focus ring"
    for key in ("Enter", "ArrowRight", "Space", "ArrowRight", "Enter"):
        engine.press(key)
    assert state(engine)["selection"] == codes[:3]
    engine.press("Tab")
    assert focused(engine)["intent"] == "confirm-pass"
    engine.press("Enter")
    now = settle(engine, TIMEOUT_S)
    assert now["phase"] == "play" and focused(engine)["inHand"]

    for plays in range(1, 5):  # a few tricks: arrows to a legal card, Enter, Enter
        now = wait_until(engine, lambda s: s["to_act"] == 0 and not s["pending"], TIMEOUT_S)
        codes = hand(engine)
        target = now["legal"][-1]
        here = codes.index(str(focused(engine)["card"]))
        key = "ArrowRight" if codes.index(target) > here else "ArrowLeft"
        for _ in range(abs(codes.index(target) - here)):
            engine.press(key)
        assert focused(engine)["card"] == target
        engine.press("Enter")
        assert state(engine)["lifted"] == target
        engine.press("Enter")
        after = state(engine)
        assert after["actions"].count(f"0 {target}") == 1
        assert focused(engine)["inHand"], f"play {plays}: focus left the hand"


def test_offline_reload_once_the_service_worker_is_active(engine, site_and_engine):
    site = site_and_engine[0]
    now = open_game(engine)
    if not engine.evaluate('"serviceWorker" in navigator'):
        pytest.skip(f"{engine.name} has no service worker here")
    engine.wait_for(
        "document.documentElement.dataset.pwa === 'offline-ready'"
        " && !!navigator.serviceWorker.controller",
        TIMEOUT_S,
        "the service worker active and in control",
    )
    engine.wait_for(SNAPSHOT_KEPT, TIMEOUT_S, "the memory snapshot kept in Cache Storage")
    now = settle(engine, TIMEOUT_S)
    act(engine, now, press=tap)  # a move, so the game to resume is not a fresh deal
    before = settle(engine, TIMEOUT_S)

    site.stop()  # no server any more: everything must come from the service worker
    resumed = reload(engine)
    assert resumed["game"] == before["game"], "offline, the saved game did not resume"
    assert python_start(engine) == "snapshot"
    now = settle(engine, TIMEOUT_S)
    for _ in range(4):  # and it plays on
        act(engine, now, press=tap)
        now = settle(engine, TIMEOUT_S)
    assert len(now["actions"]) > len(before["actions"])
