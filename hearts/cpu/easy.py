"""Easy: legal cards with only the most basic sense, so that a beginner can win.

It passes its three highest cards, does not lead a point card when it has another, and
when following suit ducks under the card that is winning the trick if it can.  Everything
else (which lead, which discard, which duck) is a seed-derived choice among the allowed
cards (R24).  It obeys the moon watch (R26).
"""

from __future__ import annotations

from ..cards import POINTS_OF, RANK_OF, SUIT_OF, Card
from ..rules import winning_play
from . import moonwatch, tiebreak
from .seatview import SeatView


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    order = tiebreak.shuffled(view, view.hand)
    order.sort(key=RANK_OF.__getitem__, reverse=True)  # stable: equal ranks keep seed order
    a, b, c = order[:3]
    return (a, b, c)


def choose_play(view: SeatView) -> Card:
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    legal = moonwatch.unfed(view, legal, moonwatch.watched_seat(view))
    trick = view.current_trick
    if not trick:
        plain = [c for c in legal if not POINTS_OF[c]]
        return tiebreak.pick(view, plain or legal)  # never lead points when it need not
    _, winning = winning_play(trick)
    if SUIT_OF[legal[0]] == SUIT_OF[winning]:
        ducks = [c for c in legal if c < winning]
        if ducks:
            return tiebreak.pick(view, ducks)
    return tiebreak.pick(view, legal)
