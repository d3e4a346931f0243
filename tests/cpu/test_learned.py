"""Hard's learned evaluation: the shipped table is the recipe's, the fit is a real
least-squares fit, and the rule layer still decides the moon defence and certain plays."""

from __future__ import annotations

import random

import pytest

from hearts import bots
from hearts.cards import Card
from hearts.cpu import hard, hard_eval, hard_facts, hard_weights
from hearts.cpu.hard_eval import PlayTable
from hearts.cpu.hard_facts import CONTEXT, DISCARD, FEATURES, FOLLOW, LEAD, column
from hearts.cpu.knowledge import Knowledge
from tools import frozen_hard, learn_hard

from .positions import view
from .test_teacher import play_positions


def test_the_shipped_table_is_the_one_the_recipe_wrote():
    table = hard_weights.WEIGHTS, hard_weights.USE, hard_weights.MARGIN
    assert learn_hard.checksum(*table) == hard_weights.CHECKSUM
    assert hard_weights.MARGIN == learn_hard.MARGIN
    assert [len(w) for w in hard_weights.WEIGHTS] == list(hard_eval.WIDTH)
    note = hard_weights.__doc__.split("do not edit by hand.\n")[1].rstrip("\n")
    text = learn_hard.table_text(hard_weights.WEIGHTS, hard_weights.USE, note)
    assert learn_hard.TABLE.read_text() == text  # byte for byte what the recipe writes


def test_the_table_was_fitted_to_the_features_the_code_defines():
    code = learn_hard.schema_digest(hard_facts.schema())
    assert code == hard_weights.SCHEMA, (
        f"hearts/cpu/hard_weights.py was fitted to other features (schema {hard_weights.SCHEMA}) "
        f"than hearts/cpu/hard_facts.py defines now ({code}): a column was added, removed, "
        "renamed or moved, or a context fact changed. Run `make learn-hard` to fit the weights "
        "to them (then `make learn-pass`: its roll-outs play the new Hard)."
    )


def test_every_column_has_one_name_and_each_situation_the_same_number():
    assert [len(columns) for columns in hard_facts.COLUMNS] == [FEATURES] * 3
    for columns, context in zip(hard_facts.COLUMNS, CONTEXT, strict=True):
        assert len(set(columns)) == len(columns)
        assert set(context) <= set(columns) and len(set(context)) == len(context)
    # The facts every situation shares sit in the same columns in each.
    shared = [*hard_facts.CardFacts._fields, *hard_facts.HandFacts._fields]
    shared += hard_facts.PickFacts._fields
    for name in shared:
        assert column(LEAD, name) == column(FOLLOW, name) == column(DISCARD, name)


def test_a_spare_column_is_zero_in_every_row():
    for game, seat in play_positions(60, seed=16):
        v = bots.seat_view(game, seat, "hard")
        k = Knowledge(v)
        where, rows = hard_eval.features(v, v.legal, k, hard.rule_choice(v, v.legal, k, None))
        spares = [j for j, name in enumerate(hard_facts.COLUMNS[where]) if "spare" in name]
        assert all(row[j] == 0.0 for row in rows for j in spares)


@pytest.mark.parametrize("where", [LEAD, FOLLOW])
def test_the_fit_recovers_weights_that_generated_the_values(where):
    rng = random.Random(4)
    width = hard_eval.WIDTH[where]
    truth = [round(rng.uniform(-3, 3), 2) for _ in range(width)]
    samples = []
    for _ in range(width + 20):
        # Some numbers of a row are the same for every card, as a position's facts are.
        shared = {j: rng.random() for j in range(0, width, 3)}
        rows = [[shared.get(j, rng.random()) for j in range(width)] for _ in range(4)]
        values = [sum(w * x for w, x in zip(truth, row, strict=True)) + 7.0 for row in rows]
        samples.append((where, rows, values))
    fitted = learn_hard.fit(samples, ridge=(1e-9,) * 3)
    # Numbers shared by a position's cards cannot move its choice: they get no weight.
    expected = [0.0 if j % 3 == 0 else w for j, w in enumerate(truth)]
    assert fitted[where] == pytest.approx(expected, abs=1e-3)


def test_features_read_the_position():
    v = view(2, "5D 7D KD AD QS 9C", [], "1:9D", level="hard")
    k = Knowledge(v)
    where, rows = hard_eval.features(v, v.legal, k, hard.rule_choice(v, v.legal, k, None))
    assert where == FOLLOW
    by_card = dict(zip(v.legal, rows, strict=True))
    taking = column(FOLLOW, "takes")
    wins = [str(c) for c, row in by_card.items() if row[taking]]
    assert wins == ["KD", "AD"]
    assert sum(row[column(FOLLOW, "pick")] for row in rows) == 1  # one card is the rules'
    assert all(len(row) == hard_eval.WIDTH[FOLLOW] for row in rows)
    n = FEATURES
    takes = CONTEXT[FOLLOW].index("takes")
    for row in rows:  # a fact times "takes the trick": itself where it takes, else zero
        assert row[n * (1 + takes) : n * (2 + takes)] == [x * row[taking] for x in row[:n]]


