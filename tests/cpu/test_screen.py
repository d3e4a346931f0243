"""The development tools that find and screen Hard's rules (never shipped):
tools/screen.py (a variant minus Hard, paired by deal), tools/teacher_diagnose.py and
tools/pass_teacher.py."""

from __future__ import annotations

from pathlib import Path

from hearts.cards import format_cards, parse_cards
from hearts.cpu import hard, hard_lead, hard_passing
from hearts.cpu.seatview import SeatView
from hearts.enums import Phase
from tools import pass_teacher, screen, teacher_diagnose
from tools.tournament import deal_for

VARIANTS = """
from hearts.cards import RANK_OF
from hearts.cpu import hard_lead, medium
from tools.screen import Variant, with_constants
VARIANTS = {
    "same": Variant(),
    "medium": Variant(medium.choose_pass, medium.choose_play),
    # Every lead scored by its rank alone: the lowest card is led.
    "lowest leads": with_constants(hard_lead, lead_scorer=lambda view, k: lambda c: -RANK_OF[c]),
}
"""


def test_a_variant_that_is_hard_changes_nothing_and_another_player_does(tmp_path: Path):
    path = tmp_path / "variants.py"
    path.write_text(VARIANTS)
    names = list(screen.load_variants(str(path)))
    changes = screen.screen(str(path), names, "hard", deals=6, seed=5, workers=1)
    assert changes["same"] == (0.0, 0.0)
    assert changes["medium"][0] != 0.0
    assert changes["lowest leads"][0] != 0.0  # the patched scorer was used in the workers' play
    assert changes["lowest leads"] != changes["medium"]


def test_a_patched_constant_is_restored_after_the_call():
    before = hard_lead.HEART_SHED
    with screen.patched(hard_lead, HEART_SHED=-9.0):
        assert hard_lead.HEART_SHED == -9.0
    assert before == hard_lead.HEART_SHED


def test_the_diagnostic_values_hards_rule_decisions_and_reports_buckets():
    for situation in ("lead", "follow"):
        rows = teacher_diagnose.diagnose(situation, deals=1, seed=3, worlds=2, workers=1)
        assert rows, situation
        for bucket, gains in rows:
            assert "lowest" in gains and "highest" in gains
            if situation == "follow":
                assert bucket[0] in ("seat 2", "seat 3", "seat 4")
        lines = teacher_diagnose.summary(rows, top=3)
        assert lines[0].startswith(f"{len(rows):,} decisions")
        assert len(lines) <= 1 + 2 * 3


def test_the_pass_candidates_are_distinct_triples_with_hards_pass_first():
    hand = parse_cards("2C 3C KC AC 4D 9D QS KS AS 2H 7H JH AH")
    view = pass_teacher.view_at(1, hand, 1, Phase.PASS, salt=7)
    passes = pass_teacher.candidates(view)
    assert passes[0] == hard.choose_pass(view)
    assert len({frozenset(p) for p in passes}) == len(passes) == 20  # C(6, 3), Hard's among them
    assert all(len(set(p)) == 3 and set(p) <= set(hand) for p in passes)


def test_the_split_gain_values_each_halfs_pick_on_the_other_half():
    # Pass 1 is best on the first half but 2 points worse than Hard's (pass 0) on the
    # second; pass 2 is best on the second half and 1 point better than Hard's on the first.
    table = [[0.0, 3.0, 1.0], [0.0, 3.0, 1.0], [0.0, -2.0, 1.0], [0.0, -2.0, 4.0]]
    assert pass_teacher.split_gain(table) == (-2.0 + 1.0) / 2
    assert pass_teacher.split_gain([[1.0, 0.0]] * 4) == 0.0  # Hard's pass best: no gain


def test_a_tiny_pass_teacher_run_records_every_passing_decision():
    records = pass_teacher.run("medium", deals=4, seed=2, worlds=2, workers=1)
    assert [r["deal"] for r in records] == [0, 1, 2]  # deal 3 is a hold hand
    for record in records:
        index = record["deal"]
        hands, _, _ = deal_for(2, index)
        assert record["hand"] == format_cards(hands[index // 4 % 4])
        passes = record["passes"]
        assert len(passes) == len(set(passes)) > 1
        assert len(record["means"]) == len(passes)
        assert isinstance(record["split_gain"], float)


def test_a_pass_rule_is_valued_offline_on_the_records_it_passes_among():
    records = pass_teacher.run("medium", deals=3, seed=2, worlds=2, workers=1)
    gains, unvalued = pass_teacher.offline_gains(records, 2, hard_passing.choose_pass)
    assert gains == [0.0] * len(records) and unvalued == 0
    second = {r["hand"]: parse_cards(r["passes"][1]) for r in records}

    def second_candidate(view: SeatView) -> pass_teacher.Pass:
        a, b, c = second[format_cards(view.hand)]
        return (a, b, c)

    def first_three(view: SeatView) -> pass_teacher.Pass:
        a, b, c = view.hand[:3]
        return (a, b, c)

    gains, unvalued = pass_teacher.offline_gains(records, 2, second_candidate)
    assert gains == [r["means"][1] - r["means"][0] for r in records] and unvalued == 0
    gains, unvalued = pass_teacher.offline_gains(records, 2, first_three)
    assert len(gains) + unvalued == len(records) and unvalued > 0  # not all among the 20
