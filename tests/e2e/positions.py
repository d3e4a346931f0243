"""Game positions built in CPython and handed to a real page through localStorage.

The audits need screens deep inside a game (the last trick's pause, the hand summary,
game over).  Playing there through the UI would cost minutes; the engine is the same
code in both runtimes, so the tests build the position here, store it under the page's
own key in the page's own record format, and load the page on top of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hearts import Game
from hearts.web.store import GAME_KEY, TableRecord, dump_table

from .gamepage import wait_ready


def step(game: Game) -> None:
    """One step with fixed choices: CPU seats pass and play as the page would; you pass
    your first three cards and play your first legal card."""
    if game.phase == "pass":
        for seat in range(4):
            if not game.has_passed(seat):
                cards = game.hand(0)[:3] if seat == 0 else game.cpu_pass(seat)
                game.submit_pass(seat, cards)
    elif game.phase == "play":
        if game.trick_waiting:
            game.gather_trick()
        elif game.to_act == 0:
            game.play(0, game.legal_plays(0)[0])
        else:
            seat = game.to_act
            game.play(seat, game.cpu_play(seat))
    elif game.phase == "hand_over":
        game.next_hand()


def play_until(seed: int, stop: Callable[[Game], bool], level: str = "medium") -> Game:
    game = Game.new(seed, level)
    for _ in range(5000):
        if stop(game):
            return game
        step(game)
    raise AssertionError("position never reached")


def last_trick_pause(seed: int) -> Game:
    """The 13th trick of hand 1 complete and face up, waiting to be gathered (R20)."""
    return play_until(seed, lambda g: g.phase == "play" and g.trick_waiting and len(g.tricks) == 12)


def game_over(seed: int) -> Game:
    return play_until(seed, lambda g: g.phase == "game_over")


def load_position(page: Any, game: Game, query: str) -> dict[str, Any]:
    """Store ``game`` as the page's saved game and (re)load the page with ``query``."""
    record = json.dumps(dump_table(TableRecord(game)))
    page.evaluate(f"localStorage.setItem({json.dumps(GAME_KEY)}, {record})")
    page.goto("/" + query)
    return wait_ready(page)
