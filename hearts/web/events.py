"""What an intent did, as values: the controller returns them, the page puts them in words.

The controller knows no language: it says *that* you played the queen of spades, not
how to say it; :mod:`hearts.web.announce` turns these events into the live region's
sentences in the player's language (the same words the controller used to build), and
:mod:`hearts.web.motion` into the cards' flights.  They are the one account of what just
happened: nobody re-derives it from the action log, a phase change or the DOM.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card
from ..enums import Level


class YouPlayed(NamedTuple):
    card: Card


class CpuPlayed(NamedTuple):
    seat: int
    card: Card


class TrickTaken(NamedTuple):
    seat: int  # who took it (0: you)
    points: int  # what it was worth
    cards: tuple[Card, ...]  # the trick, in the order played: they go to the seat's pile


class Exchanged(NamedTuple):
    """The pass is over (R9): your three cards went to one seat, three came from another."""

    received: tuple[Card, ...]
    passed: tuple[Card, ...]
    to: int  # the seat that received yours
    giver: int  # the seat whose cards you received


class Dealt(NamedTuple):
    """A hand was dealt (a new game's first, or the next one): your thirteen cards."""

    hand: tuple[Card, ...]


class HandOver(NamedTuple):
    """The hand just ended (and perhaps the game): the summary is on the table."""

    number: int


class NewGame(NamedTuple):
    level: Level


class HeartsBroken(NamedTuple):
    """The play just before it was the hand's first heart (its cue, U10)."""


class PassFull(NamedTuple):
    """A fourth card was tapped while three are chosen (R7): nothing changed, the player is
    told what to do instead (no sound, no shake: R18)."""

    card: Card


Event = (
    YouPlayed | CpuPlayed | TrickTaken | Exchanged | Dealt | HandOver | NewGame | HeartsBroken
    | PassFull
)


class Outcome(NamedTuple):
    """What an intent did, for the page: events to announce and messages to show."""

    events: tuple[Event, ...] = ()  # in the order they happened
    notices: tuple[str, ...] = ()  # i18n keys of messages the player should see
    cleared: tuple[str, ...] = ()  # messages no longer true (storage writes again)
