"""R24 across interpreters: every CPU decision of fixed games is pinned, so CPython and
Pyodide (make test-pyodide runs this file too) must agree on each of them, Hard's learned
evaluation (floating-point scores) included.

A deliberate change of a level's play changes these digests: re-pin them in that commit.
"""

from __future__ import annotations

import hashlib

import pytest

from hearts import Game, bots
from hearts.driver import Policy, drive, game_over

PINNED = {
    "easy": "e42151e0b3c9d3b4",
    "medium": "53764a0abf93223d",
    "hard": "4159c5aa915eb859",
}


def cpu_log(level: str, seed: int = 2024, hands: int = 4) -> str:
    """All four seats by the CPU at ``level`` for ``hands`` hands: the digest of every choice."""
    log: list[str] = []

    def choose_pass(game: Game, seat: int):
        cards = bots.cpu_pass(game, seat, level)
        log.append(" ".join(sorted(map(str, cards))))
        return cards

    def choose_play(game: Game, seat: int):
        card = bots.cpu_play(game, seat, level)
        log.append(str(card))
        return card

    drive(
        Game.new(seed, level),
        Policy(choose_pass, choose_play),
        until=lambda g: game_over(g) or (g.phase == "hand_over" and g.hand_number >= hands),
    )
    return hashlib.sha256("|".join(log).encode()).hexdigest()[:16]


@pytest.mark.parametrize("level", sorted(PINNED))
def test_every_cpu_decision_is_pinned(level: str) -> None:
    assert cpu_log(level) == PINNED[level]
