"""R26 moon watch, identical at all three levels.

Once a seat has taken 12 or more points this hand and no other seat has taken a single
point, the other seats stop feeding it point cards: a point card is withheld whenever a
card without points is allowed, unless the watched seat has already played to this trick
and is beaten, so that the points cannot end up with it.  Only Hard
goes further (see :mod:`hearts.cpu.hard`).  No level ever plays for a moon of its own.
"""

from __future__ import annotations

from ..cards import POINTS_OF, Card
from ..rules import trick_winner
from .seatview import SeatView

WATCH_POINTS = 12


def sole_taker(view: SeatView, at_least: int) -> int | None:
    """The other seat that holds every point taken so far, once there are ``at_least``."""
    taken = view.points_taken
    total = taken[0] + taken[1] + taken[2] + taken[3]
    if total < at_least:
        return None
    for seat in range(4):
        if taken[seat] == total:
            return None if seat == view.seat else seat
    return None


def watched_seat(view: SeatView) -> int | None:
    """The seat the moon watch protects against: every point taken, 12 or more (R26)."""
    return sole_taker(view, WATCH_POINTS)


def unfed(view: SeatView, legal: tuple[Card, ...], target: int | None) -> tuple[Card, ...]:
    """``legal`` less the point cards that could feed ``target``, if a card without points is
    allowed (when every allowed card carries points there is no choice, and play goes on as
    usual: taking the trick away from the watched seat is Hard's business, not the watch's).

    A point card cannot feed ``target`` once it has played to this trick and is beaten.
    """
    if target is None:
        return legal
    trick = view.current_trick
    if trick and any(seat == target for seat, _ in trick) and trick_winner(trick) != target:
        return legal
    plain = tuple(c for c in legal if not POINTS_OF[c])
    return plain or legal
