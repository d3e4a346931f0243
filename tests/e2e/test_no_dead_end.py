"""No dead ends (U9, U15): no stored record can stop the game's start, and a start
that fails anyway says so, in the player's language, with a way on that keeps what it can.

* Records nested 8,000 deep under every key the game reads: before the fix, Pyodide died
  parsing the first one (a fatal error, the page at "Setting up the table…" for good).
* Python dying while it reads a record (a real Pyodide fatal error, injected while the
  settings are read) and the start raising after the records were read: the page says
  the game could not start and offers to set the record aside; that leads to a playable
  table, with a ``.bad`` copy and the statistics kept. Not so if Python was restored
  from the memory snapshot (U15): its heap may be the cause, and the way on is Try again,
  without the snapshot; nor on runtime files the service worker kept and nobody checked
  since (U15): Try again has it check them first.
* Python dying mid-game (its stack exhausted, a real Pyodide fatal error): the page says
  the game has stopped and offers a reload that resumes the same game, nothing lost.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from harness.gamepage import next_frame, open_game, poll, settle, wait_ready
from hearts import i18n
from hearts.enums import Level
from hearts.web.records import BAD_SUFFIX, GAME_KEY, PICTURE_KEY, SETTINGS_KEY, STATS_KEY
from hearts.web.settings import Settings, dump_settings

from .conftest import PYSCRIPT_DIR
from .drive import act, collect_errors, open_dialog, stored, written
from .snapshots import KEPT_TIMEOUT_S, kept_bytes

DEEP = "[" * 8000 + "]" * 8000

# Hands the page's interpreter to the test (PyScript's own hook, from the folder of the
# version package.json pins) and, while the flag in sessionStorage is set, kills Python
# with Pyodide's real fatal error the moment it tells the boot module it is reading the
# settings (or, in a start restored from the memory snapshot, the statistics,
# "die-restored"; or makes its start raise, "raise"; or stops the start before Python is ready,
# as static/pwa.mjs does when the runtime cannot be fetched, "stop-early"; or only keeps
# the interpreter as window.injectedPython, "expose", for a test to kill it mid-game).
INJECT = """
(() => {
  const how = sessionStorage.getItem("inject-failure");
  if (!how) return;
  sessionStorage.removeItem("inject-failure");
  let python = null;
  // Not before the document is parsed: core.js imported this early finds no <script
  // type="py" config> yet and starts a stock Pyodide from its CDN (the page's own
  // static/runtime.mjs, a module script, imports it only after parsing).
  document.addEventListener("DOMContentLoaded", () => {
    if (how === "stop-early") {
      document.addEventListener("py:ready", () => { window.injectedPyReady = true; });
      document.dispatchEvent(new CustomEvent("hearts:boot-failed", { detail: {} }));
    }
    import("/PYSCRIPT_DIR/core.js").then(({ hooks }) =>
      hooks.main.onReady.add((wrap) => {
        python = wrap.interpreter;
        if (how === "expose") window.injectedPython = python;
      }));
  });
  let boot;
  Object.defineProperty(window, "heartsBoot", {
    configurable: true,
    get() { return boot; },
    set(value) {
      const reading = value.reading;
      value.reading = function (key) {
        reading.call(this, key);
        if (how === "die" && key === SETTINGS_KEY) {
          python._api.fatal_error(new Error("injected: Python dies reading the settings"));
        }
        if (how === "raise" && key == null) throw new Error("injected: the start fails");
        const restored = document.documentElement.dataset.python === "snapshot";
        if (how === "die-restored" && key === STATS_KEY && restored) {
          python._api.fatal_error(new Error("injected: a restored heap dies reading the stats"));
        }
      };
      boot = value;
    },
  });
})();
""".replace("SETTINGS_KEY", json.dumps(SETTINGS_KEY))
INJECT = INJECT.replace("STATS_KEY", json.dumps(STATS_KEY)).replace("PYSCRIPT_DIR", PYSCRIPT_DIR)


@pytest.fixture
def page(browser, site_url):
    context = browser.new_context(base_url=site_url, service_workers="block")
    page = context.new_page()
    page.add_init_script(INJECT)
    yield page
    context.close()


def put(page: Any, records: dict[str, str]) -> None:
    page.evaluate(
        "(rs) => { for (const [k, v] of Object.entries(rs)) localStorage.setItem(k, v); }", records
    )


def without_snapshot(page: Any) -> None:
    """No memory snapshot is made: the page's next start is an ordinary one, in which a
    record Python dies reading is proven the cause (not so after a restore: see below)."""
    page.route("**/snapshot-worker.mjs", lambda route: route.fulfill(status=404))


def played(page: Any, query: str) -> dict[str, Any]:
    """A game with a pass and a card played, and the settings stored."""
    now = open_game(page, query)
    for _ in range(2):
        act(page, now)
        now = settle(page)
    return now


def assert_stats_kept(now: str, kept: str) -> None:
    """The statistics as they were: the same counts and games; only the playing time may
    have grown (the resumed game is played on)."""
    found, before = json.loads(now), json.loads(kept)
    assert (found["levels"], found["seen"]) == (before["levels"], before["seen"])
    assert found["time_ms"] >= before["time_ms"]


def test_records_nested_eight_thousand_deep_under_every_key_do_not_stop_the_start(page):
    played(page, "?seed=61&cadence=0&lang=en")
    records = {GAME_KEY: DEEP, STATS_KEY: '{"a":' * 8000 + "1" + "}" * 8000, SETTINGS_KEY: DEEP}
    # An open page saves on its way out: the records go in once it has left.
    page.goto("about:blank")
    page.goto("/static/vendor/manifest.json")
    put(page, {**records, PICTURE_KEY: DEEP})
    now = open_game(page, "?seed=62&cadence=0&lang=en")  # hung for good before the fix
    assert now["phase"] == "pass" and now["actions"] == json.loads(now["game"])["actions"]
    texts = " ".join(page.locator("#notice p").all_inner_texts())
    assert "saved game could not be loaded" in texts and "statistics could not be read" in texts
    assert "settings could not be read" in texts
    after = stored(page, *(key + BAD_SUFFIX for key in records))
    assert after == {key + BAD_SUFFIX: value for key, value in records.items()}


def test_python_dying_while_it_reads_a_record_says_so_and_sets_that_record_aside(page):
    without_snapshot(page)
    before = played(page, "?seed=63&cadence=0&lang=de")
    settings = dump_settings(Settings("de", Level.HARD))
    page.goto("/static/vendor/manifest.json")
    put(page, {SETTINGS_KEY: settings})
    keep = written(page, GAME_KEY, STATS_KEY)
    page.evaluate("sessionStorage.setItem('inject-failure', 'die')")
    page.goto("/?cadence=0")
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
    boot = page.locator("#boot")
    assert boot.get_attribute("role") == "alert"
    assert "Das Spiel konnte nicht starten." in boot.inner_text()
    assert "Einstellungen" in page.locator("#boot .boot-why").inner_text()
    button = page.locator("#boot button")
    assert button.inner_text() == "Beiseitelegen und neu starten"
    button.click()
    now = wait_ready(page)  # the way on: a playable table
    assert now["actions"] == before["actions"]  # the saved game is kept
    assert stored(page, SETTINGS_KEY + BAD_SUFFIX)[SETTINGS_KEY + BAD_SUFFIX] == settings
    assert json.loads(now["stats"])["levels"] == json.loads(keep[STATS_KEY])["levels"]
    act(page, now)
    assert len(settle(page)["actions"]) > len(before["actions"])


# Storage full: a key not stored yet has no room (a value under a stored key may change).
FULL_FOR_NEW_KEYS = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  const full = sessionStorage.getItem("full");
  if (this === window.localStorage && this.getItem(key) === null && full) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return setItem.call(this, key, value);
};
"""


