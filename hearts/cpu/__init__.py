"""CPU seats: Easy, Medium and Hard decide from a :class:`SeatView` only (R21-R26).

Every level is a pure function of the view: no module state, no search, no sampling of
hidden hands.  Ties are broken from ``view.tiebreak`` (R24).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..cards import Card
from ..enums import Level
from .seatview import SeatView

__all__ = ["SeatView", "choose_pass", "choose_play"]

Passer = Callable[[SeatView], tuple[Card, Card, Card]]
Player = Callable[[SeatView], Card]


@cache
def _levels() -> tuple[dict[Level, Passer], dict[Level, Player]]:
    # Imported at the first CPU decision, not with the game: the page's first screen (your
    # pass, or a saved table) needs no CPU, and start-up imports less.
    from . import easy, hard, medium

    passes: dict[Level, Passer] = {
        Level.EASY: easy.choose_pass,
        Level.MEDIUM: medium.choose_pass,
        Level.HARD: hard.choose_pass,
    }
    plays: dict[Level, Player] = {
        Level.EASY: easy.choose_play,
        Level.MEDIUM: medium.choose_play,
        Level.HARD: hard.choose_play,
    }
    return passes, plays


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    """The three cards of ``view.hand`` that a CPU at ``view.level`` passes."""
    return _levels()[0][view.level](view)


def choose_play(view: SeatView) -> Card:
    """The card of ``view.legal`` that a CPU at ``view.level`` plays."""
    return _levels()[1][view.level](view)
