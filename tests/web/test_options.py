"""The menu's two switches: the four-colour deck (U11) and sound (U10).

Both are settings: remembered in the settings record (an old record without them reads as
both off), switched in the menu in either language, and carried to the page: the deck as
``<html data-deck>``, sound as the cues of what just happened (:mod:`hearts.web.sounds`).
"""

from __future__ import annotations

import json

import pytest

from hearts import Card, i18n
from hearts.enums import Level
from hearts.errors import SaveError
from hearts.sealed import seal
from hearts.web.events import CpuPlayed, Dealt, Exchanged, HeartsBroken, TrickTaken, YouPlayed
from hearts.web.records import SETTINGS_KEY
from hearts.web.settings import (
    SETTINGS_KIND,
    SETTINGS_VERSION,
    Settings,
    dump_settings,
    load_settings,
)
from hearts.web.sounds import cues

from .fakedom import FakeElement
from .memory import MemoryStorage
from .pages import open_tab

QS, TWO_H = Card.parse("QS"), Card.parse("2H")


def old_record(**extra: object) -> str:
    """A settings record as written before the switches existed (plus ``extra`` fields)."""
    body = {"kind": SETTINGS_KIND, "v": SETTINGS_VERSION, "lang": "de", "level": "hard"}
    return seal({**body, **extra})


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("sound", [False, True])
def test_settings_round_trip_keeps_both_switches(four_colour: bool, sound: bool) -> None:
    """U10, U11: each switch is remembered."""
    settings = Settings("de", Level.EASY, four_colour=four_colour, sound=sound)
    assert load_settings(dump_settings(settings)) == settings


def test_an_old_settings_record_reads_with_both_switches_off() -> None:
    """U10, U11: the defaults are two colours and no sound; an old record keeps its choices."""
    assert Settings() == Settings(None, Level.MEDIUM, four_colour=False, sound=False)
    assert load_settings(old_record()) == Settings("de", Level.HARD)


@pytest.mark.parametrize("bad", [{"sound": 1}, {"four_colour": "yes"}, {"colour": True}])
def test_a_switch_that_is_not_true_or_false_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(SaveError):
        load_settings(old_record(**bad))


def test_both_switch_labels_exist_in_both_languages() -> None:
    for lang in i18n.LANGS:
        texts = [i18n.text(lang, key) for key in ("menu.options", "menu.four_colour", "menu.sound")]
        assert all(texts) and len(set(texts)) == 3, lang
    assert i18n.text("de", "menu.four_colour") != i18n.text("en", "menu.four_colour")


def test_the_cues_follow_the_events_one_to_one() -> None:
    """U10: card sounds, and the two cues, from the controller's events alone."""
    events = (
        Dealt(()),
        Exchanged((), (), 1, 3),
        YouPlayed(TWO_H),
        HeartsBroken(),
        CpuPlayed(2, QS),
        TrickTaken(2, 14, (TWO_H, QS)),
    )
    assert cues(events) == ["deal", "pass", "play", "broken", "play", "queen", "gather"]


def test_hearts_broken_is_an_event_once_per_hand() -> None:
    """U10: the cue comes from the controller, once, with the play that broke hearts."""
    tab = open_tab(seed=7)
    seen: list[str] = []
    tab.dom.sounds.clear()
    while tab.ctl.game.hand_number == 1 and tab.ctl.game.phase != "hand_over":
        tab.my_move()
    for _on, found in tab.dom.sounds:
        seen += found
    assert seen.count("broken") == 1
    assert seen.count("play") == 52 and seen.count("gather") == 13 and seen.count("pass") == 1
    assert seen.count("queen") == 1


def checked(menu: FakeElement, action: str) -> str | None:
    button = menu.query(f'[data-intent="{action}"]')
    assert button is not None, action
    assert button.attr("role") == "switch" and button.attr("aria-pressed") is None
    return button.attr("aria-checked")


def test_the_switches_in_the_menu_are_remembered_and_reach_the_page() -> None:
    """U10, U11: off by default; each switch toggles, is stored, and is told to the page."""
    memory = MemoryStorage()
    tab = open_tab(memory)
    assert tab.dom.root.attr("data-deck") == "two"
    assert tab.dom.sounds and not any(on for on, _cues in tab.dom.sounds)
    tab.act("menu")
    for action in ("four-colour", "sound"):
        assert checked(tab.dialog("menu"), action) == "false"
        tab.act(action, "dlg-menu")
        assert checked(tab.dialog("menu"), action) == "true"
    assert tab.dom.root.attr("data-deck") == "four"
    assert tab.dom.sounds[-1] == (True, [])  # switching makes no sound of its own
    stored = json.loads(memory.data[SETTINGS_KEY])
    assert stored["four_colour"] is True and stored["sound"] is True
    again = open_tab(memory)
    assert again.dom.root.attr("data-deck") == "four"
    assert again.dom.sounds[-1][0] is True


def test_a_refused_tap_hands_no_sound_to_the_page() -> None:
    """U10, R18: a tap the rules refuse changes nothing, so nothing is handed to play."""
    tab = open_tab(seed=5)
    tab.settle()
    while tab.ctl.game.phase != "play" or tab.playable() == tab.hand():
        tab.my_move()
    blocked = next(code for code in tab.hand() if code not in tab.playable())
    before = len(tab.dom.sounds)
    tab.tap(blocked)
    assert len(tab.dom.sounds) == before
