"""The ISMCTS benchmark's bridge to OpenSpiel: card and seat mapping, the bots' fixed pass,
and (when open_spiel is installed) that both rule books agree move by move."""

from __future__ import annotations

import pytest

from hearts import Game
from hearts.cards import DECK, parse_cards
from hearts.enums import LEVELS
from tools import ismcts
from tools.tournament import TIME_BINS, deal_for

# Seat 3 wins the 2♣ trick, then its own Q♠ lead: hearts are still unbroken (R16).
QUEEN_DEAL = [
    "2C 5C 6C 2S 5S 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 7C 8C 3S 6S 7S TD JD QD KD AD 3H 4H",
    "4C 9C TC 4S 8S 9S TS 5H 6H 7H 8H 9H TH",
    "AC JC QC KC QS JS KS AS 2H JH QH KH AH",
]
QUEEN_TRICKS = ["0 2C", "1 3C", "2 4C", "3 AC", "G", "3 QS", "0 2S", "1 3S", "2 4S", "G"]


def test_cards_map_one_to_one_onto_openspiel_actions():
    actions = [ismcts.os_card(c) for c in DECK]
    assert sorted(actions) == list(range(52))
    assert [ismcts.OUR_CARD[a] for a in actions] == list(DECK)
    two_clubs, queen, ace_hearts = parse_cards("2C QS AH")
    assert ismcts.os_card(two_clubs) == 0  # OpenSpiel: rank index x 4 + suit (C, D, H, S)
    assert ismcts.os_card(queen) == 10 * 4 + 3
    assert ismcts.os_card(ace_hearts) == 12 * 4 + 2


def test_the_bots_pass_the_high_spades_then_their_highest_cards():
    hand = parse_cards("2C 5C KS AS 2D 3D 4D 5D 6D 7D 8D 9D AH")
    assert set(ismcts.ismcts_pass(hand)) == set(parse_cards("KS AS AH"))
    hand = parse_cards("2C 5C 6C 2S 5S 2D 3D 4D 5D 6D 7D 9D 9H")
    assert set(ismcts.ismcts_pass(hand)) == set(parse_cards("9D 9H 7D"))


def test_opponent_names_carry_the_simulations():
    assert ismcts.sims_of("ismcts-1000") == 1000
    with pytest.raises(ValueError):
        ismcts.sims_of("medium")


def test_the_rule_books_agree_after_the_queen_is_led():
    pyspiel = pytest.importorskip("pyspiel")
    game = Game.from_deal(QUEEN_DEAL, hand_number=4)
    mirror = ismcts.Mirror(game, pyspiel)
    for action in QUEEN_TRICKS:
        game.apply(action)
    mirror.sync()
    assert not game.hearts_broken
    mirror.check_legal(3)  # no heart lead: Q♠ did not break hearts


def test_openspiel_defaults_would_be_caught(monkeypatch):
    pyspiel = pytest.importorskip("pyspiel")
    monkeypatch.setitem(ismcts.PARAMETERS, "qs_breaks_hearts", True)  # OpenSpiel's default
    game = Game.from_deal(QUEEN_DEAL, hand_number=4)
    mirror = ismcts.Mirror(game, pyspiel)
    for action in QUEEN_TRICKS:
        game.apply(action)
    mirror.sync()
    with pytest.raises(AssertionError):
        mirror.check_legal(3)


@pytest.mark.parametrize("index", [0, 1, 2, 3])  # left, right, across, hold
def test_a_hand_against_small_bots_is_scored_alike(index):
    pytest.importorskip("pyspiel")
    hands, hand_number, game_seed = deal_for(7, index)
    times: dict[str, list[int]] = {level: [0] * TIME_BINS for level in LEVELS}
    points = ismcts.play_hand(hands, hand_number, game_seed, "hard", index, 20, 5, times)
    assert sum(points) in (26, 78)
    assert sum(times["hard"]) >= 13  # its pass and 13 plays
