"""Hearts engine: pure standard-library Python that runs unmodified on CPython and Pyodide.

Public API::

    from hearts import Card, Game, IllegalPlay, SaveError, dump_game, load_game
    from hearts import bots  # a CPU's decision: bots.cpu_play(game, seat, level=None)

The game itself knows no bots and no language: :mod:`hearts.bots` asks the CPU,
:mod:`hearts.i18n` has the words.
"""

from .cards import DECK, Card, format_cards, parse_cards
from .enums import LEVELS, Direction, Level, Phase, Result
from .errors import IllegalPlay, SaveError
from .game import Game
from .save import dump_game, load_game
from .stats import Stats
from .steps import Step, StepKind

__all__ = [
    "DECK",
    "LEVELS",
    "Card",
    "Direction",
    "Game",
    "IllegalPlay",
    "Level",
    "Phase",
    "Result",
    "SaveError",
    "Stats",
    "Step",
    "StepKind",
    "dump_game",
    "format_cards",
    "load_game",
    "parse_cards",
]
