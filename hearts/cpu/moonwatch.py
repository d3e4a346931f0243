"""R26 moon watch, identical at all three levels.

Once a seat has taken 12 or more points this hand and no other seat has taken a single
point, the other seats stop feeding it point cards: a point card is withheld whenever a
card without points is allowed, unless the watched seat has already played to this trick
and is beaten, so that the points cannot end up with it.  Only Hard
goes further (see :mod:`hearts.cpu.hard`).  No level ever plays for a moon of its own.
"""

from __future__ import annotations

from ..cards import POINTS_OF, SUIT_OF, Card
from .seatview import SeatView

WATCH_POINTS = 12


def watched_seat(view: SeatView) -> int | None:
    """The other seat that holds every point taken so far, once it has 12 or more."""
    taken = view.points_taken
    total = taken[0] + taken[1] + taken[2] + taken[3]
    if total < WATCH_POINTS:
        return None
    for seat in range(4):
        if taken[seat] == total:
            return None if seat == view.seat else seat
    return None


def trick_leader(plays) -> tuple[int, Card]:
    """The (seat, card) currently winning a non-empty trick (highest of the led suit)."""
    best_seat, best = plays[0]
    led = SUIT_OF[best]
    for seat, card in plays[1:]:
        if card > best and SUIT_OF[card] == led:
            best_seat, best = seat, card
    return best_seat, best


def unfed(view: SeatView, legal: tuple[Card, ...], target: int | None) -> tuple[Card, ...]:
    """``legal`` less the point cards that could feed ``target``, if a card without points is
    allowed (when every allowed card carries points there is no choice, and play goes on as
    usual: taking the trick away from the watched seat is Hard's business, not the watch's).

    A point card cannot feed ``target`` once it has played to this trick and is beaten.
    """
    if target is None:
        return legal
    trick = view.current_trick
    if trick and any(seat == target for seat, _ in trick) and trick_leader(trick)[0] != target:
        return legal
    plain = tuple(c for c in legal if not POINTS_OF[c])
    return plain or legal