def test_set_aside_with_storage_full_says_so_and_lets_the_player_start_without_it(page):
    """The copy to .bad threw before anything was freed, so the same failure screen came
    back at every start. Now the picture goes first; with still no room the player is told
    and chooses: start without the record (the game and statistics kept) or try again."""
    without_snapshot(page)
    page.add_init_script(FULL_FOR_NEW_KEYS)
    before = played(page, "?seed=68&cadence=0&lang=en")
    page.goto("/static/vendor/manifest.json")
    hard = dump_settings(Settings("en", Level.HARD))
    put(page, {SETTINGS_KEY: hard})
    keep = written(page, GAME_KEY, STATS_KEY)
    page.evaluate(
        "sessionStorage.setItem('inject-failure', 'die'); sessionStorage.setItem('full', '1')"
    )
    page.goto("/?cadence=0&lang=en")
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
    page.locator('#boot button[data-boot="set-aside"]').click()
    without = page.locator('#boot button[data-boot="start-without"]')
    without.wait_for(timeout=30_000)
    assert page.locator("#boot .boot-why").inner_text() == i18n.text("en", "boot.cause_full")
    assert page.locator('#boot button[data-boot="retry"]').is_visible()
    # Nothing lost before the player chose: the record is still under its key.
    assert stored(page, SETTINGS_KEY, PICTURE_KEY) == {SETTINGS_KEY: hard, PICTURE_KEY: None}
    without.click()
    now = wait_ready(page)
    assert now["actions"] == before["actions"]  # the saved game is kept
    assert stored(page, SETTINGS_KEY)[SETTINGS_KEY] != hard  # started without it
    assert_stats_kept(written(page, STATS_KEY)[STATS_KEY], keep[STATS_KEY])


