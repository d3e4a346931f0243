"""Deals: the seeded deal of every hand, and a checked starting deal for scripted games."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from . import rules
from .cards import DECK, Card, parse_cards
from .rng import SeedStream

Hands = tuple[tuple[Card, ...], ...]


class StartDeal(NamedTuple):
    """Where a game made with :meth:`hearts.game.Game.from_deal` began."""

    hand_number: int
    scores: tuple[int, int, int, int]
    hands: Hands


def deal(seed: int, hand_number: int) -> Hands:
    """The four 13-card hands of a hand number, derived from the game seed (R3)."""
    cards = SeedStream(seed, "deal", hand_number).shuffled(DECK)
    return tuple(tuple(sorted(cards[i * 13 : (i + 1) * 13])) for i in range(4))


def parse_hand(hand: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards from ``"2C QS"`` or an iterable of cards and card strings."""
    if isinstance(hand, str):
        return parse_cards(hand)
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in hand)


def start_deal(
    hands: Sequence[str | Iterable[Card | str]], hand_number: int, scores: Sequence[int]
) -> StartDeal:
    """A starting deal after checking it: a full deck in four hands, a hand number, scores."""
    parsed = tuple(tuple(sorted(parse_hand(h))) for h in hands)
    if len(parsed) != 4 or any(len(h) != 13 for h in parsed):
        raise ValueError("a deal is four hands of 13 cards")
    if len({c for h in parsed for c in h}) != 52:
        raise ValueError("the four hands must hold each of the 52 cards exactly once")
    if type(hand_number) is not int or hand_number < 1:
        raise ValueError(f"hand_number must be a positive int, not {hand_number!r}")
    if len(scores) != 4 or any(type(s) is not int or s < 0 for s in scores):
        raise ValueError("scores are four non-negative ints")
    if rules.game_over(scores):
        raise ValueError("those scores already ended the game")
    a, b, c, d = scores
    return StartDeal(hand_number, (a, b, c, d), parsed)
