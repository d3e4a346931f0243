"""What a game waits for next, and the actions that answer it.

The page's scheduler, the tournament, the benchmark and the tests all read
:attr:`hearts.game.Game.next_step` and act on it (:mod:`hearts.driver`), so there is one
way to step a game. An :class:`Action` is one applied answer, a small value with a text
form that round-trips (like python-chess's ``Move``): the save format's action log is
these texts, and their grammar lives here only.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import Card, format_cards, parse_cards
from .errors import IllegalPlay

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


SEATS = "0123"


class Action(NamedTuple):
    """One action of a game's log: ``"P1 2C 3C 4C"`` (seat 1 passes three cards),
    ``"2 QS"`` (seat 2 plays a card), ``"G"`` (gather the trick), ``"N"`` (next hand)."""

    kind: StepKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()

    @classmethod
    def passing(cls, seat: int, cards: tuple[Card, ...]) -> Action:
        return cls(StepKind.PASS, seat, cards)

    @classmethod
    def playing(cls, seat: int, card: Card) -> Action:
        return cls(StepKind.PLAY, seat, (card,))

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action ``text`` names; ``ValueError`` (:class:`IllegalPlay` or an unknown
        card) if it names none. Not every parsed action is canonical: ``str`` is."""
        if text == "G":
            return GATHER
        if text == "N":
            return NEXT_HAND
        if len(text) == 4 and text[0] in SEATS and text[1] == " ":
            return cls.playing(int(text[0]), Card.parse(text[2:]))
        if len(text) == 11 and text[0] == "P" and text[1] in SEATS and text[2] == " ":
            return cls.passing(int(text[1]), parse_cards(text[3:]))
        raise IllegalPlay(f"not an action: {text!r}")

    def __str__(self) -> str:
        if self.kind == StepKind.PASS:
            return f"P{self.seat} {format_cards(self.cards)}"
        if self.kind == StepKind.PLAY:
            return f"{self.seat} {format_cards(self.cards)}"
        return "G" if self.kind == StepKind.GATHER else "N"


GATHER = Action(StepKind.GATHER)
NEXT_HAND = Action(StepKind.NEXT_HAND)
