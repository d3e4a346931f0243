"""The sounds of what happened (U10), read from the controller's events like the motion plan.

static/sound.mjs plays them with the Web Audio API when the player has switched sound on:

    YouPlayed, CpuPlayed   ``play`` (and ``queen`` for the queen of spades)
    TrickTaken             ``gather``
    Exchanged              ``pass``
    Dealt                  ``deal``
    HeartsBroken           ``broken``

An intent the rules refuse has no events, so it has no sound (R18).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from .events import CpuPlayed, Dealt, Event, Exchanged, HeartsBroken, TrickTaken, YouPlayed

QUEEN_OF_SPADES = Card.parse("QS")
CUES = {TrickTaken: "gather", Exchanged: "pass", Dealt: "deal", HeartsBroken: "broken"}


def cues(events: Iterable[Event]) -> list[str]:
    """The sounds for ``events``, in the order they happened."""
    found: list[str] = []
    for event in events:
        if isinstance(event, YouPlayed | CpuPlayed):
            found.append("play")
            if event.card == QUEEN_OF_SPADES:
                found.append("queen")
        elif type(event) in CUES:
            found.append(CUES[type(event)])
    return found
