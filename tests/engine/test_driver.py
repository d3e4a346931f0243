"""The one step loop (hearts.driver): every step kind the engine names, and none other."""

from __future__ import annotations

from typing import Any, cast

import pytest

from hearts import Game
from hearts.driver import CPU, FIRST, drive, hand_done, take_step
from hearts.steps import Step, StepKind


class Unknown:
    """A game that waits for a step of a kind the loop does not know."""

    next_step = Step(cast(Any, "juggle"))


def test_a_step_of_an_unknown_kind_is_refused_not_guessed() -> None:
    with pytest.raises(ValueError, match="no way to take a step"):
        take_step(cast(Game, Unknown()), FIRST)


def test_every_kind_of_step_is_taken_and_returned_as_the_logged_action() -> None:
    game = Game.new(5, "easy")
    seen: dict[StepKind, int] = {}
    while not hand_done(game):
        before = len(game.actions)
        waited_for = game.next_step
        taken = take_step(game, CPU)
        assert waited_for is not None and taken.kind == waited_for.kind
        seen[taken.kind] = seen.get(taken.kind, 0) + 1
        assert game.actions[before:] == (taken,)  # exactly one action a step, the one logged
        if taken.kind == StepKind.GATHER:
            assert taken.seat is None and taken.cards == ()
        else:
            assert taken.seat is not None and taken.cards
    assert seen == {StepKind.PASS: 4, StepKind.PLAY: 52, StepKind.GATHER: 13}
    taken = take_step(game, CPU)
    assert taken.kind == StepKind.NEXT_HAND and game.phase == "pass"
    assert game.last_action == taken


def test_a_finished_game_has_no_step() -> None:
    game = drive(Game.new(3, "easy"), CPU)
    with pytest.raises(ValueError, match="over"):
        take_step(game, CPU)
