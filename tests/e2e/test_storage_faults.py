"""Storage faults in a real page (U2, U9).

* ``localStorage`` unavailable (its getter throws, as in some private modes) and full
  (every ``setItem`` throws ``QuotaExceededError``): the game stays playable in memory and
  says once, plainly, which of the two happened; no uncaught exception, no dead page.
  A full storage is still read: the saved game and statistics are resumed.
* Storage filled to its quota while a game runs: the game finishes in memory, the notice
  says "full", and once space is free the page writes what waited as it is closed: after
  the reload the finished game is counted, exactly once.
* Bad records under each key (truncated, tampered, foreign version, foreign kind,
  garbage, a move log that does not replay): the page starts, sets each one aside under
  ``<key>.bad``, says so, and never replaces good statistics with nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from harness.gamepage import open_game, settle, state, wait_ready
from hearts.enums import Level
from hearts.sealed import seal
from hearts.web.records import BAD_SUFFIX, GAME_KEY, PICTURE_KEY, SETTINGS_KEY, STATS_KEY
from hearts.web.settings import Settings, dump_settings

from .drive import act, stored, written

NO_SAVE = "does not let the game save"
FULL_TEXT = "storage for this site is full"

UNAVAILABLE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""

FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.fixture
def page(warm_page):
    """A warm page (conftest): no service worker, whose update could reload the page."""
    return warm_page


def notice_texts(page: Any) -> list[str]:
    found: list[str] = page.locator("#notice p").all_inner_texts()
    return found


def moves(page: Any, n: int) -> dict[str, Any]:
    now = settle(page)
    for _ in range(n):
        act(page, now)
        now = settle(page)
    return now


def test_unavailable_storage_plays_in_memory_and_says_so_once(page, console_errors):
    page.add_init_script(UNAVAILABLE)
    first = open_game(page, "?seed=41&cadence=0&lang=en")
    assert first["storage_degraded"] is True and first["storage"] == "unavailable"
    texts = notice_texts(page)
    assert len(texts) == 1 and NO_SAVE in texts[0] and FULL_TEXT not in texts[0]
    now = moves(page, 4)  # the pass and three cards: a live page
    assert now["phase"] == "play" and len(now["actions"]) > len(first["actions"]) + 12
    assert len(notice_texts(page)) == 1
    page.locator('#notice [data-intent="dismiss"]').click()
    moves(page, 2)
    assert notice_texts(page) == []  # said once, not after every move
    assert console_errors == []


def test_full_storage_resumes_the_saved_game_and_keeps_playing_in_memory(page, console_errors):
    open_game(page, "?seed=42&cadence=0&lang=en")
    before = moves(page, 2)
    assert notice_texts(page) == []
    page.add_init_script(FULL)
    page.reload()
    resumed = wait_ready(page)
    saved = stored(page, GAME_KEY, STATS_KEY, SETTINGS_KEY)  # no settings saved yet
    assert resumed["actions"] == before["actions"]  # the saved game, not a new deal
    stats = written(page, STATS_KEY)[STATS_KEY]
    assert json.loads(resumed["stats"])["levels"] == json.loads(stats)["levels"]
    assert resumed["storage_degraded"] is True and resumed["storage"] == "full"
    texts = notice_texts(page)
    assert len(texts) == 1 and FULL_TEXT in texts[0] and NO_SAVE not in texts[0]
    now = moves(page, 3)
    assert len(now["actions"]) > len(before["actions"]) + 8
    assert len(notice_texts(page)) == 1
    assert stored(page, GAME_KEY, STATS_KEY, SETTINGS_KEY) == saved  # nothing written
    assert console_errors == []


# Fills localStorage to its quota: no picture left to free, not one more character fits.
FILL = """(picture) => {
  localStorage.removeItem(picture);
  let n = 0;
  for (let size = 1 << 22; size >= 1; ) {
    try {
      localStorage.setItem(`junk.${n}`, "x".repeat(size));
      n += 1;
    } catch {
      size = Math.floor(size / 2);
    }
  }
  return n;
}"""

FREE = """() => {
  const junk = Object.keys(localStorage).filter((key) => key.startsWith("junk."));
  for (const key of junk) localStorage.removeItem(key);
}"""


def test_storage_filled_before_the_game_ends_finishes_says_full_and_counts_it_once(
    page, console_errors
):
    page.add_init_script(INJECTOR)
    open_game(page, "?seed=47&cadence=0&lang=en")
    position = game_over_soon(47)
    _inject(page, position)
    now = open_game(page, "?cadence=0&lang=en")
    before = json.loads(now["stats"])["levels"]["medium"]
    assert now["phase"] == "play" and before == [1, 0, 0, 0]
    assert page.evaluate(FILL, PICTURE_KEY) > 0
    while now["phase"] != "game_over":
        act(page, now)
        now = settle(page)
    assert now["storage"] == "full"
    texts = notice_texts(page)
    assert len(texts) == 1 and FULL_TEXT in texts[0]
    assert page.locator('#dlg-summary [data-intent="new_game"]').is_visible()  # it finished
    stored_stats = json.loads(written(page, STATS_KEY)[STATS_KEY])["levels"]["medium"]
    assert stored_stats == [1, 0, 0, 0]  # its end waits in memory
    result = json.loads(now["stats"])["levels"]["medium"]
    assert result[0] == 1 and sum(result[1:]) == 1
    page.evaluate(FREE)  # the player frees space; closing the page writes what waited
    page.reload()
    again = wait_ready(page)
    assert again["phase"] == "game_over" and again["storage"] == "ok"
    assert json.loads(again["stats"])["levels"]["medium"] == result  # counted once
    assert notice_texts(page) == []
    assert console_errors == []


def game_over_soon(seed: int) -> dict[str, str]:
    """The records of game ``seed`` three tricks before its end: a table and its stats."""
    from hearts.stats import Fold, Stats
    from hearts.web.table_record import TableRecord, dump_table

    from .positions import game_over, play_until

    last_hand = game_over(seed).hand_number
    game = play_until(
        seed, lambda g: g.hand_number == last_hand and g.phase == "play" and len(g.tricks) == 10
    )
    record = TableRecord(game, "e2e-quota")
    stats = Stats().fold(Fold(record.game_id, game.level))
    return {GAME_KEY: dump_table(record), STATS_KEY: stats.to_json()}


def _body(text: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(text)
    body.pop("check")
    return body


# Writes records handed over in sessionStorage before the next page's own scripts run (an
# open game page saves on its way out, so writing them from it would be overwritten).
INJECTOR = """
const pending = sessionStorage.getItem("inject");
if (pending) {
  sessionStorage.removeItem("inject");
  for (const [k, v] of Object.entries(JSON.parse(pending))) localStorage.setItem(k, v);
}
"""


def _inject(page: Any, records: dict[str, str]) -> None:
    """Put ``records`` into storage when the page next loads."""
    page.evaluate("(rs) => sessionStorage.setItem('inject', JSON.stringify(rs))", records)


def test_bad_records_are_set_aside_with_a_message_and_statistics_survive(page, console_errors):
    page.add_init_script(INJECTOR)
    now = open_game(page, "?seed=43&cadence=0&lang=en")
    now = moves(page, 2)
    good = written(page, GAME_KEY, STATS_KEY)
    good_levels = json.loads(good[STATS_KEY])["levels"]
    assert good_levels["medium"][0] == 1

    # 1. A truncated game and settings of a foreign (future) version.
    truncated = good[GAME_KEY][: len(good[GAME_KEY]) // 2]
    future = seal({**_body(dump_settings(Settings("de", Level.HARD))), "v": 2})
    _inject(page, {GAME_KEY: truncated, SETTINGS_KEY: future})
    now = open_game(page, "?seed=44&cadence=0&lang=en")
    text = " ".join(notice_texts(page))
    assert "saved game could not be loaded and was set aside" in text
    assert "settings could not be read" in text
    after = written(page, GAME_KEY + BAD_SUFFIX, SETTINGS_KEY + BAD_SUFFIX, STATS_KEY)
    assert after[GAME_KEY + BAD_SUFFIX] == truncated
    assert after[SETTINGS_KEY + BAD_SUFFIX] == future
    levels = json.loads(after[STATS_KEY])["levels"]
    assert levels["medium"] == [good_levels["medium"][0] + 1, 0, 0, 0]  # kept, + new game
    assert now["phase"] == "pass" and now["hand_number"] == 1
    assert not any(a.startswith("P0") for a in now["actions"])  # a fresh deal
    moves(page, 2)  # the pass and a card
    good = written(page, GAME_KEY, STATS_KEY)

    # 2. Statistics edited by hand (check value wrong) and a re-sealed game whose move log
    #    has a doubled CPU move: the game does not replay.
    edited = good[STATS_KEY].replace('"medium":[2,', '"medium":[20,')
    assert edited != good[STATS_KEY]
    table = _body(good[GAME_KEY])
    inner = _body(table["game"])
    inner["actions"] = [*inner["actions"][:5], inner["actions"][4], *inner["actions"][5:]]
    doubled = seal({**table, "game": seal(inner)})
    _inject(page, {STATS_KEY: edited, GAME_KEY: doubled})
    now = open_game(page, "?seed=45&cadence=0&lang=en")
    text = " ".join(notice_texts(page))
    assert "statistics could not be read" in text and "set aside" in text
    assert "saved game could not be loaded" in text
    after = written(page, STATS_KEY + BAD_SUFFIX, GAME_KEY + BAD_SUFFIX)
    assert after == {STATS_KEY + BAD_SUFFIX: edited, GAME_KEY + BAD_SUFFIX: doubled}
    moves(page, 1)

    # 3. Garbage settings, a game record under the statistics key, a foreign game version.
    game_now = written(page, GAME_KEY)[GAME_KEY]
    foreign = seal({**_body(game_now), "v": 9})
    _inject(page, {SETTINGS_KEY: "\u0000{", STATS_KEY: game_now, GAME_KEY: foreign})
    now = open_game(page, "?seed=46&cadence=0&lang=en")
    assert len(notice_texts(page)) == 3
    after = written(page, SETTINGS_KEY + BAD_SUFFIX, STATS_KEY + BAD_SUFFIX, GAME_KEY + BAD_SUFFIX)
    assert after == {
        SETTINGS_KEY + BAD_SUFFIX: "\u0000{",
        STATS_KEY + BAD_SUFFIX: game_now,
        GAME_KEY + BAD_SUFFIX: foreign,
    }
    now = moves(page, 3)  # and the page plays
    assert state(page)["phase"] == "play"
    assert console_errors == []


# Every localStorage.setItem throws a SecurityError while window.__failWrites > 0.
PASSING_FAULT = """
(() => {
  const setItem = Storage.prototype.setItem;
  window.__failWrites = 0;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && window.__failWrites > 0) {
      throw new DOMException("The operation is insecure.", "SecurityError");
    }
    return setItem.call(this, key, value);
  };
})();
"""
REFUSED_TEXT = "refused to save the game just now"


def test_a_passing_security_error_loses_no_move_and_is_told_only_while_it_lasts(
    page, console_errors
):
    """One SecurityError switched saving off for the session, so a
    reload went back to the move before it (77 reloads of the fault campaign)."""
    page.add_init_script(PASSING_FAULT)
    open_game(page, "?seed=48&cadence=0&lang=en")
    page.evaluate("window.__failWrites = 1")
    during = moves(page, 2)  # the pass and a card, while every write is refused
    assert during["storage"] == "failing"
    texts = notice_texts(page)
    assert len(texts) == 1 and REFUSED_TEXT in texts[0]
    page.evaluate("window.__failWrites = 0")  # the fault passes
    after = moves(page, 1)
    assert after["storage"] == "ok" and not after["storage_degraded"]
    assert notice_texts(page) == []  # told only while it lasted
    page.reload()
    again = wait_ready(page)
    assert again["actions"] == after["actions"]  # every move kept, none twice
    counted = {k: json.loads(after["stats"])[k] for k in ("levels", "seen")}
    assert {k: json.loads(again["stats"])[k] for k in counted} == counted
    assert console_errors == []
