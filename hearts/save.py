"""The game's save format: versioned, compact, checksummed and validated by replay.

A save is the seed, the level, an optional starting deal and the action log — nothing
else.  Loading replays the log through :meth:`hearts.game.Game.replay`, the same methods
play uses, so a tampered save fails the same legality checks; the record's check value
(:mod:`hearts.sealed`) also catches edits that would happen to stay legal.  Errors are
values: anything wrong raises :class:`SaveError`.
"""

from __future__ import annotations

from typing import Any

from .cards import format_cards, parse_cards
from .deal import StartDeal, start_deal
from .errors import SaveError
from .game import Game
from .sealed import open_record, seal

GAME_KIND = "hearts-game"
GAME_VERSION = 1
MAX_ACTIONS = 4000  # a real game needs well under 1,500 (≤ 16 hands × 70 actions)
FIELDS = {"kind", "v", "seed", "level", "start", "actions"}


def dump_game(game: Game) -> str:
    """The compact, versioned save of ``game``."""
    start = game.start
    body: dict[str, Any] = {
        "kind": GAME_KIND,
        "v": GAME_VERSION,
        "seed": game.seed,
        "level": str(game.level),
        "start": None
        if start is None
        else {
            "hand": start.hand_number,
            "scores": list(start.scores),
            "deal": [format_cards(h) for h in start.hands],
        },
        "actions": game.log,
    }
    return seal(body)


def load_game(text: object) -> Game:
    """The game a save describes, or :class:`SaveError` saying what is wrong with it."""
    body = open_record(text, GAME_KIND, GAME_VERSION)
    if set(body) != FIELDS:
        raise SaveError(f"the saved game has fields {sorted(body)}, expected {sorted(FIELDS)}")
    seed, level, actions = body["seed"], body["level"], body["actions"]
    if type(seed) is not int or seed < 0:
        raise SaveError("the saved seed is not a non-negative integer")
    if not isinstance(level, str):
        raise SaveError("the saved level is not text")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the saved actions are not a list of text")
    if len(actions) > MAX_ACTIONS:
        raise SaveError("the saved game has more actions than any game can")
    start = None if body["start"] is None else _start(body["start"])
    try:
        return Game.replay(seed, level, start, actions)
    except ValueError as exc:
        raise SaveError(f"the saved game does not replay: {exc}") from None


def _start(start: object) -> StartDeal:
    if not isinstance(start, dict) or set(start) != {"hand", "scores", "deal"}:
        raise SaveError("the saved starting deal is malformed")
    deal, scores, hand = start["deal"], start["scores"], start["hand"]
    if not isinstance(deal, list) or len(deal) != 4 or not all(isinstance(h, str) for h in deal):
        raise SaveError("the saved starting deal is not four hands of text")
    if not isinstance(scores, list) or not all(type(s) is int for s in scores):
        raise SaveError("the saved starting scores are malformed")
    if type(hand) is not int:
        raise SaveError("the saved starting hand number is malformed")
    try:
        return start_deal([parse_cards(h) for h in deal], hand, scores)
    except ValueError as exc:
        raise SaveError(f"the saved starting deal is not valid: {exc}") from None
