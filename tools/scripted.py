"""Scripted opponents for the tournament only (never a level of the game).

* ``random``: a uniformly random legal player (the floor Easy must beat).
* ``shooter``: always tries to take every point card — passes its lowest cards, wins
  every trick it can with its highest card, leads its highest card, and when it cannot
  follow discards its lowest card without points.  It measures each level's moon defence.

Both decide from the same :class:`SeatView` the levels get, with randomness from
``view.tiebreak`` (R24), so tournament runs repeat exactly.
"""

from __future__ import annotations

from hearts.cards import POINTS_OF, RANK_OF, SUIT_OF, Card
from hearts.cpu.seatview import SeatView
from hearts.rng import SeedStream
from hearts.rules import winning_play


def random_pass(view: SeatView) -> tuple[Card, Card, Card]:
    a, b, c = SeedStream(view.tiebreak, "random").shuffled(view.hand)[:3]
    return (a, b, c)


def random_play(view: SeatView) -> Card:
    return SeedStream(view.tiebreak, "random").choice(view.legal)


def shooter_pass(view: SeatView) -> tuple[Card, Card, Card]:
    order = sorted(view.hand, key=lambda c: (POINTS_OF[c] > 0, RANK_OF[c], c))
    a, b, c = order[:3]
    return (a, b, c)


def shooter_play(view: SeatView) -> Card:
    legal = view.legal
    trick = view.current_trick
    if not trick:
        return max(legal, key=lambda c: (RANK_OF[c], c))
    _, winning = winning_play(trick)
    if SUIT_OF[legal[0]] == SUIT_OF[winning]:
        return max(legal) if max(legal) > winning else min(legal)
    plain = [c for c in legal if not POINTS_OF[c]] or list(legal)
    return min(plain, key=lambda c: (RANK_OF[c], c))
