"""View models: everything the page shows, as plain values built from the game.

Pure: no browser imports, no HTML.  Whether a card can be played comes only from the
engine's ``legal_plays`` (R18, R28); nothing here re-derives a rule.
"""

from .faces import POSITIONS, CardFace, Texts, face
from .summary import Summary, SummaryRow, summary_of
from .table_view import (
    HandCard,
    PassPanel,
    Plate,
    TableView,
    TrickCard,
    build,
    received_marks,
    row_of,
    rows,
)

__all__ = [
    "POSITIONS",
    "CardFace",
    "HandCard",
    "PassPanel",
    "Plate",
    "Summary",
    "SummaryRow",
    "TableView",
    "Texts",
    "TrickCard",
    "build",
    "face",
    "received_marks",
    "row_of",
    "rows",
    "summary_of",
]
