"""Hearts engine: pure standard-library Python that runs unmodified on CPython and Pyodide.

Public API::

    from hearts import Card, Game, IllegalPlay, SaveError
"""

from .cards import DECK, Card, format_cards, parse_cards
from .errors import IllegalPlay, SaveError
from .game import LEVELS, Game
from .stats import Stats

__all__ = [
    "DECK",
    "LEVELS",
    "Card",
    "Game",
    "IllegalPlay",
    "SaveError",
    "Stats",
    "format_cards",
    "parse_cards",
]