def test_a_start_that_raises_after_reading_offers_to_set_the_game_aside_once_tried_again(page):
    """Nothing is blamed without proof: a start that raises after every record was read
    may have failed of anything (a refused audio device was blamed on the saved game). The
    first way on is Try again; the same failure then offers to set the game aside."""
    without_snapshot(page)
    played(page, "?seed=64&cadence=0&lang=en")
    keep = written(page, GAME_KEY, STATS_KEY)
    page.evaluate("sessionStorage.setItem('inject-failure', 'raise')")
    page.reload()
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
    assert "The game could not start." in page.locator("#boot").inner_text()
    assert page.locator("#boot .boot-why").inner_text() == i18n.text("en", "boot.cause_none")
    page.evaluate("sessionStorage.setItem('inject-failure', 'raise')")  # the same again
    page.locator('#boot button[data-boot="retry"]').click()
    set_aside = page.locator('#boot button[data-boot="set-aside"]')
    set_aside.wait_for(timeout=90_000)
    assert "saved game" in page.locator("#boot .boot-why").inner_text()
    assert stored(page, GAME_KEY + BAD_SUFFIX) == {GAME_KEY + BAD_SUFFIX: None}
    set_aside.click()
    now = wait_ready(page)
    assert now["phase"] == "pass" and now["hand_number"] == 1  # a new game
    assert stored(page, GAME_KEY + BAD_SUFFIX)[GAME_KEY + BAD_SUFFIX] == keep[GAME_KEY]
    stats = json.loads(now["stats"])["levels"]["medium"]
    assert stats[0] == json.loads(keep[STATS_KEY])["levels"]["medium"][0] + 1  # kept, + new


def test_a_start_restored_from_the_snapshot_that_dies_blames_no_record(page):
    """Blame only what is proven (U15): Python restored from the memory snapshot
    dies while it reads the statistics (as from a damaged heap that Pyodide accepted, which
    had both records set aside and still no game). The way on is Try again, never Set
    aside; it starts without the snapshot, and the game and the statistics are kept."""
    before = played(page, "?seed=67&cadence=0&lang=en")
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000, "no snapshot was made"
    keep = written(page, GAME_KEY, STATS_KEY)
    page.evaluate("sessionStorage.setItem('inject-failure', 'die-restored')")
    page.goto("/?cadence=0&lang=en")
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-python") == "snapshot"
    assert page.locator("#boot .boot-why").inner_text() == i18n.text("en", "boot.cause_none")
    button = page.locator("#boot button")
    assert button.get_attribute("data-boot") == "retry"
    button.click()
    now = wait_ready(page)
    assert page.get_attribute("html", "data-python") == "fresh"
    assert now["actions"] == before["actions"]
    after = written(page, GAME_KEY, STATS_KEY)
    assert json.loads(after[STATS_KEY])["levels"] == json.loads(keep[STATS_KEY])["levels"]
    bad = (GAME_KEY + BAD_SUFFIX, STATS_KEY + BAD_SUFFIX)
    assert stored(page, *bad) == dict.fromkeys(bad), "a record was set aside"
    act(page, now)
    assert len(settle(page)["actions"]) > len(before["actions"])


