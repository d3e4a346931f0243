"""hearts.bots, where the game meets the CPU: a seat's view, built from the game's public
accessors, and a CPU's decision, applied like anyone's move."""

from __future__ import annotations

import hashlib

import pytest

from hearts import Game, IllegalPlay, bots
from hearts.driver import cpu, drive, game_over, take_step
from hearts.enums import Level, Phase
from hearts.rng import digest64
from hearts.steps import StepKind
from tests.engine.test_cpu_pinned import PINNED


def decisions_digest(game: Game) -> str:
    """The digest of every pass and play in ``game``'s action log, spelled as
    :func:`tests.engine.test_cpu_pinned.cpu_log` spells the decisions it pins."""
    log = [
        " ".join(sorted(map(str, action.cards)))
        if action.kind == StepKind.PASS
        else str(action.cards[0])
        for action in game.actions
        if action.kind in (StepKind.PASS, StepKind.PLAY)
    ]
    return hashlib.sha256("|".join(log).encode()).hexdigest()[:16]


@pytest.mark.parametrize("level", sorted(PINNED))
def test_cpu_decisions_applied_through_the_game_api_match_the_pinned_digests(level: str) -> None:
    """The driver's CPU policy asks hearts.bots and applies each choice with submit_pass and
    play: the moves in the log are the decisions pinned before the CPU left the game."""
    game = Game.new(2024, level)
    drive(
        game,
        cpu(level),
        until=lambda g: game_over(g) or (g.phase == "hand_over" and g.hand_number >= 4),
    )
    assert decisions_digest(game) == PINNED[level]


def test_a_seat_view_is_the_seats_public_picture_of_the_game() -> None:
    game = Game.new(42, "easy")
    while game.phase == Phase.PASS or len(game.tricks) < 2:
        take_step(game, cpu())
    seat = game.to_act
    assert seat is not None
    view = bots.seat_view(game, seat)
    assert view.seat == seat and view.level == Level.EASY and view.phase == game.phase
    assert view.hand == game.hand(seat) and view.legal == game.legal_plays(seat)
    assert view.tricks == game.tricks and view.current_trick == game.current_trick
    assert (view.hand_number, view.pass_direction) == (game.hand_number, game.pass_direction)
    assert view.hearts_broken == game.hearts_broken
    assert (view.points_taken, view.scores) == (game.points_taken, game.scores)
    position = f"play/1/{len(game.tricks)}/{len(game.current_trick)}"
    assert view.tiebreak == digest64(42, "cpu", position, seat)
    assert bots.seat_view(game, seat, "hard").level == Level.HARD


def test_asking_a_cpu_decides_and_changes_nothing() -> None:
    game = Game.new(9, "medium")
    before = game.log
    cards = bots.cpu_pass(game, 1)
    assert len(set(cards)) == 3 and set(cards) <= set(game.hand(1))
    assert bots.cpu_pass(game, 1) == cards and game.log == before
    game.submit_pass(1, cards)  # the same call a human pass takes
    assert game.has_passed(1)


def test_a_seat_with_nothing_to_decide_is_refused() -> None:
    game = Game.new(9, "medium")
    with pytest.raises(IllegalPlay, match="no card can be played in the pass phase"):
        bots.cpu_play(game, 1)
    with pytest.raises(IllegalPlay, match="no such seat"):
        bots.cpu_pass(game, 4)
    game.submit_pass(1, bots.cpu_pass(game, 1))
    with pytest.raises(IllegalPlay, match="seat 1 has no pass to make now"):
        bots.cpu_pass(game, 1)
    while game.phase == Phase.PASS:
        take_step(game, cpu())
    seat = game.to_act
    assert seat is not None
    with pytest.raises(IllegalPlay, match=f"seat {seat}'s turn"):
        bots.cpu_play(game, (seat + 1) % 4)
    with pytest.raises(IllegalPlay, match="no pass"):
        bots.cpu_pass(game, seat)
    assert bots.cpu_play(game, seat) in game.legal_plays(seat)
