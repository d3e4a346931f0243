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

from hearts.game import Game
from hearts.save import dump_game, load_game

from .positions import LEVELS

ROOT = Path(__file__).resolve().parents[2]


def play_game(seed: int, level: str, human_seed: int, hands: int = 3) -> list[str]:
    """Play ``hands`` hands; seat 0 by a seeded 'human', seats 1-3 by the CPU. The CPU log."""
    game = Game.new(seed, level)
    human = random.Random(human_seed)
    log: list[str] = []
    while game.phase != "game_over" and game.hand_number <= hands:
        if game.phase == "hand_over":
            if game.hand_number == hands:
                break
            game.next_hand()
        elif game.phase == "pass":
            for seat in range(4):
                if seat == 0:
                    cards = human.sample(game.hand(0), 3)
                else:
                    cards = game.cpu_pass(seat)
                    log.append(f"P{seat} {' '.join(map(str, sorted(cards)))}")
                game.submit_pass(seat, cards)
        elif game.trick_waiting:
            game.gather_trick()
        else:
            seat = game.to_act
            if seat == 0:
                card = human.choice(game.legal_plays(0))
            else:
                card = game.cpu_play(seat)
                log.append(f"{seat} {card}")
            game.play(seat, card)
    return log


def digest(seed: int) -> str:
    logs = [" ".join(play_game(seed, level, human_seed=seed + 1)) for level in LEVELS]
    return hashlib.sha256("|".join(logs).encode()).hexdigest()


@pytest.mark.parametrize("level", LEVELS)
def test_replaying_the_same_choices_repeats_every_cpu_decision(level):
    assert play_game(11, level, 5) == play_game(11, level, 5)


def test_a_saved_game_resumes_with_the_same_cpu_decisions():
    for level in LEVELS:
        game = Game.new(31, level)
        rng = random.Random(3)
        checked = 0
        while game.phase in ("pass", "play") and checked < 40:
            if game.phase == "pass":
                seat = next(s for s in range(4) if not game.has_passed(s))
                loaded = load_game(dump_game(game))
                assert loaded.cpu_pass(seat) == game.cpu_pass(seat)
                game.submit_pass(seat, game.cpu_pass(seat))
            elif game.trick_waiting:
                game.gather_trick()
            else:
                seat = game.to_act
                if rng.random() < 0.3:
                    loaded = load_game(dump_game(game))
                    assert loaded.cpu_play(seat) == game.cpu_play(seat)
                    checked += 1
                game.play(seat, game.cpu_play(seat) if seat else rng.choice(game.legal_plays(0)))


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