def test_a_start_on_the_service_workers_copies_blames_no_record_until_they_are_checked(
    browser, site_url
):
    """Blame only what is proven (U15): a start on the runtime files the service
    worker kept may have died of a damaged copy, whatever record it was reading. The way
    on is Try again, which has the worker check its copies against the build's hashes;
    only the same failure on checked copies offers to set the settings aside."""
    context = browser.new_context(base_url=site_url, service_workers="allow")
    page = context.new_page()
    page.add_init_script(INJECT)
    try:
        before = played(page, "?seed=66&cadence=0&lang=en")
        controlled = "Boolean(navigator.serviceWorker.controller)"
        poll(page, lambda: page.evaluate(controlled), bool, 90, "the service worker's control")
        settings = dump_settings(Settings("en", Level.HARD))
        page.goto("/static/vendor/manifest.json")
        put(page, {SETTINGS_KEY: settings})
        # An ordinary start (the way on's own note, static/start-notes.mjs): not the memory
        # snapshot's restore, which alone would make it Try again.
        page.evaluate(
            """() => { sessionStorage.setItem('inject-failure', 'die');
                       sessionStorage.setItem('hearts-snapshot-without', '1'); }"""
        )
        page.goto("/?cadence=0&lang=en")
        page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
        assert page.get_attribute("html", "data-python") == "fresh"
        assert page.evaluate(controlled), "the start ran on the service worker's copies"
        assert page.locator("#boot .boot-why").inner_text() == i18n.text("en", "boot.cause_none")
        page.evaluate("sessionStorage.setItem('inject-failure', 'die')")  # the same again
        page.locator('#boot button[data-boot="retry"]').click()
        set_aside = page.locator('#boot button[data-boot="set-aside"]')
        set_aside.wait_for(timeout=90_000)  # the copies checked: now the settings are blamed
        assert "settings" in page.locator("#boot .boot-why").inner_text()
        assert stored(page, SETTINGS_KEY + BAD_SUFFIX) == {SETTINGS_KEY + BAD_SUFFIX: None}
        set_aside.click()
        now = wait_ready(page)
        assert now["actions"] == before["actions"]  # the saved game is kept
        assert stored(page, SETTINGS_KEY + BAD_SUFFIX)[SETTINGS_KEY + BAD_SUFFIX] == settings
    finally:
        context.close()


def test_a_stopped_start_keeps_saying_so_while_the_runtime_goes_on_loading(page):
    page.goto("/static/vendor/manifest.json")
    page.evaluate("sessionStorage.setItem('inject-failure', 'stop-early')")
    page.goto("/?seed=65&cadence=0&lang=en")
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=90_000)
    # Python's start goes on; its progress steps (resources arriving, py:ready) came after
    # the stop and wrote a step ("Setting up the table…") over what went wrong before the fix.
    poll(page, lambda: page.evaluate("window.injectedPyReady === true"), bool, 90, "py:ready")
    next_frame(page)
    assert page.locator("#boot-text").inner_text() == "The game could not start."
    assert page.locator("#boot").get_attribute("role") == "alert"


# (U1, U9): Python dying mid-game, the way it dies for real: its stack exhausted
# (json's parser recursing once per level: a fatal error in Pyodide, not a RecursionError),
# run through the page's own interpreter while the table waits.
EXHAUST_THE_STACK = """(python) => {
  try {
    python.runPython("import json\\njson.loads('[' * 100000 + ']' * 100000)");
  } catch (error) {
    return String(error);
  }
  return "Python survived";
}"""


def test_python_dying_mid_game_offers_a_reload_that_resumes_the_game(page):
    """Before the fix the way on showed behind the open menu: a modal dialog leaves all
    else inert, and its own buttons called a Python that was gone (a dead end)."""
    page.goto("/static/vendor/manifest.json")
    page.evaluate("sessionStorage.setItem('inject-failure', 'expose')")
    put(page, {SETTINGS_KEY: dump_settings(Settings("de", Level.MEDIUM))})  # the player's
    before = played(page, "?seed=66&cadence=0")
    assert before["phase"] == "play" and any(a.startswith("0 ") for a in before["actions"])
    open_dialog(page, "menu")  # a modal dialog is open when Python dies
    keep = written(page, GAME_KEY, STATS_KEY, SETTINGS_KEY)
    died = page.evaluate_handle("window.injectedPython").evaluate(EXHAUST_THE_STACK)
    assert died != "Python survived"
    page.wait_for_selector("html[data-state=stopped]", state="attached", timeout=10_000)
    boot = page.locator("#boot")
    assert boot.is_visible() and boot.get_attribute("role") == "alert"
    assert page.locator("dialog[open]").count() == 0
    assert page.locator("#boot-text").inner_text() == i18n.text("de", "boot.died")
    assert page.locator("#boot .boot-why").inner_text() == i18n.text("de", "boot.cause_none")
    button = page.locator("#boot button")
    assert button.inner_text() == i18n.text("de", "boot.retry")
    page.wait_for_function("document.activeElement.dataset.boot === 'retry'")  # keys reach it
    assert written(page, GAME_KEY, STATS_KEY, SETTINGS_KEY) == keep  # the death wrote nothing
    errors = collect_errors(page)
    button.click(timeout=5_000)  # a real click: nothing covers it
    now = wait_ready(page)  # the reload: the same game, the move kept, in German
    assert now["game"] == before["game"] and page.get_attribute("html", "lang") == "de"
    after = written(page, GAME_KEY, STATS_KEY, SETTINGS_KEY)
    assert_stats_kept(after[STATS_KEY], keep[STATS_KEY])
    assert after[SETTINGS_KEY] == keep[SETTINGS_KEY]
    act(page, now)
    assert len(settle(page)["actions"]) > len(before["actions"])
    assert errors == []
