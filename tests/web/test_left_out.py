"""What the game leaves out on purpose, checked where it would creep in: no deal of the day
and no variants (R6), no undo (R27), nothing of the help sold or advertised (R31)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearts import LEVELS, Game, i18n
from hearts.enums import Level
from hearts.web.controller import Controller
from hearts.web.handlers import HANDLERS
from hearts.web.records import SETTINGS_KEY
from hearts.web.settings import Settings, dump_settings

from .helpers import controller, to_my_turn
from .memory import MemoryStorage
from .pages import open_tab

UNDO = re.compile(r"undo|redo|take_?back|revert|rewind|unplay", re.IGNORECASE)
SELLING = re.compile(
    r"\b(buy|purchase|premium|unlock|subscri|advert|sponsor|ads?\b|kauf|werbung|freischalt)",
    re.IGNORECASE,
)
INDEX_HTML = Path(__file__).resolve().parents[2] / "index.html"


def test_every_game_is_a_fresh_random_deal_and_only_the_level_is_chosen():
    """R6: no deal of the day, no variants: each new game draws a new seed, and the new-game
    dialog offers the three levels and nothing else."""
    seeds = iter([11, 22])
    ctl = controller(seed=None)
    ctl.new_seed = lambda: next(seeds)
    ctl.start()
    assert ctl.game.seed == 11
    ctl.new_game()
    assert ctl.game.seed == 22  # a new draw each game, not the day's or the last game's
    # nothing else about the game is chosen beforehand: the two switches only change how
    # the cards look and sound (U10, U11), never the deal or the rules
    assert Settings._fields == ("lang", "level", "four_colour", "sound")
    tab = open_tab(seed=5)
    tab.act("menu")
    tab.act("open-newgame", "dlg-menu")
    dialog = tab.dialog("newgame")
    assert [i.value for i in dialog.query_all("input")] == list(LEVELS)
    assert dialog.query_all("select, textarea") == []


def test_no_move_can_be_taken_back():
    """R27: no intent, engine call or controller call undoes a move; a played card stays
    played and the move log only grows."""
    assert [name for name in HANDLERS if UNDO.search(name)] == []
    for api in (Game, Controller):
        assert [name for name in dir(api) if UNDO.search(name)] == [], api
    ctl = controller(seed=8)
    ctl.start()
    to_my_turn(ctl)
    card = str(ctl.game.legal_plays(0)[0])
    ctl.tap(card)
    ctl.tap(card)
    log = ctl.game.actions
    assert not ctl.tap(card)  # tapping the played card does nothing
    assert ctl.game.actions == log and card not in {str(c) for c in ctl.game.hand(0)}
    tab = open_tab(seed=8)
    tab.my_move()
    tab.my_move()  # a card of yours played
    offered = {str(el.attr("data-intent")) for el in tab.dom.root.query_all("[data-intent]")}
    assert offered and not [a for a in offered if UNDO.search(a)]


@pytest.mark.parametrize("level", list(Level))
def test_the_rules_made_visible_and_the_help_are_there_at_every_level(level: Level):
    """R31 (with R28): from the first start, at every level, the allowed cards stay
    selectable, the forbidden ones sink, and the help opens; no text sells anything."""
    memory = MemoryStorage()
    memory.data[SETTINGS_KEY] = dump_settings(Settings(level=level))
    tab = open_tab(memory, seed=21)
    assert tab.ctl.game.level == level
    tab.my_move()  # the pass; the CPU seats play up to your turn
    assert tab.ctl.game.to_act == 0
    assert tab.playable() == [str(c) for c in tab.ctl.game.legal_plays(0)]
    tab.act("menu")
    tab.act("open-help", "dlg-menu")
    assert tab.dialog("help").is_open and "The rules" in tab.dialog("help").text()
    assert not SELLING.search(tab.dialog("help").text())


def test_no_text_of_the_game_sells_anything():
    """R31: no purchase, no advertising, in either language or in the page itself."""
    for lang, table in i18n.TABLES.items():
        assert [key for key, text in table.items() if SELLING.search(text)] == [], lang
    assert not SELLING.search(INDEX_HTML.read_text(encoding="utf-8"))
