"""R26 moon watch, identical at all three levels.

Once a seat has taken 12 or more points this hand and no other seat has taken a single
point, the other seats stop feeding it point cards: a point card is withheld whenever a
card without points is allowed, unless that point card cannot end up with the watched
seat (it has already played this trick and is beaten, or our card beats it).  Only Hard
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
    """``legal`` less the point cards that could feed ``target``, unless nothing else is left."""
    if target is None:
        return legal
    trick = view.current_trick
    target_done = any(seat == target for seat, _ in trick)
    win_seat, win_card = trick_leader(trick) if trick else (-1, -1)
    led = SUIT_OF[trick[0][1]] if trick else -1
    safe = tuple(
        c
        for c in legal
        if not POINTS_OF[c]
        or (target_done and (win_seat != target or (SUIT_OF[c] == led and c > win_card)))
    )
    return safe or legal
