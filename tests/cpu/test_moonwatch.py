"""R26 moon watch: all levels stop feeding a seat that holds 12+ points and every point
taken; only Hard takes tricks away from it; no level plays for a moon of its own."""

from __future__ import annotations

import pytest

from hearts import bots
from hearts.cards import POINTS_OF, QUEEN_OF_SPADES, Card, parse_cards
from hearts.cpu import choose_play
from hearts.cpu.moonwatch import watched_seat
from hearts.game import Game

from .positions import LEVELS, view

# Seat 1 takes a club trick, then its own Q♠ (13 points, nobody else any).
DEAL = [
    "2C 4S 7S 8S 9S TS JS KS AS 2H 3H 4H 5H",  # seat 0: no diamonds
    "AC QS AD KD QD JD TD 9D 8D KC QC JC TC",  # seat 1: the apparent shooter
    "3C 5C 6C 7C 2S 5S 6S AH KH QH JH TH 9H",  # seat 2: no diamonds, high hearts
    "4C 8C 9C 2D 3D 4D 5D 6D 7D 3S 6H 7H 8H",  # seat 3
]
OPENING = ["0 2C", "1 AC", "2 3C", "3 4C", "G", "1 QS", "2 2S", "3 3S", "0 4S", "G", "1 AD"]
Q_TRICKS = ["0:2C 1:AC 2:3C 3:4C", "1:QS 2:2S 3:3S 0:4S"]  # the same two tricks as views
BROKEN = [*Q_TRICKS, "1:KD 2:5H 3:2D 0:3D"]  # seat 1: 14 points, hearts broken


def scripted_game() -> Game:
    game = Game.from_deal(DEAL, hand_number=4, seed=99)
    for action in OPENING:
        game.apply(action)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_feeds_the_watched_seat_in_a_real_game(level):
    game = scripted_game()
    assert game.hand_points == (0, 13, 0, 0)
    card = bots.cpu_play(game, 2, level)  # void in diamonds: any card, hearts included
    assert not POINTS_OF[card]
    game.play(2, card)
    game.play(3, bots.cpu_play(game, 3, level))
    card = bots.cpu_play(game, 0, level)  # void in diamonds too
    assert not POINTS_OF[card]


def test_without_the_watch_medium_would_dump_its_high_heart():
    # Control: the same discard with only 11 points on seat 1 (no Q♠ yet) sheds A♥.
    v = view(
        2, "5C 6C 7C 5S 6S AH KH QH JH TH 9H", ["1:AC 2:3C 3:4C 0:2C"], "1:AD", points=(0, 11, 0, 0)
    )
    assert watched_seat(v) is None
    assert choose_play(v) == Card.parse("AH")
    # Two seats with points: no watch either.
    v = view(
        2, "5C 6C 7C 5S 6S AH KH QH JH TH 9H", ["1:AC 2:3C 3:4C 0:2C"], "1:AD", points=(1, 13, 0, 0)
    )
    assert watched_seat(v) is None


@pytest.mark.parametrize("level", LEVELS)
def test_no_point_lead_while_the_watched_seat_still_plays(level):
    # Hearts broken, seat 1 has 14; seat 0 leads: 2♥ would be Medium's normal low lead.
    v = view(0, "2H 3H KC", BROKEN, level=level)
    assert watched_seat(v) == 1
    assert choose_play(v) == Card.parse("KC")


@pytest.mark.parametrize("level", LEVELS)
def test_no_point_discard_in_front_of_the_watched_seat(level):
    # Seat 3 leads a diamond, seat 0 is void and seat 1 (the watched seat) plays after it.
    v = view(0, "7C QH JH", BROKEN, "3:6D", level=level)
    assert watched_seat(v) == 1
    assert choose_play(v) == Card.parse("7C")


@pytest.mark.parametrize("level", LEVELS)
def test_points_may_go_to_a_seat_that_beats_the_watched_one(level):
    # Seat 1 has played and is beaten by seat 2: a heart cannot reach it.
    v = view(3, "8C 2H", BROKEN, "1:9D 2:JD", level=level)
    assert watched_seat(v) == 1
    if level != "easy":
        assert choose_play(v) == Card.parse("2H")  # shedding a heart on seat 2 is good play


def test_hard_takes_the_trick_away_from_the_watched_seat():
    # Seat 1 (14 points, all of them) leads a heart; seat 2 can overtake with K♥.
    for level, expected in (("hard", "KH"), ("medium", "2H"), ("easy", "2H")):
        v = view(2, "2H KH 5C", BROKEN, "1:9H", level=level)
        assert choose_play(v) == Card.parse(expected), level


def test_hard_overtakes_when_the_shooter_plays_after_it():
    v = view(0, "2H KH 5C", BROKEN, "2:4H 3:9H", level="hard")
    assert choose_play(v) == Card.parse("KH")


def test_hard_throws_a_heart_on_a_trick_the_shooter_cannot_win():
    # Seat 1 holds every point (14) and has played low; seat 2 wins; Hard is void.
    v = view(3, "8C QH", BROKEN, "1:5D 2:JD", level="hard")
    assert choose_play(v) == Card.parse("QH")


def test_hard_keeps_stoppers_when_it_cannot_take_the_trick():
    # The shooter leads A♥: Hard follows with its lowest heart and keeps K♥ for later;
    # Medium sheds its highest heart under the ace as usual.
    hand = "2H 3H KH 5C"
    assert choose_play(view(2, hand, BROKEN, "1:AH", level="hard")) == Card.parse("2H")
    assert choose_play(view(2, hand, BROKEN, "1:AH", level="medium")) == Card.parse("KH")


def _eleven_tricks_won_by(seat: int, remaining: str) -> list[str]:
    """Eleven tricks (the deck less ``remaining``) each led and won by ``seat``."""
    rest = set(parse_cards(remaining))
    cards = sorted(
        (c for c in map(Card.parse, _all_cards()) if c not in rest),
        key=lambda c: (c.rank, c),
        reverse=True,
    )
    tricks = []
    for i in range(11):
        four = cards[i * 4 : (i + 1) * 4]
        order = [(seat + j) % 4 for j in range(4)]
        tricks.append(" ".join(f"{s}:{c}" for s, c in zip(order, four, strict=True)))
    return tricks


def _all_cards() -> list[str]:
    return [r + s for s in "CDSH" for r in "23456789TJQKA"]


@pytest.mark.parametrize("level", LEVELS)
def test_no_cpu_shoots_the_moon_itself(level):
    # Seat 1 has taken Q♠ and twelve hearts (25 points) and leads trick 12 holding A♥ and
    # 2♣: leading A♥ would take all 26 (a moon); every level leads 2♣ instead.
    remaining = "2C AH 3C 5D 4C 6D 5C 7D"
    tricks = _eleven_tricks_won_by(1, remaining)
    v = view(1, "2C AH", tricks, level=level)
    assert v.points_taken == (0, 25, 0, 0)
    assert QUEEN_OF_SPADES not in v.hand
    assert watched_seat(v) is None  # the watch never applies to one's own points
    assert choose_play(v) == Card.parse("2C")
