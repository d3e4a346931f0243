"""Hard's learned pass: the shipped table is the recipe's, the fit is a real
least-squares fit, and the learned pass only ever picks among its candidates."""

from __future__ import annotations

import random

import pytest

from hearts.cards import parse_cards
from hearts.cpu import hard, hard_pass_eval, hard_pass_weights, hard_passing
from hearts.cpu.hard_pass_eval import PassFacts, PassTable
from hearts.enums import Direction
from tools import learn_hard, learn_pass, pass_teacher

from .positions import view

HAND = "2C 9C KC AC 3D JD 2S 5S QS AS 4H JH KH"


def pass_view(hand: str = HAND, tiebreak: int = 12345):
    return view(0, hand, phase="pass", level="hard", tiebreak=tiebreak)


def test_the_shipped_table_is_the_one_the_recipe_wrote():
    table = hard_pass_weights.WEIGHTS, hard_pass_weights.USE, hard_pass_weights.MARGIN
    assert learn_pass.checksum(*table) == hard_pass_weights.CHECKSUM
    assert hard_pass_weights.MARGIN == learn_pass.MARGIN
    assert len(hard_pass_weights.WEIGHTS) == hard_pass_eval.FEATURES
    assert PassTable(*table) == hard_pass_eval.SHIPPED
    note = hard_pass_weights.__doc__.split("do not edit by hand.\n")[1].rstrip("\n")
    text = learn_pass.table_text(hard_pass_weights.WEIGHTS, hard_pass_weights.USE, note)
    assert learn_pass.TABLE.read_text() == text  # byte for byte what the recipe writes


def test_the_table_was_fitted_to_the_features_the_code_defines():
    code = learn_hard.schema_digest(hard_pass_eval.schema())
    assert code == hard_pass_weights.SCHEMA, (
        "hearts/cpu/hard_pass_weights.py was fitted to other features (schema "
        f"{hard_pass_weights.SCHEMA}) than hard_pass_eval.PassFacts defines now ({code}): a "
        "column was added, removed, renamed or moved. Run `make learn-pass` to fit the "
        "weights to them."
    )


def table(wants: dict[str, float], margin: float = 0.0, use: bool = True) -> PassTable:
    """A table that scores only the facts ``wants`` names, by those weights."""
    return PassTable(tuple(wants.get(name, 0.0) for name in PassFacts._fields), use, margin)


def test_the_candidates_are_the_rule_pass_and_threes_of_the_six_most_dangerous():
    v = pass_view()
    own = hard_passing.choose_pass(v)
    danger = hard_passing.keep_danger(list(v.hand), 3)
    passes = hard_pass_eval.candidates(v, own, danger)
    assert passes[0] == own
    assert len({frozenset(p) for p in passes}) == len(passes) in (20, 21)
    six = sorted(v.hand, key=lambda c: -danger[c])[:6]
    for p in passes[1:]:
        assert len(set(p)) == 3 and set(p) <= set(six)


def test_features_read_what_is_kept_and_what_is_given():
    v = pass_view()
    own = hard_passing.choose_pass(v)
    danger = hard_passing.keep_danger(list(v.hand), 3)

    def facts(cards: str, direction: Direction) -> PassFacts:
        a, b, c = parse_cards(cards)
        row = hard_pass_eval.features(v.hand, (a, b, c), own, direction, danger)
        assert len(row) == hard_pass_eval.FEATURES
        return PassFacts(*row)

    queen_left, queen_right = facts("QS AS KH", Direction.LEFT), facts("QS AS KH", Direction.RIGHT)
    kept = facts("3D JD KC", Direction.LEFT)
    assert queen_left.queen_given == queen_right.queen_given == 1.0 and kept.queen_given == 0.0
    assert (queen_left.queen_left, queen_left.queen_right) == (1.0, 0.0)  # Q♠ to the left
    assert (queen_right.queen_left, queen_right.queen_right) == (0.0, 1.0)  # … to the right
    assert kept.queen_kept_guarded == 0.5  # Q♠ kept with two low spades
    assert kept.diamonds_void == 1.0 and queen_left.diamonds_void == 0.0  # the pass voids ♦
    assert [kept.rule_pass, queen_left.rule_pass].count(1.0) <= 1  # only the rules' own pass


def test_the_learned_pass_overrules_the_rules_only_above_the_margin():
    v = pass_view()
    own = hard_passing.choose_pass(v)
    assert hard_pass_eval.choose(v, own, table({})) == own  # every score equal: the rules'
    # A table that only wants Q♠ kept with its guards and the diamonds voided.
    wants = {"queen_kept_guarded": 4.0, "diamonds_void": 2.0}
    chosen = hard_pass_eval.choose(v, own, table(wants))
    assert "QS" not in {str(c) for c in chosen} and {"3D", "JD"} <= {str(c) for c in chosen}
    assert hard.choose_pass(v, table(wants)) == chosen  # Hard passes by the table it is given
    assert hard_pass_eval.choose(v, own, table(wants, margin=100.0)) == own


def test_hard_passes_by_the_rules_when_the_table_is_not_used():
    v = pass_view()
    wants = {"queen_kept_guarded": 4.0, "diamonds_void": 2.0}
    assert hard.choose_pass(v, table(wants)) != hard_passing.choose_pass(v)
    assert hard.choose_pass(v, table(wants, use=False)) == hard_passing.choose_pass(v)


def test_equal_best_candidates_fall_to_the_game_seed():
    # Only the number of hearts given counts: several passes tie, the seed picks one.
    fewer_hearts = table({"hearts_kept": -13.0})  # fewer hearts kept is better

    def learned(tiebreak: int) -> hard_pass_eval.Pass:
        v = pass_view(tiebreak=tiebreak)
        return hard_pass_eval.choose(v, hard_passing.choose_pass(v), fewer_hearts)

    assert len({frozenset(learned(t)) for t in range(40)}) > 1
    assert all(learned(t) == learned(t) for t in range(5))  # the same seed, the same pass


def test_the_fit_recovers_weights_that_generated_the_gains():
    rng = random.Random(5)
    n = hard_pass_eval.FEATURES
    truth = [round(rng.uniform(-3, 3), 2) for _ in range(n)]
    data = []
    for _ in range(n + 10):
        rows = [[0.0] * n] + [[rng.random() for _ in range(n)] for _ in range(5)]
        gains = [sum(w * x for w, x in zip(truth, row, strict=True)) for row in rows]
        data.append((rows, gains))
    assert learn_pass.fit(data, ridge=1e-9) == pytest.approx(truth, abs=1e-3)
    # Held out, the fitted weights pick each decision's best candidate.
    gain, _ = learn_pass.held_out_gain(data, truth)
    assert gain == pytest.approx(sum(max(g) for _, g in data) / len(data))


def test_the_recipe_reads_a_tiny_pass_teacher_record():
    records = pass_teacher.run("medium", deals=3, seed=2, worlds=2, workers=1)
    data = learn_pass.decisions(records, 2)
    assert len(data) == len(records) > 0
    for (rows, gains), record in zip(data, records, strict=True):
        assert len(rows) == len(gains) == len(record["passes"])
        assert rows[0] == [0.0] * hard_pass_eval.FEATURES and gains[0] == 0.0  # the rule pass
        assert all(len(row) == hard_pass_eval.FEATURES for row in rows)
    forged = records[0].copy()
    forged["passes"] = forged["passes"][::-1]
    with pytest.raises(SystemExit):
        learn_pass.decisions([forged], 2)  # not this deal's rule pass first
