"""R23 information hygiene: changing what a seat cannot see never changes its decision.

For many random states (passes and plays by CPUs of every level and by random choices),
the pending seat's decision at each level is compared with its decision in a *twin* world
(:mod:`tests.cpu.hygiene`): other hands and every passed card re-dealt consistently with
all public plays, same seed, same hand number, same scores.  Two deliberately peeking fake
CPUs show that the comparison really catches a CPU that looks at hidden cards.
"""

from __future__ import annotations

import random
import sys

import pytest

import hearts.cpu
from hearts import bots
from hearts.game import Game

from .hygiene import hidden_differs, twin
from .positions import LEVELS, random_position

STATES = 400


def pending_seat(game: Game) -> int | None:
    if game.phase == "pass":
        return next(s for s in range(4) if not game.has_passed(s))
    return game.to_act


def decide(game: Game, seat: int, level: str):
    return (
        bots.cpu_pass(game, seat, level)
        if game.phase == "pass"
        else bots.cpu_play(game, seat, level)
    )


def compare(states: int, seed: int) -> tuple[int, int, int]:
    """(decisions compared, decisions that differed, twins that changed hidden cards)."""
    rng = random.Random(seed)
    compared = differed = changed = 0
    while compared < states * len(LEVELS):
        game = random_position(rng)
        seat = pending_seat(game)
        if seat is None:
            continue
        alt = twin(game, seat, rng)
        assert alt is not None, "no consistent twin found"
        # the twin is indistinguishable
        assert bots.seat_view(alt, seat) == bots.seat_view(game, seat)
        changed += hidden_differs(game, alt, seat)
        for level in LEVELS:
            compared += 1
            differed += decide(game, seat, level) != decide(alt, seat, level)
    return compared, differed, changed


def test_hidden_cards_never_change_a_decision():
    compared, differed, changed = compare(STATES, seed=23)
    assert compared >= STATES * 3
    assert differed == 0
    assert changed >= STATES * 0.9  # the twins really moved hidden cards around


def _caller_game() -> Game:
    frame = sys._getframe(2)  # choose_* ← hearts.bots.cpu_* (whose `game` is the game)
    game = frame.f_locals["game"]
    assert isinstance(game, Game)
    return game


def _peek_at_hands(view):
    game = _caller_game()
    secret = sum(
        int(c) * (i + 7)
        for t in range(4)
        if t != view.seat
        for i, c in enumerate(game.hand(t))
        if i % 2
    )
    options = view.legal or view.hand
    if view.phase == "pass":
        start = secret % 11
        return tuple(view.hand[start : start + 3])
    return options[secret % len(options)]


def _peek_at_passes(view):
    game = _caller_game()
    every_pass = game.state()["passed"]
    assert isinstance(every_pass, list)
    passed: str = every_pass[view.seat] or ""  # what this seat itself passed
    received = "".join(str(c) for c in game.received(view.seat))
    secret = sum(ord(ch) * (i + 1) for i, ch in enumerate(passed + received))
    options = view.legal or view.hand
    if view.phase == "pass":
        start = secret % 11
        return tuple(view.hand[start : start + 3])
    return options[secret % len(options)]


@pytest.mark.parametrize("peek", [_peek_at_hands, _peek_at_passes])
def test_a_peeking_cpu_would_be_caught(monkeypatch, peek):
    monkeypatch.setattr(hearts.cpu, "choose_play", peek)
    monkeypatch.setattr(hearts.cpu, "choose_pass", peek)
    compared, differed, _ = compare(40, seed=5)
    assert differed >= compared * 0.2


def test_seat_view_holds_no_game_and_no_hidden_cards():
    game = Game.new(7, "hard")
    view = bots.seat_view(game, 1)
    values = [getattr(view, name) for name in view._fields]
    assert not any(isinstance(v, Game) for v in values)
    others = {c for t in (0, 2, 3) for c in game.hand(t)}
    assert not others & set(view.hand)
    assert not hasattr(view, "__dict__")  # slots only: nothing can be attached
