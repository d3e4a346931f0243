"""The motion plan: which card goes from where to where, read from the controller's events.

static/motion.mjs plays it (FLIP with the Web Animations API): the painter hands it the
plan just before it sets the table's HTML and tells it when the table is drawn.  Each
event is one move, in the order they happened:

    YouPlayed, CpuPlayed   ``play``: a card from a seat (your hand: its own place) to the trick
    TrickTaken             ``gather``: the trick's cards to the winner's pile
    Exchanged              ``exchange``: your three cards to one seat, three from another
    Dealt                  ``deal``: your thirteen cards (and the others' backs) from the middle

A hand's end and a new game move no card of their own (the deal that follows does).  A
paint with no move still gets a plan: the cards that stay in your hand slide from where
they were to where they are drawn (a lift, a selection, a card that now sinks).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from .events import CpuPlayed, Dealt, Event, Exchanged, TrickTaken, YouPlayed

Move = dict[str, object]


def plan(events: Iterable[Event], speed: float) -> dict[str, object] | None:
    """The flights for ``events`` at ``speed`` (1: full length), or ``None`` at speed 0
    (``?cadence=0``: nothing moves)."""
    if speed <= 0:
        return None
    return {"speed": speed, "moves": [m for e in events if (m := move_of(e)) is not None]}


def move_of(event: Event) -> Move | None:
    """The one move an event makes, or ``None`` if it moves no card."""
    if isinstance(event, YouPlayed):
        return {"kind": "play", "seat": 0, "card": str(event.card)}
    if isinstance(event, CpuPlayed):
        return {"kind": "play", "seat": event.seat, "card": str(event.card)}
    if isinstance(event, TrickTaken):
        return {"kind": "gather", "seat": event.seat, "cards": _codes(event.cards)}
    if isinstance(event, Exchanged):
        return {
            "kind": "exchange",
            "passed": _codes(event.passed),
            "to": event.to,
            "received": _codes(event.received),
            "from": event.giver,
        }
    if isinstance(event, Dealt):
        return {"kind": "deal", "cards": _codes(event.hand)}
    return None


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]
