"""Hard's learned evaluation (issue 24): the shipped table is the recipe's, the fit is a real
least-squares fit, and the rule layer still decides the moon defence and certain plays."""

from __future__ import annotations

import random

import pytest

from hearts.cpu import hard, hard_eval, hard_weights
from hearts.cpu.knowledge import Knowledge
from tools import frozen_hard, learn_hard

from .positions import view
from .test_teacher import play_positions


def test_the_shipped_table_is_the_one_the_recipe_wrote():
    assert learn_hard.checksum(hard_weights.WEIGHTS, hard_weights.USE) == hard_weights.CHECKSUM
    assert len(hard_weights.WEIGHTS) == 3
    assert all(len(w) == hard_eval.FEATURES for w in hard_weights.WEIGHTS)


def test_the_fit_recovers_weights_that_generated_the_values():
    rng = random.Random(4)
    truth = [round(rng.uniform(-3, 3), 2) for _ in range(hard_eval.FEATURES)]
    samples = []
    for _ in range(400):
        rows = [[rng.random() for _ in range(hard_eval.FEATURES)] for _ in range(4)]
        values = [sum(w * x for w, x in zip(truth, row, strict=True)) + 7.0 for row in rows]
        samples.append((1, rows, values))
    fitted = learn_hard.fit(samples, ridge=1e-9)
    assert fitted[1] == pytest.approx(truth, abs=1e-3)


def test_features_read_the_position():
    v = view(2, "5D 7D KD AD QS 9C", [], "1:9D", level="hard")
    k = Knowledge(v)
    where, rows = hard_eval.features(v, v.legal, k, hard.rule_choice(v, v.legal, k, None))
    assert where == hard_eval.FOLLOW
    by_card = dict(zip(v.legal, rows, strict=True))
    wins = [str(c) for c, row in by_card.items() if row[12]]
    assert wins == ["KD", "AD"]
    assert sum(row[0] for row in rows) == 1  # exactly one card is the rules' choice


def test_the_moon_defence_and_certain_plays_stay_with_the_rules():
    # Seat 1 holds all 14 points taken and has won the tricks: Hard's defence is on.
    tricks = ["0:2C 1:AC 2:3C 3:4C", "1:QS 2:2S 3:3S 0:4S", "1:KC 2:5C 3:6C 0:7C"]
    v = view(2, "9C 9D 9S 9H TC", tricks, "0:8D 1:AD", level="hard", points=(0, 14, 0, 0))
    assert hard.apparent_shooter(v) == 1
    assert hard.choose_play(v) == hard.rule_play(v)
    for game, seat in play_positions(40, seed=9):
        v = game.seat_view(seat, "hard")
        assert hard.choose_play(v) in v.legal


def test_hard_at_a_later_commit_loads_its_learned_modules_apart():
    # main when this recipe's play check was added: Hard with the first table (discards only).
    first_table = "ae8ed3611e4d76b936367c3e5fb40a7a8ee902a4"
    old = frozen_hard.hard_at(first_table)
    assert old.__name__ == "hearts._frozen_hard_ae8ed3611e.hard"
    assert old.hard_eval.FEATURES == 24  # its own evaluation, not the live one
    assert old.hard_eval is not hard_eval
    for game, seat in play_positions(20, seed=14):
        v = game.seat_view(seat, "hard")
        assert old.choose_play(v) in v.legal


def test_a_table_is_swapped_in_for_one_call_only():
    zeros = tuple((0.0,) * hard_eval.FEATURES for _ in range(3))
    policy = learn_hard.with_table(zeros, (True, True, True))
    for game, seat in play_positions(10, seed=15):
        assert policy.choose_play(game, seat) in game.legal_plays(seat)
        assert hard_eval.WEIGHTS is hard_weights.WEIGHTS
        assert hard_eval.USE is hard_weights.USE


def test_the_rules_own_lead_score_is_a_feature():
    v = view(0, "2D 9D 3S 7S KH 4C", ["0:2C 1:3C 2:5C 3:6C"], "", level="hard")
    k = Knowledge(v)
    pick = hard.rule_choice(v, v.legal, k, None)
    where, rows = hard_eval.features(v, v.legal, k, pick)
    assert where == hard_eval.LEAD
    tops = [c for c, row in zip(v.legal, rows, strict=True) if row[36]]
    assert pick in tops
    assert all(row[37] <= 0 for row in rows)  # behind the rules' best by this much
