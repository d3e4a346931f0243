"""The one step loop: apply what ``Game.next_step`` asks for.

A :class:`Policy` answers the two questions a seat can be asked (which three cards to
pass, which card to play); :func:`take_step` applies one step with it - a pass, a play,
gathering a trick, dealing the next hand - and raises on a step kind it does not know;
:func:`drive` takes steps until a condition holds.  The page's controller (a CPU seat's
step, the passes before yours), the tournament, the benchmarks, the e2e driver and the
tests all step games through here, so a game is stepped the same way everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from . import bots
from .cards import Card
from .enums import Level, Phase
from .game import Game
from .steps import Action, StepKind

Until = Callable[[Game], bool]


@dataclass(frozen=True)
class Policy:
    """How a seat chooses: ``choose_pass(game, seat)`` and ``choose_play(game, seat)``."""

    choose_pass: Callable[[Game, int], Iterable[Card]]
    choose_play: Callable[[Game, int], Card]


FIRST = Policy(lambda g, s: g.hand(s)[:3], lambda g, s: g.legal_plays(s)[0])
"""The first three cards of the hand, the first legal card: a fixed, simple policy."""


def cpu(level: Level | str | None = None) -> Policy:
    """The engine's CPU at ``level`` (the game's own level if ``None``), asked through
    :mod:`hearts.bots`; :func:`take_step` applies its choice as it applies anyone's."""
    return Policy(lambda g, s: bots.cpu_pass(g, s, level), lambda g, s: bots.cpu_play(g, s, level))


def random_choices(rng: random.Random) -> Policy:
    """Uniformly random passes and legal plays from ``rng``."""
    return Policy(lambda g, s: rng.sample(g.hand(s), 3), lambda g, s: rng.choice(g.legal_plays(s)))


def per_seat(policies: Sequence[Policy]) -> Policy:
    """Seat ``i`` plays ``policies[i]``."""
    return Policy(
        lambda g, s: policies[s].choose_pass(g, s), lambda g, s: policies[s].choose_play(g, s)
    )


def take_step(game: Game, policy: Policy = FIRST) -> Action:
    """Apply one action of the step the game waits for, and return it as the game's log
    keeps it (``ValueError`` if there is no step, or if it is of a kind this loop does not
    know)."""
    step = game.next_step
    if step is None:
        raise ValueError("the game is over: there is no step to take")
    seat = step.seat
    if step.kind == StepKind.PASS and seat is not None:
        game.submit_pass(seat, tuple(policy.choose_pass(game, seat)))
    elif step.kind == StepKind.PLAY and seat is not None:
        game.play(seat, policy.choose_play(game, seat))
    elif step.kind == StepKind.GATHER:
        game.gather_trick()
    elif step.kind == StepKind.NEXT_HAND:
        game.next_hand()
    else:
        raise ValueError(f"no way to take a step {step!r}")
    assert game.last_action is not None  # every branch above applied one
    return game.last_action


def game_over(game: Game) -> bool:
    return game.phase == Phase.GAME_OVER


def hand_done(game: Game) -> bool:
    """The hand on the table has been played out (the summary would show)."""
    return game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def phase_is(phase: Phase | str) -> Until:
    return lambda game: game.phase == phase


def drive(game: Game, policy: Policy = FIRST, until: Until = game_over) -> Game:
    """Take steps until ``until(game)`` holds; ``ValueError`` if the game ends first."""
    while not until(game):
        take_step(game, policy)
    return game


CPU = cpu()
FIRST_VS_CPU = per_seat((FIRST, CPU, CPU, CPU))
"""You pass your first three cards and play your first legal card; the CPU seats choose as
on the page (the fixed policy of the browser tests, repeatable in CPython)."""
