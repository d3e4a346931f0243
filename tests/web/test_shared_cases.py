"""The tables of tests/shared_cases/, run against Python.

static/boot/ does a few things before Python runs that Python does again once it runs;
tests/js/shared_cases.test.mjs runs the same tables against the JavaScript, so a change on
one side without the other fails one of the two:

* nesting.json: :func:`hearts.sealed.limits_problem` (boot/records.mjs ``withinLimits``);
* language.json: :func:`hearts.web.params.choose_lang` of ``?lang=`` as
  :meth:`Params.from_query` reads it and the saved choice as :func:`load_settings` accepts
  it (boot/language.mjs ``chooseLanguage``);
* deck.json: :func:`hearts.web.settings.deck_of` of the four-colour switch as
  :func:`load_settings` accepts it (boot/deck.mjs ``deckOf``);
* tap.json: :meth:`Controller.tap` and :meth:`Controller.lower`, tapped and pressed on a
  tab (boot/hand.mjs ``tapDecision`` and ``putDown``);
* navigate.json: :meth:`Painter.navigate`, keys pressed on a tab (boot/hand.mjs ``navIndex``);
* set_aside.json: :meth:`Records.set_aside` on the page's storage, full where a case
  gives its room (boot/set-aside.mjs ``setAsideForWayOn``);
* params.json: :func:`hearts.web.params.parse_query` and :meth:`Params.from_query` of a
  query string (boot/language.mjs ``queryLanguage``: ``?lang=`` only, the one parameter
  the boot script reads; ``seed`` and ``cadence`` only Python reads, so the JavaScript has
  no side for them);
* picture_text.json: :func:`hearts.web.phrases.allowed`, the words a stored table picture
  may say (boot/markup.mjs ``wording``; U9).

A text in a table is a string, or ``{"build": [[piece, count], ...]}``: each piece repeated
``count`` times, a count being a number or a limit of the contract's RECORDS (``maxText``,
``maxDepth``, ``badMax``), optionally ``+n`` or ``-n``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hearts.errors import SaveError
from hearts.sealed import MAX_DEPTH, MAX_TEXT, limits_problem
from hearts.sealed import seal as seal_record
from hearts.web import phrases
from hearts.web.params import Params, choose_lang, parse_query
from hearts.web.records import (
    BAD_MAX,
    FORMER_PICTURE_KEYS,
    GAME_KEY,
    PICTURE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    Records,
    bad_keys,
    game_storage,
)
from hearts.web.safe_storage import StorageFull
from hearts.web.schedule import DEFAULT_TIMING, Timing
from hearts.web.settings import SETTINGS_KIND, SETTINGS_VERSION, deck_of, load_settings

from .memory import MemoryStorage
from .pages import Tab, open_tab

CASES = Path(__file__).resolve().parents[1] / "shared_cases"
LIMITS = {"maxText": MAX_TEXT, "maxDepth": MAX_DEPTH, "badMax": BAD_MAX}
RECORD_KEYS = {
    "game": GAME_KEY,
    "stats": STATS_KEY,
    "settings": SETTINGS_KEY,
    "picture": PICTURE_KEY,
    "formerPicture": FORMER_PICTURE_KEYS[0],
}


def table(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((CASES / f"{name}.json").read_text("utf-8"))["cases"]
    return cases


def named(case: dict[str, Any]) -> str:
    return str(case["name"])


def count(spec: int | str) -> int:
    if isinstance(spec, int):
        return spec
    found = re.fullmatch(r"(\w+)([+-]\d+)?", spec)
    assert found, spec
    return LIMITS[found[1]] + int(found[2] or 0)


def text(spec: str | dict[str, Any]) -> str:
    if isinstance(spec, str):
        return spec
    return "".join(piece * count(times) for piece, times in spec["build"])


@pytest.mark.parametrize("case", table("nesting"), ids=named)
def test_nesting(case: dict[str, Any]) -> None:
    assert (limits_problem(text(case["text"])) is None) is case["within"]


def saved_choice(lang: str | None) -> str | None:
    """The saved language as Python reads it: from a settings record holding ``lang``."""
    if lang is None:
        return None
    body = {"kind": SETTINGS_KIND, "v": SETTINGS_VERSION, "lang": lang, "level": "medium"}
    try:
        return load_settings(seal_record(body)).lang
    except SaveError:
        return None


@pytest.mark.parametrize("case", table("language"), ids=named)
def test_language(case: dict[str, Any]) -> None:
    query = {} if case["url"] is None else {"lang": case["url"]}
    url = Params.from_query(query).lang
    assert choose_lang(url, saved_choice(case["saved"]), case["browser"]) == case["expect"]


@pytest.mark.parametrize("case", table("deck"), ids=named)
def test_deck(case: dict[str, Any]) -> None:
    body = {"kind": SETTINGS_KIND, "v": SETTINGS_VERSION, "lang": None, "level": "medium"}
    if case["four_colour"] != "missing":
        body["four_colour"] = case["four_colour"]
    try:
        four_colour = load_settings(seal_record(body)).four_colour
    except SaveError:
        four_colour = False  # a refused record: the defaults
    assert deck_of(four_colour) == case["expect"]


@pytest.mark.parametrize("case", table("params"), ids=named)
def test_params(case: dict[str, Any]) -> None:
    """Hostile values are ignored, never an error (``?seed=²`` stopped the start)."""
    params = Params.from_query(parse_query(case["query"]))
    cadence = case["cadence"]
    assert params.seed == case["seed"]
    assert params.timing == (DEFAULT_TIMING if cadence is None else Timing.from_cadence(cadence))
    assert params.lang == case["lang"]


@pytest.mark.parametrize("case", table("picture_text"), ids=named)
def test_picture_text(case: dict[str, Any]) -> None:
    """U9: a stored picture says only what the game's renderer says."""
    assert phrases.allowed(case["lang"], case["text"]) is case["ok"]


