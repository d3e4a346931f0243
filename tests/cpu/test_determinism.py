"""R24: same seed and same human choices → identical CPU decisions, also after a save/load
round trip and in another process (where str hashes are salted differently)."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import bots
from hearts.cards import Card
from hearts.driver import Policy, drive, game_over, hand_done, per_seat, random_choices
from hearts.game import Game
from hearts.save import dump_game, load_game

from .positions import LEVELS

ROOT = Path(__file__).resolve().parents[2]


def play_game(seed: int, level: str, human_seed: int, hands: int = 3) -> list[str]:
    """Play ``hands`` hands; seat 0 by a seeded 'human', seats 1-3 by the CPU. The CPU log."""
    log: list[str] = []

    def cpu_pass(game: Game, seat: int) -> tuple[Card, ...]:
        cards = bots.cpu_pass(game, seat)
        log.append(f"P{seat} {' '.join(map(str, sorted(cards)))}")
        return cards

    def cpu_play(game: Game, seat: int) -> Card:
        card = bots.cpu_play(game, seat)
        log.append(f"{seat} {card}")
        return card

    logged = Policy(cpu_pass, cpu_play)
    human = random_choices(random.Random(human_seed))
    drive(
        Game.new(seed, level),
        per_seat((human, logged, logged, logged)),
        until=lambda g: game_over(g) or (g.phase == "hand_over" and g.hand_number >= hands),
    )
    return log


def digest(seed: int) -> str:
    logs = [" ".join(play_game(seed, level, human_seed=seed + 1)) for level in LEVELS]
    return hashlib.sha256("|".join(logs).encode()).hexdigest()


@pytest.mark.parametrize("level", LEVELS)
def test_replaying_the_same_choices_repeats_every_cpu_decision(level):
    assert play_game(11, level, 5) == play_game(11, level, 5)


def resume_checks(level: str) -> int:
    """Play game 31 at ``level``; before CPU decisions, a reloaded copy must decide the same."""
    rng = random.Random(3)
    checked = 0

    def checked_pass(game: Game, seat: int) -> tuple[Card, ...]:
        assert bots.cpu_pass(load_game(dump_game(game)), seat) == bots.cpu_pass(game, seat)
        return bots.cpu_pass(game, seat)

    def checked_play(game: Game, seat: int) -> Card:
        nonlocal checked
        if rng.random() < 0.3:
            assert bots.cpu_play(load_game(dump_game(game)), seat) == bots.cpu_play(game, seat)
            checked += 1
        return bots.cpu_play(game, seat) if seat else rng.choice(game.legal_plays(0))

    until = lambda g: hand_done(g) or checked >= 40  # noqa: E731
    drive(Game.new(31, level), Policy(checked_pass, checked_play), until=until)
    return checked


@pytest.mark.parametrize("level", LEVELS)
def test_a_saved_game_resumes_with_the_same_cpu_decisions(level):
    assert resume_checks(level) > 0


def test_decisions_do_not_depend_on_the_process():
    code = "from tests.cpu.test_determinism import digest; print(digest(4))"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == digest(4)


def test_different_seeds_break_ties_differently():
    assert play_game(1, "easy", 5, hands=1) != play_game(2, "easy", 5, hands=1)
