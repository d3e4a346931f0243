"""The hand-over from static/boot.js: the picture kept beside the save, the
painted table taken as drawn, and the taps queued while the engine started."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from hearts.enums import Level
from hearts.stats import Fold, Stats
from hearts.web.events import Outcome
from hearts.web.page import queued_intents
from hearts.web.ports import Boot, Intent
from hearts.web.records import (
    FORMER_PICTURE_KEYS,
    GAME_KEY,
    PICTURE_KEY,
    PICTURE_KIND,
    SETTINGS_KEY,
    STATS_KEY,
)
from hearts.web.settings import Settings, dump_settings

from .memory import MemoryStorage
from .pages import Tab, open_tab

BUILD = "b1d0"


def record_write(writes: list[str], name: str, _html: str) -> None:
    writes.append(name)


def tab_with_boot(memory: MemoryStorage, boot: Boot, **kwargs: Any) -> Tab:
    tab = open_tab(memory, claim=False, **kwargs)
    tab.dom.boot = boot
    tab.page.run_safely(tab.ownership.claim)
    return tab


def picture(memory: MemoryStorage) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(memory.data[PICTURE_KEY])
    return found


def test_the_picture_is_what_the_table_shows_keyed_to_the_save():
    memory = MemoryStorage()
    tab = tab_with_boot(memory, Boot(build=BUILD))
    tab.my_move()
    stored = picture(memory)
    assert stored["kind"] == PICTURE_KIND and stored["v"] == 1 and stored["build"] == BUILD
    assert stored["table"] == json.loads(memory.data[GAME_KEY])["check"]
    dom = tab.dom
    for region in ("status", "seat-0", "seat-1", "seat-2", "seat-3", "center", "hand"):
        assert stored["regions"][region] == tab.page.drawing.painter.cache[region]
    assert stored["classes"]["hand"] == dom.by_id("hand").attr("class")
    assert stored["classes"]["table"] == dom.by_id("table").attr("class")
    # the labels outside the regions are the build's for the language, never stored
    assert stored["lang"] == "en" and "labels" not in stored
    tab.tap(tab.playable()[0])  # a lift is saved: the picture follows it
    assert picture(memory)["table"] == json.loads(memory.data[GAME_KEY])["check"]
    assert "lifted" in picture(memory)["regions"]["hand"]


def test_records_of_the_build_that_kept_the_picture_as_a_snapshot_load_and_its_key_is_freed():
    """The builds before kept the picture under "hearts.snapshot.v1", kind
    "hearts-snapshot": their game, statistics and settings load as they are, and the old
    picture (never painted by another build) is freed when the first picture is written."""
    memory = MemoryStorage()
    memory.data[SETTINGS_KEY] = dump_settings(Settings(level=Level.HARD, four_colour=True))
    memory.data[STATS_KEY] = Stats().fold(Fold("an earlier game", Level.EASY)).to_json()
    before = tab_with_boot(memory, Boot(build="older"))
    before.my_move()
    before.tap(before.playable()[0])
    old = {**picture(memory), "kind": "hearts-snapshot"}  # as those builds wrote it
    memory.data[FORMER_PICTURE_KEYS[0]] = json.dumps(old)
    del memory.data[PICTURE_KEY]
    assert FORMER_PICTURE_KEYS == ("hearts.snapshot.v1",)
    records = {key: memory.data[key] for key in (GAME_KEY, STATS_KEY, SETTINGS_KEY)}

    after = tab_with_boot(memory, Boot(build=BUILD))
    assert after.ctl.game.log == before.ctl.game.log  # the same game, at the same point
    assert after.ctl.record.lifted == before.ctl.record.lifted is not None
    assert FORMER_PICTURE_KEYS[0] not in memory.data
    assert picture(memory)["kind"] == PICTURE_KIND and picture(memory)["build"] == BUILD
    assert {key: memory.data[key] for key in (STATS_KEY, SETTINGS_KEY)} == {
        key: records[key] for key in (STATS_KEY, SETTINGS_KEY)
    }
    assert memory.data[GAME_KEY] == records[GAME_KEY]  # read, not rewritten


def test_drawing_writes_no_storage_the_life_cycle_stores_the_picture():
    """Drawing only draws: the picture is stored by the step after the draw."""
    memory = MemoryStorage()
    tab = tab_with_boot(memory, Boot(build=BUILD))
    tab.my_move()
    assert tab.ctl.tap(tab.playable()[0]) is not None  # a lift: the table to draw changed
    writes: list[str] = []
    memory.set = lambda key, value: writes.append(key)  # type: ignore[method-assign]
    tab.page.drawing.take_in(Outcome())
    tab.page.drawing.draw()
    assert writes == [] and "lifted" in tab.page.drawing.painter.cache["hand"]
    tab.page.draw()
    assert writes == [PICTURE_KEY]


def test_without_the_boot_module_no_picture_is_kept():
    memory = MemoryStorage()
    open_tab(memory).my_move()
    assert PICTURE_KEY not in memory.data


def test_a_painted_picture_is_taken_as_drawn_nothing_is_set_again():
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    first.my_move()
    stored = memory.data[PICTURE_KEY]
    second = open_tab(memory, claim=False)
    dom = second.dom
    for region, html in json.loads(stored)["regions"].items():  # what boot.js painted
        dom.by_id(region).set_html(html)
    card = dom.by_id("hand").query("button[data-card]")
    assert card is not None
    card.focus()
    writes: list[str] = []
    for region in ("status", "seat-0", "center", "prompt", "hand"):
        element = dom.by_id(region)
        element.set_html = partial(record_write, writes, region)  # type: ignore[method-assign]
    dom.boot = Boot(build=BUILD, painted=stored)
    second.page.run_safely(second.ownership.claim)
    assert dom.root.attr("data-state") == "ready"
    assert writes == []  # the same HTML: not one region was set again
    assert dom.active() is card  # focus stays where the player put it
    assert dom.boot_taken == 1


def test_taps_made_while_the_engine_started_are_applied_in_order_once():
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    hand = first.hand()
    queue = [{"tap": hand[0]}, {"tap": hand[4]}, {"tap": "ZZ"}, {"tap": hand[7]}]
    queue.append({"intent": "confirm-pass"})
    again = tab_with_boot(
        memory, Boot(BUILD, memory.data[PICTURE_KEY], json.dumps(queue)), seed=None
    )
    game = again.ctl.game
    assert game.phase == "play"  # the pass went through, after the CPU seats' (R11)
    passed = next(a for a in game.actions if a.kind == "pass" and a.seat == 0)
    assert sorted(map(str, passed.cards)) == sorted([hand[0], hand[4], hand[7]])
    assert [(a.kind, a.seat) for a in game.actions[:4]] == [("pass", s) for s in (1, 2, 3, 0)]
    assert again.dom.by_id("hand").query(".selected") is None
    third = tab_with_boot(memory, Boot(BUILD, None, "[]"))
    assert third.ctl.game.actions == game.actions  # nothing applied twice after a reload


def test_a_queued_tap_the_engine_refuses_is_dropped():
    memory = MemoryStorage()
    tab = tab_with_boot(memory, Boot(build=BUILD))
    for _ in range(10):
        tab.my_move()
        game = tab.ctl.game
        if game.to_act == 0 and len(game.legal_plays(0)) < len(game.hand(0)):
            break
    blocked = [c for c in tab.hand() if c not in tab.playable()]
    legal = tab.playable()[0]
    queue = json.dumps([{"tap": blocked[0]}, {"tap": legal}])
    again = tab_with_boot(memory, Boot(BUILD, memory.data[PICTURE_KEY], queue))
    assert str(again.ctl.record.lifted) == legal  # the blocked tap did nothing (R18)


def test_the_queue_accepts_taps_and_the_pass_button_only():
    text = json.dumps([{"tap": "QS"}, {"intent": "confirm-pass"}, {"intent": "reset-yes"}, 3])
    assert queued_intents(text) == [Intent("tap", "QS"), Intent("confirm-pass")]
    assert queued_intents("not json") == [] and queued_intents('{"tap": "QS"}') == []


def test_a_painted_picture_nested_too_deep_is_not_parsed_and_the_page_starts():
    """boot.js accepts any picture whose keys match; its text reached
    ``json.loads`` unchecked (fatal in the browser's Python at 8,000 levels)."""
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    first.my_move()
    stored = picture(memory)
    deep = json.dumps({**stored, "junk": "@"}).replace('"@"', "[" * 8000 + "]" * 8000)
    again = tab_with_boot(memory, Boot(BUILD, deep))
    assert again.dom.root.attr("data-state") == "ready"
    assert again.ctl.game.actions == first.ctl.game.actions


def test_the_boot_module_is_told_what_is_read_and_when_the_start_fails():
    """If Python dies while reading a record, boot.js knows which one to set
    aside; if the start raises, it is told, and offers the way on (no dead end)."""
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    first.my_move()
    again = tab_with_boot(memory, Boot(BUILD, memory.data[PICTURE_KEY]))
    assert SETTINGS_KEY not in memory.data  # never changed: not stored, not read
    assert again.dom.boot_reads == [STATS_KEY, GAME_KEY, None, PICTURE_KEY, None]
    assert again.dom.boot_failures == 0

    def broken() -> Outcome:
        raise RuntimeError("a bug in the start")

    failing = open_tab(memory, claim=False)
    failing.dom.boot = Boot(build=BUILD)
    failing.page.ctl.start = broken  # type: ignore[method-assign]
    failing.page.run_safely(failing.ownership.claim)
    assert failing.dom.boot_failures == 1
    assert failing.dom.root.attr("data-state") != "ready"


def test_taps_on_a_picture_of_another_point_of_the_game_are_dropped():
    """A tab that waited for another one keeps the taps made on its picture; meanwhile the
    other tab played on. Before the fix the queued card was played in a later trick."""
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    shown = memory.data[PICTURE_KEY]  # what the waiting tab painted
    hand = first.hand()
    queue = json.dumps([{"tap": code} for code in hand[:3]] + [{"intent": "confirm-pass"}])
    first.my_move()  # the other tab plays on: the save is at another point now
    before = first.ctl.game.actions
    again = tab_with_boot(memory, Boot(BUILD, shown, queue), seed=None)
    assert again.ctl.game.actions == before  # nothing the player did not choose
    assert again.ctl.record.selection == () and again.ctl.record.lifted is None


def test_a_browser_that_refuses_audio_turns_sound_off_and_the_game_goes_on():
    """An AudioContext that throws: the start with a queued tap was blamed on the saved game,
    and without one the CPU seats stopped after the first pass (no timer was set)."""
    memory = MemoryStorage()
    first = tab_with_boot(memory, Boot(build=BUILD))
    first.page.take_in(first.ctl.set_sound(True))
    hand = first.hand()
    queue = json.dumps([{"tap": hand[0]}])
    again = open_tab(memory, claim=False, seed=None)
    again.dom.audio_refused = True
    again.dom.boot = Boot(BUILD, memory.data[PICTURE_KEY], queue)
    again.page.run_safely(again.ownership.claim)
    assert again.dom.root.attr("data-state") == "ready" and again.dom.boot_failures == 0
    assert not again.ctl.settings.sound and json.loads(memory.data[SETTINGS_KEY])["sound"] is False
    notices = again.dom.by_id("notice").text()
    assert "does not play sound" in notices
    assert [str(c) for c in again.ctl.record.selection] == [hand[0]]  # the tap went through
    again.tap(hand[1])
    again.tap(hand[2])
    again.act("confirm-pass")
    again.settle()  # the CPU seats move on: their timer is set
    assert again.ctl.game.phase == "play" and again.ctl.game.to_act == 0
    assert again.dom.errors == []
