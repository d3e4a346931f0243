"""CPU seats: Easy, Medium and Hard decide from a :class:`SeatView` only (R21-R26).

Every level is a pure function of the view: no module state, no search, no sampling of
hidden hands.  Ties are broken from ``view.tiebreak`` (R24).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card
from ..enums import Level
from . import easy, hard, medium
from .seatview import SeatView

__all__ = ["SeatView", "choose_pass", "choose_play"]

_PASS: dict[Level, Callable[[SeatView], tuple[Card, Card, Card]]] = {
    Level.EASY: easy.choose_pass,
    Level.MEDIUM: medium.choose_pass,
    Level.HARD: hard.choose_pass,
}
_PLAY: dict[Level, Callable[[SeatView], Card]] = {
    Level.EASY: easy.choose_play,
    Level.MEDIUM: medium.choose_play,
    Level.HARD: hard.choose_play,
}


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    """The three cards of ``view.hand`` that a CPU at ``view.level`` passes."""
    return _PASS[view.level](view)


def choose_play(view: SeatView) -> Card:
    """The card of ``view.legal`` that a CPU at ``view.level`` plays."""
    return _PLAY[view.level](view)