def play_turn_with_sunk_cards() -> Tab:
    """A tab where it is your turn in play and some of your cards may not be played."""
    for seed in range(1, 50):
        tab = open_tab(MemoryStorage(), seed=seed)
        for _ in range(12):
            tab.settle()
            game = tab.ctl.game
            playable = len(tab.playable())
            if game.phase == "play" and game.to_act == 0 and 2 <= playable < len(tab.hand()):
                return tab
            tab.my_move()
    raise AssertionError("no deal gave a turn with sunk cards")


def roles(tab: Tab, phase: str) -> dict[str, str]:
    if phase == "pass":
        return {f"c{i}": code for i, code in enumerate(tab.hand())}
    playable = tab.playable()
    blocked = [code for code in tab.hand() if code not in playable]
    return {
        **{f"p{i}": code for i, code in enumerate(playable)},
        **{f"b{i}": code for i, code in enumerate(blocked)},
    }


@pytest.mark.parametrize("case", table("tap"), ids=named)
def test_tap(case: dict[str, Any]) -> None:
    tab = open_tab(MemoryStorage()) if case["phase"] == "pass" else play_turn_with_sunk_cards()
    tab.settle()
    role = roles(tab, case["phase"])
    code_role = {code: name for name, code in role.items()}
    before = len(tab.ctl.game.actions)
    for name in case["taps"]:
        if name == "Escape":
            tab.dom.key("Escape")
        elif name == "felt":
            tab.dom.click(tab.dom.by_id("center"))  # the felt in the middle, no card there
        else:
            tab.tap(role[name])
    record = tab.ctl.record
    assert (tab.ctl.refused > 0) is case.get("full", False)
    plays = [a for a in tab.ctl.game.actions[before:] if a.kind == "play" and a.seat == 0]
    assert sorted(code_role[str(c)] for c in record.selection) == sorted(case["chosen"])
    lifted = None if record.lifted is None else code_role[str(record.lifted)]
    assert lifted == case["lifted"]
    assert [code_role[str(c)] for a in plays for c in a.cards] == (
        [case["played"]] if case["played"] else []
    )


@pytest.mark.parametrize("case", table("navigate"), ids=named)
def test_navigate(case: dict[str, Any]) -> None:
    tab = open_tab(MemoryStorage()) if case["hand"] == "pass" else play_turn_with_sunk_cards()
    tab.settle()
    dom = tab.dom
    buttons = dom.by_id("hand").query_all("button[data-card]")
    if case["hand"] == "play":
        assert any(b.attr("aria-disabled") == "true" for b in buttons)  # sunk cards among them
    if case["focus"] is None:
        dom.by_id("hand").focus()
    else:
        buttons[case["focus"]].focus()
    dom.key(case["key"])
    assert dom.active() is buttons[case["expect"]]


def stored(entries: list[list[Any]]) -> dict[str, str]:
    """[record, copy, text] entries as a storage's keys and texts."""
    found = {}
    for record, copy, spec in entries:
        key = RECORD_KEYS[record]
        found[bad_keys(key)[copy - 1] if copy else key] = text(spec)
    return found


class Room(MemoryStorage):
    """A storage with room for ``room`` characters of texts; a write beyond it is refused
    as the browser refuses it when full."""

    def __init__(self, data: dict[str, str], room: float) -> None:
        super().__init__(data)
        self.room = room

    def set(self, key: str, value: str) -> None:
        used = sum(len(text) for other, text in self.data.items() if other != key)
        if used + len(value) > self.room:
            raise StorageFull("QuotaExceededError")
        super().set(key, value)


@pytest.mark.parametrize("case", table("set_aside"), ids=named)
def test_set_aside(case: dict[str, Any]) -> None:
    """Each start that refuses the record sets it aside on a new page's storage."""
    backend = Room(stored(case["before"]), case.get("room", float("inf")))
    key = RECORD_KEYS[case["key"]]
    kept = True
    for again in (None, *case.get("refused", ())):
        if again is not None:
            backend.data[key] = again
        found = backend.get(key)
        if found is not None:  # Records.load reads the text first, and sets aside only a text
            kept = Records(game_storage(backend)).set_aside(key, found)
    assert backend.data == stored(case["after"])
    assert kept == case.get("kept", True)
