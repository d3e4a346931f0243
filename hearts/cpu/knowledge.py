"""What a seat can work out from its own hand and the cards played (R21, R23, R25).

Counting only: which cards are still out (neither played nor in our hand), which seats
have shown a void (they did not follow the led suit, or led a heart before hearts were
broken, which the rules allow only with a hand of nothing but hearts).  No sampling, no
guess at where a particular hidden card lies beyond what those facts force.
"""

from __future__ import annotations

from ..cards import HEARTS, SUIT_OF
from ..rules import Plays
from .seatview import SeatView
from .tables import BIT, FULL, HEART_MASK, QS_BIT, SUIT_MASK

_NON_HEART_SUITS = 0b0111  # void flags for clubs, diamonds and spades


class Knowledge:
    """Counted facts for one decision: masks of cards, void flags per seat (bit = suit)."""

    __slots__ = ("counts", "mine", "out", "played", "voids")

    def __init__(self, view: SeatView) -> None:
        played = 0
        voids = [0, 0, 0, 0]
        broken = False
        for trick in view.tricks:
            played, broken = _read_trick(trick, played, voids, broken)
        if view.current_trick:
            played, broken = _read_trick(view.current_trick, played, voids, broken)
        mine = 0
        counts = [0, 0, 0, 0]
        for c in view.hand:
            mine |= BIT[c]
            counts[SUIT_OF[c]] += 1
        self.played = played
        self.mine = mine
        self.out = FULL & ~played & ~mine
        self.voids = voids
        self.counts = counts  # our own cards per suit

    @property
    def queen_out(self) -> bool:
        """Q♠ is still in another hand."""
        return bool(self.out & QS_BIT)

    def out_in(self, suit: int) -> int:
        """The mask of the cards of ``suit`` still in other hands."""
        return self.out & SUIT_MASK[suit]

    def void(self, seat: int, suit: int) -> bool:
        """``seat`` has shown that it holds no card of ``suit``."""
        return bool(self.voids[seat] >> suit & 1)

    def voids_among(self, seats: list[int], suit: int) -> int:
        """How many of ``seats`` have shown a void in ``suit``."""
        return sum(1 for seat in seats if self.voids[seat] >> suit & 1)


def _read_trick(trick: Plays, played: int, voids: list[int], broken: bool) -> tuple[int, bool]:
    lead_seat, lead_card = trick[0]
    led = SUIT_OF[lead_card]
    if led == HEARTS and not broken:
        voids[lead_seat] |= _NON_HEART_SUITS  # R15: a heart lead before hearts broke
    played |= BIT[lead_card]
    for seat, card in trick[1:]:
        played |= BIT[card]
        if SUIT_OF[card] != led:
            voids[seat] |= 1 << led
    if played & HEART_MASK:
        broken = True
    return played, broken
