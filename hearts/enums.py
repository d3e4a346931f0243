"""The engine's vocabularies as string enums: each member is the text saves have always used.

A member compares equal to its text (``Phase.PASS == "pass"``) and serialises as it, so
saves written before these types existed load unchanged.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PASS = "pass"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


class Level(StrEnum):
    """How strongly the three CPU seats play; chosen before a game (R5)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Direction(StrEnum):
    """Where this hand's three cards go (R8)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


class Result(StrEnum):
    """A finished game read from your seat (R4)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


LEVELS: tuple[Level, ...] = tuple(Level)


def level_of(text: object) -> Level:
    """The level named ``text``; ``ValueError`` naming the choices otherwise."""
    if isinstance(text, str) and text in _BY_NAME:
        return _BY_NAME[text]
    raise ValueError(f"unknown level {text!r}: expected one of {', '.join(LEVELS)}")


_BY_NAME = {str(level): level for level in LEVELS}
