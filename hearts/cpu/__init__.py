"""CPU seats: Easy, Medium and Hard decide from a :class:`SeatView` only (R21-R26)."""

from __future__ import annotations

from ..cards import RANK_OF, Card
from .seatview import SeatView

__all__ = ["SeatView", "choose_pass", "choose_play"]


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    """Three cards of ``view.hand`` to pass (placeholder until the levels land: highest three)."""
    a, b, c = sorted(view.hand, key=lambda card: (RANK_OF[card], card))[-3:]
    return (a, b, c)


def choose_play(view: SeatView) -> Card:
    """One of ``view.legal`` to play (placeholder until the levels land: lowest legal)."""
    return min(view.legal, key=lambda card: (RANK_OF[card], card))
