"""R24: ties between equally good options are broken from the game's seed.

``view.tiebreak`` is a one-way digest of the seed and the decision's position, so the
same saved game replays every choice, and the stream is built only when a tie occurs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card
from ..rng import SeedStream
from .seatview import SeatView


def pick(view: SeatView, options: Sequence[Card]) -> Card:
    """One of ``options`` (all equally good), the same one whenever the position repeats."""
    if len(options) == 1:
        return options[0]
    return SeedStream(view.tiebreak, "tie").choice(options)


def best(view: SeatView, cards: Sequence[Card], score: Callable[[Card], float]) -> Card:
    """The card of ``cards`` with the highest ``score``; ties broken by :func:`pick`."""
    top = None
    ties: list[Card] = []
    for card in cards:
        value = score(card)
        if top is None or value > top:
            top = value
            ties = [card]
        elif value == top:
            ties.append(card)
    return pick(view, ties)


def shuffled(view: SeatView, cards: Sequence[Card]) -> list[Card]:
    """A seed-derived order of ``cards`` (for Easy's deliberately loose choices)."""
    return SeedStream(view.tiebreak, "order").shuffled(cards)
