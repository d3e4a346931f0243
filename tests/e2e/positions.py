"""Game positions built in CPython and handed to a real page through localStorage.

The audits need screens deep inside a game (the last trick's pause, the hand summary,
game over).  Playing there through the UI would cost minutes; the engine is the same
code in both runtimes, so the tests build the position here, store it under the page's
own key in the page's own record format, and load the page on top of it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

from harness.gamepage import wait_ready
from hearts import Game
from hearts.driver import FIRST_VS_CPU, drive
from hearts.web.records import GAME_KEY
from hearts.web.table_record import TableRecord, dump_table


def play_until(seed: int, stop: Callable[[Game], bool], level: str = "medium") -> Game:
    """Game ``seed`` played with the browser tests' fixed choices until ``stop`` holds."""
    return drive(Game.new(seed, level), FIRST_VS_CPU, until=stop)


def last_trick_pause(seed: int) -> Game:
    """The 13th trick of hand 1 complete and face up, waiting to be gathered (R20)."""
    return play_until(seed, lambda g: g.phase == "play" and g.trick_waiting and len(g.tricks) == 12)


def hand_over(seed: int) -> Game:
    """Hand 1 scored, its summary waiting for the player."""
    return play_until(seed, lambda g: g.phase == "hand_over")


def game_over(seed: int) -> Game:
    return play_until(seed, lambda g: g.phase == "game_over")


def load_position(page: Any, game: Game, query: str) -> dict[str, Any]:
    """Store ``game`` as the page's saved game and (re)load the page with ``query``."""
    record = json.dumps(dump_table(TableRecord(game, f"e2e-{uuid.uuid4().hex[:12]}")))
    page.evaluate(f"localStorage.setItem({json.dumps(GAME_KEY)}, {record})")
    page.goto("/" + query)
    return wait_ready(page)
