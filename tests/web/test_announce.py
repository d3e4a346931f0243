"""The live region's words for the controller's events (the controller returns
events, the page says them), in English and German, and the events a game produces."""

from __future__ import annotations

import pytest

from hearts.cards import Card
from hearts.enums import Level, Phase
from hearts.web.announce import spoken
from hearts.web.events import (
    CpuPlayed,
    Dealt,
    Event,
    Exchanged,
    HandOver,
    NewGame,
    TrickTaken,
    YouPlayed,
)

from .helpers import controller, moon_game

QS, TWO = Card.parse("QS"), Card.parse("2C")


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        (YouPlayed(QS), "You play Queen of spades.", "Du spielst Pik-Dame."),
        (CpuPlayed(2, TWO), "CPU 2 plays 2 of clubs.", "CPU 2 spielt Kreuz 2."),
        (TrickTaken(0, 1, ()), "You take the trick with 1 point.", "Du nimmst den Stich: 1 Punkt."),
        (
            TrickTaken(3, 14, ()),
            "CPU 3 takes the trick with 14 points.",
            "CPU 3 nimmt den Stich: 14 Punkte.",
        ),
        (NewGame(Level.HARD), "New game, level Hard.", "Neues Spiel, Stufe Schwer."),
    ],
)
def test_each_event_in_both_languages(event: Event, en: str, de: str) -> None:
    game = moon_game(1)
    assert spoken([event], game, "en") == (en,)
    assert spoken([event], game, "de") == (de,)


def test_the_exchange_names_the_cards_received() -> None:
    said = spoken([Exchanged((QS, TWO), (), 1, 3)], moon_game(1), "en")
    assert said == ("Cards exchanged. You received Queen of spades, 2 of clubs.",)


def test_a_deal_is_not_told_on_its_own() -> None:
    game = moon_game(1)
    assert spoken([Dealt(game.hand(0))], game, "en") == ()  # the cards in your hand say it


def test_a_hand_over_is_told_with_its_totals_and_the_moon() -> None:
    game = moon_game(2)
    assert game.phase == Phase.HAND_OVER
    said = spoken([YouPlayed(QS), HandOver(game.hand_number)], game, "en")
    assert said == (
        "You play Queen of spades.",
        "Hand 4 is over.",
        "You 26 / 26; CPU 1 26 / 26; CPU 2 0 / 0; CPU 3 26 / 26.",
        "CPU 2 shot the moon! Every other seat takes 26 points.",
    )


def test_the_controller_returns_events_in_the_order_they_happened() -> None:
    ctl = controller(seed=3)
    ctl.start()
    kinds: list[type] = []
    while ctl.game.phase != Phase.HAND_OVER:
        step = ctl.pending()
        if step is None:
            game = ctl.game
            if game.phase == Phase.PASS:
                for card in game.hand(0)[:3]:
                    ctl.tap(str(card))
                outcome = ctl.confirm_pass()
            else:
                code = str(game.legal_plays(0)[0])
                ctl.tap(code)
                outcome = ctl.tap(code)
        else:
            outcome = ctl.run(step)
        assert outcome is not None
        kinds += [type(event) for event in outcome.events]
    assert kinds.count(Exchanged) == 1 and kinds.count(HandOver) == 1
    assert kinds.count(YouPlayed) == 13 and kinds.count(CpuPlayed) == 39
    assert kinds.count(TrickTaken) == 13 and kinds[-2:] == [TrickTaken, HandOver]
