"""Action: the value type of a game's log, whose text form is the save format's."""

from __future__ import annotations

import pytest

from hearts import Game
from hearts.cards import Card, parse_cards
from hearts.driver import CPU, drive
from hearts.steps import GATHER, NEXT_HAND, Action, StepKind


def test_the_text_form_round_trips_for_every_action_of_a_game() -> None:
    game = drive(Game.new(21, "medium"), CPU)
    texts = game.log
    assert [Action.parse(t) for t in texts] == list(game.actions)
    assert [str(a) for a in game.actions] == texts
    assert {a.kind for a in game.actions} == set(StepKind)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("P1 2C 3C 4C", Action.passing(1, parse_cards("2C 3C 4C"))),
        ("2 QS", Action.playing(2, Card.parse("QS"))),
        ("G", GATHER),
        ("N", NEXT_HAND),
    ],
)
def test_the_grammar(text: str, action: Action) -> None:
    assert Action.parse(text) == action and str(action) == text


@pytest.mark.parametrize("text", ["", "g", "4 QS", "2QS", "P4 2C 3C 4C", "P1 2C 3C", "X", "2 ZZ"])
def test_what_is_not_an_action_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(text)


def test_a_game_applies_actions_and_their_text_alike() -> None:
    played = drive(Game.new(4, "easy"), CPU)
    by_value, by_text = Game.new(4, "easy"), Game.new(4, "easy")
    for action in played.actions:
        by_value.apply(action)
        by_text.apply(str(action))
    assert by_value.state() == by_text.state() == played.state()
