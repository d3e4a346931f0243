"""What a CPU seat is allowed to know (R23), and nothing more.

A :class:`SeatView` is built by :func:`hearts.bots.seat_view` from the game's public
information plus the seat's own hand.  It holds no reference to the game, no other hand,
no passed cards (not even the seat's own, once the exchange is over) and not the game
seed: the tie-break value is a one-way digest of the seed and the decision's position,
so it cannot reveal the deal.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card
from ..enums import Direction, Level, Phase
from ..rules import Plays


class SeatView(NamedTuple):
    seat: int
    level: Level
    phase: Phase  # pass or play
    hand_number: int
    pass_direction: Direction
    hand: tuple[Card, ...]  # display order
    legal: tuple[Card, ...]  # the cards the rules allow now (empty unless it is our turn)
    tricks: tuple[Plays, ...]  # gathered tricks of this hand, (seat, card) in play order
    current_trick: Plays  # the trick on the table, (seat, card) in play order
    hearts_broken: bool
    points_taken: tuple[int, int, int, int]  # this hand, public
    scores: tuple[int, int, int, int]  # game totals, public
    tiebreak: int  # seeds the tie-break stream for this decision (R24)
