"""Scripted opponents for the tournament only (never a level of the game).

* ``random``: a uniformly random legal player (the floor Easy must beat).
* ``shooter``: always tries to take every point card — passes its lowest cards, wins
  every trick it can with its highest card, leads its highest card, and when it cannot
  follow discards its lowest card without points.  It measures each level's moon defence.
* ``opportunist``: plays Medium, but when its hand after the pass is strong for a moon
  (see :func:`moon_hand`) it plays as ``shooter`` for as long as nobody else has a point.
  Set against Medium in the same seat it measures whether trying a moon pays against a level.

Both decide from the same :class:`SeatView` the levels get, with randomness from
``view.tiebreak`` (R24), so tournament runs repeat exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import HEARTS, POINTS_OF, RANK_OF, SUIT_OF, Card
from hearts.cpu import medium
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


MOON_HEARTS = 5  # hearts, the ace among them
MOON_HIGH_CARDS = 6  # queens, kings and aces in all


def moon_hand(cards: Sequence[Card]) -> bool:
    """A hand after the pass strong enough to try for all 26 points."""
    hearts = [c for c in cards if SUIT_OF[c] == HEARTS]
    high = sum(1 for c in cards if RANK_OF[c] >= 12)
    return len(hearts) >= MOON_HEARTS and RANK_OF[max(hearts)] == 14 and high >= MOON_HIGH_CARDS


def opportunist_pass(view: SeatView) -> tuple[Card, Card, Card]:
    return medium.choose_pass(view)


def opportunist_play(view: SeatView) -> Card:
    """Shooter's card while the hand it held after the pass is strong and the moon still on."""
    played = [c for trick in (*view.tricks, view.current_trick) for s, c in trick if s == view.seat]
    others_scored = any(p for s, p in enumerate(view.points_taken) if s != view.seat)
    if not others_scored and moon_hand((*view.hand, *played)):
        return shooter_play(view)
    return medium.choose_play(view)
