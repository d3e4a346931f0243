"""Hard's learned evaluation of each legal card: a linear score of counted facts.

No search and no sampling (R21, R25): every fact (:mod:`hearts.cpu.hard_facts`, each
column named) is read from the :class:`SeatView` through
:class:`~hearts.cpu.knowledge.Knowledge` (our hand, the cards still out, voids shown, the
trick on the table, points taken), plus whether the card is the one Hard's rules would
play and, leading or discarding, the rules' own score of it.  The weights are a
:class:`PlayTable` given to :func:`choose`; the shipped one (:data:`SHIPPED`, from
:mod:`hearts.cpu.hard_weights`) was fitted by ``make learn-hard`` to the card values a
search teacher (``tools/teacher.py``, never shipped) found on positions from self-play;
one weight vector per situation: leading, following suit, discarding.  A situation uses
its weights only where they beat the rules on held-out positions and in play, and its
best card overrules the rules' only by the situation's margin.  Equal scores fall to the
game seed (R24).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from . import hard_weights, tiebreak
from .hard_facts import COLUMNS, CONTEXT, FEATURES, situation
from .hard_rows import ROWS
from .knowledge import Knowledge
from .seatview import SeatView


@dataclass(frozen=True, slots=True)
class PlayTable:
    """Fitted weights per situation (lead, follow, discard), one per number of a row."""

    weights: tuple[tuple[float, ...], ...]
    use: tuple[bool, bool, bool]  # where the weights decide (elsewhere the rules do)
    margin: tuple[float, float, float]  # by how much their card must beat the rules'


SHIPPED = PlayTable(hard_weights.WEIGHTS, hard_weights.USE, hard_weights.MARGIN)
# Each context fact's place in its situation's row.
CONTEXT_AT = tuple(
    tuple(columns.index(name) for name in names)
    for columns, names in zip(COLUMNS, CONTEXT, strict=True)
)
WIDTH = tuple(FEATURES * (1 + len(c)) for c in CONTEXT)  # a row's length, per situation


def learned(view: SeatView, legal: tuple[Card, ...], table: PlayTable = SHIPPED) -> bool:
    """Whether ``table``'s weights decide in this situation (else the rules do)."""
    return table.use[situation(view, legal)]


def features(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> tuple[int, list[list[float]]]:
    """The situation and one row of ``WIDTH[situation]`` numbers per card of ``legal``."""
    where = situation(view, legal)
    context = CONTEXT_AT[where]
    return where, [with_context(row, context) for row in ROWS[where](view, legal, k, pick)]


def with_context(row: list[float], context: tuple[int, ...]) -> list[float]:
    """``row`` followed by every fact of it times each ``context`` fact."""
    out = row[:]
    for c in context:
        x = row[c]
        out.extend([x * f for f in row] if x else [0.0] * FEATURES)
    return out


def choose(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card, table: PlayTable = SHIPPED
) -> Card:
    """The card of ``legal`` the ``table``'s weights score highest (ties: the game seed), if
    it beats the rules' ``pick`` by at least the situation's margin; else ``pick``."""
    where, rows = features(view, legal, k, pick)
    weights = table.weights[where]
    scores = {
        c: sum(w * x for w, x in zip(weights, row, strict=True))
        for c, row in zip(legal, rows, strict=True)
    }
    best = tiebreak.best(view, legal, scores.__getitem__)
    return best if scores[best] - scores[pick] >= table.margin[where] else pick