def test_the_moon_defence_and_certain_plays_stay_with_the_rules():
    # Seat 1 holds all 14 points taken and has won the tricks: Hard's defence is on.
    tricks = ["0:2C 1:AC 2:3C 3:4C", "1:QS 2:2S 3:3S 0:4S", "1:KC 2:5C 3:6C 0:7C"]
    v = view(2, "9C 9D 9S 9H TC", tricks, "0:8D 1:AD", level="hard", points=(0, 14, 0, 0))
    assert hard.apparent_shooter(v) == 1
    assert hard.choose_play(v) == hard.rule_play(v)
    for game, seat in play_positions(40, seed=9):
        v = bots.seat_view(game, seat, "hard")
        assert hard.choose_play(v) in v.legal


def test_hard_at_a_later_commit_loads_its_learned_modules_apart():
    # main when this recipe's play check was added: Hard with the first table (discards only).
    first_table = "ae8ed3611e4d76b936367c3e5fb40a7a8ee902a4"
    old = frozen_hard.hard_at(first_table)
    assert old.__name__ == "hearts._frozen_hard_ae8ed3611e.hard"
    assert old.hard_eval.FEATURES == 24  # its own evaluation, not the live one
    assert old.hard_eval is not hard_eval
    for game, seat in play_positions(20, seed=14):
        v = bots.seat_view(game, seat, "hard")
        assert old.choose_play(v) in v.legal


def test_a_table_is_passed_to_the_scorer_and_leaves_the_shipped_one_alone():
    zeros = tuple((0.0,) * n for n in hard_eval.WIDTH)
    policy = learn_hard.with_table(zeros, (True, True, True))
    differ = 0
    for game, seat in play_positions(40, seed=15):
        card = policy.choose_play(game, seat)
        assert card in game.legal_plays(seat)
        differ += card != bots.cpu_play(game, seat, "hard")
    assert differ  # the zero table decided somewhere the shipped one would not
    assert PlayTable(hard_weights.WEIGHTS, hard_weights.USE, learn_hard.MARGIN) == hard_eval.SHIPPED


def a_lead() -> tuple[tuple[Card, ...], Card, list[list[float]]]:
    """A lead's cards, the rules' pick and the learned evaluation's rows."""
    v = view(0, "2D 9D 3S 7S KH 4C", ["0:2C 1:3C 2:5C 3:6C"], "", level="hard")
    k = Knowledge(v)
    pick = hard.rule_choice(v, v.legal, k, None)
    where, rows = hard_eval.features(v, v.legal, k, pick)
    assert where == LEAD
    return v.legal, pick, rows


def test_a_lead_row_holds_its_facts_times_each_lead_context_fact():
    legal, pick, rows = a_lead()
    assert all(len(row) == hard_eval.WIDTH[LEAD] for row in rows)
    n = FEATURES
    for j, fact in enumerate(CONTEXT[LEAD], 1):
        products = [row[n * j : n * (j + 1)] for row in rows]
        at = column(LEAD, fact)
        assert products == [[x * row[at] for x in row[:n]] for row in rows]
    # The rules' pick is the one card whose "pick" block is its facts; the others' are zero.
    picked = CONTEXT[LEAD].index("pick") + 1
    by_card = {c: row[n * picked : n * (picked + 1)] for c, row in zip(legal, rows, strict=True)}
    assert by_card[pick][:n] != [0.0] * n
    assert all(block == [0.0] * n for c, block in by_card.items() if c != pick)


def test_the_rules_own_lead_score_is_a_feature():
    legal, pick, rows = a_lead()
    tops = [c for c, row in zip(legal, rows, strict=True) if row[column(LEAD, "rule_top")]]
    assert pick in tops
    behind = column(LEAD, "rule_behind")
    assert all(row[behind] <= 0 for row in rows)  # behind the rules' best by this much


def learned_card(v, where: int, fact: str, weight: float, margin: float) -> str:
    """The card ``hard_eval.choose`` plays when situation ``where`` scores only ``fact``."""
    k = Knowledge(v)
    pick = hard.rule_choice(v, v.legal, k, None)
    weights = [(0.0,) * n for n in hard_eval.WIDTH]
    at = column(where, fact)
    weights[where] = tuple(-weight if j == at else 0.0 for j in range(hard_eval.WIDTH[where]))
    margins = tuple(margin if j == where else 0.0 for j in (LEAD, FOLLOW, DISCARD))
    assert len(margins) == 3
    table = PlayTable(tuple(weights), (True, True, True), margins)
    return str(hard_eval.choose(v, v.legal, k, pick, table))


@pytest.mark.parametrize(("weight", "plays"), [(0.7, "AD"), (0.85, "5D")])
def test_a_learned_follow_overrules_the_rules_only_by_the_margin(weight, plays):
    v = view(2, "5D 7D KD AD QS 9C", [], "1:9D", level="hard")
    assert str(hard.rule_play(v)) == "AD"
    # Scores only how far below the winning 9♦ a card is: 5♦ leads A♦ by 9/14 × weight.
    assert learned_card(v, FOLLOW, "rank_over_winner", weight, 0.5) == plays


@pytest.mark.parametrize(("weight", "plays"), [(0.7, "TD"), (1.0, "2S")])
def test_a_learned_lead_overrules_the_rules_only_by_the_margin(weight, plays):
    gone = ["0:2C 1:AC 2:3C 3:4C", "0:2D 1:3D 2:4D 3:5D", "0:6D 1:7D 2:8D 3:9D"]
    v = view(0, "TD 2S 8C", gone, level="hard")
    assert str(hard.rule_play(v)) == "TD"  # the rules lead the highest card certain to lose
    # Scores only the rank: 2♠ leads T♦ by 8/14 × weight, 8♣ by 2/14 × weight.
    assert learned_card(v, LEAD, "rank", weight, 0.5) == plays
