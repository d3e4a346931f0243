"""What a game waits for next: the one question every driver of a game asks.

The page's scheduler, the tournament, the benchmark and the tests all read
:attr:`hearts.game.Game.next_step` and act on it, so there is one way to step a game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

CPU_FIRST = (1, 2, 3, 0)  # R11: the CPU seats confirm their passes before yours


class StepKind(StrEnum):
    PASS = "pass"  # the seats in Step.seats still have to pass, in this order
    PLAY = "play"  # Step.seat plays a card
    GATHER = "gather"  # a finished trick waits to be gathered (R20)
    NEXT_HAND = "next_hand"  # the hand is over; the next one waits to be dealt


class Step(NamedTuple):
    kind: StepKind
    seats: tuple[int, ...] = ()

    @property
    def seat(self) -> int | None:
        """The first seat that has to act, if the step is a seat's."""
        return self.seats[0] if self.seats else None
