"""The save format: versioned, compact, checksummed and validated by replay.

A save is the seed, the level, an optional starting deal and the action log — nothing
else.  Loading replays the log through the same methods play uses, so a tampered save
fails the same legality checks; a SHA-256 check value also catches edits that would
happen to stay legal.  Errors are values: anything wrong raises :class:`SaveError`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import parse_cards
from .errors import SaveError

if TYPE_CHECKING:
    from .game import Game

GAME_KIND = "hearts-game"
GAME_VERSION = 1
MAX_ACTIONS = 4000  # a real game needs well under 1,500 (≤ 16 hands × 70 actions)
MAX_TEXT = 200_000


def checksum(body: dict[str, Any]) -> str:
    """The check value of a record body: SHA-256 of its canonical JSON, 16 hex digits."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def seal(body: dict[str, Any]) -> str:
    """A record as stored: its body plus the check value, compact JSON."""
    return json.dumps({**body, "check": checksum(body)}, separators=(",", ":"))


def open_record(text: object, kind: str, version: int) -> dict[str, Any]:
    """The body of a sealed record after checking size, JSON, kind, version and check value."""
    if not isinstance(text, str):
        raise SaveError(f"a saved record is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SaveError("the saved record is too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the saved record is not valid JSON ({exc.__class__.__name__})") from None
    if not isinstance(data, dict):
        raise SaveError("the saved record is not a JSON object")
    if data.get("kind") != kind:
        raise SaveError(f"not a {kind} record")
    if data.get("v") != version or type(data.get("v")) is not int:
        raise SaveError(f"unknown {kind} version {data.get('v')!r} (this build reads {version})")
    body = {k: v for k, v in data.items() if k != "check"}
    if data.get("check") != checksum(body):
        raise SaveError("the saved record fails its check value (corrupted or edited)")
    return body


def dump_game(game: Game) -> str:
    body: dict[str, Any] = {
        "kind": GAME_KIND,
        "v": GAME_VERSION,
        "seed": game.seed,
        "level": game.level,
        "start": game._start,
        "actions": list(game.actions),
    }
    return seal(body)


def replay(seed: int, level: str, start: dict[str, Any] | None, actions: Sequence[str]) -> Game:
    """The game reached by applying ``actions`` to its beginning; ``ValueError`` if invalid."""
    from .game import Game

    if start is None:
        game = Game.new(seed, level)
    else:
        game = Game.from_deal(
            [parse_cards(h) for h in start["deal"]],
            hand_number=start["hand"],
            scores=start["scores"],
            seed=seed,
            level=level,
        )
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except ValueError as exc:
            raise ValueError(f"action {index + 1} ({action!r}) is refused: {exc}") from None
        if game._actions[-1] != action:
            raise ValueError(f"action {index + 1} ({action!r}) is not in canonical form")
    return game


def load_game(text: object) -> Game:
    """The game a save describes, or :class:`SaveError` saying what is wrong with it."""
    body = open_record(text, GAME_KIND, GAME_VERSION)
    expected = {"kind", "v", "seed", "level", "start", "actions"}
    if set(body) != expected:
        raise SaveError(f"the saved game has fields {sorted(body)}, expected {sorted(expected)}")
    seed, level, start, actions = body["seed"], body["level"], body["start"], body["actions"]
    if type(seed) is not int or seed < 0:
        raise SaveError("the saved seed is not a non-negative integer")
    if not isinstance(level, str):
        raise SaveError("the saved level is not text")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the saved actions are not a list of text")
    if len(actions) > MAX_ACTIONS:
        raise SaveError("the saved game has more actions than any game can")
    if start is not None:
        _check_start(start)
    try:
        return replay(seed, level, start, actions)
    except ValueError as exc:
        raise SaveError(f"the saved game does not replay: {exc}") from None


def _check_start(start: object) -> None:
    if not isinstance(start, dict) or set(start) != {"hand", "scores", "deal"}:
        raise SaveError("the saved starting deal is malformed")
    deal = start["deal"]
    if not isinstance(deal, list) or len(deal) != 4 or not all(isinstance(h, str) for h in deal):
        raise SaveError("the saved starting deal is not four hands of text")
    scores = start["scores"]
    if not isinstance(scores, list) or not all(type(s) is int for s in scores):
        raise SaveError("the saved starting scores are malformed")
    if type(start["hand"]) is not int:
        raise SaveError("the saved starting hand number is malformed")
