"""The development tools of issue 24 that find and screen Hard's rules (never shipped):
tools/screen.py (a variant minus Hard, paired by deal) and tools/teacher_diagnose.py."""

from __future__ import annotations

from pathlib import Path

from hearts.cpu import hard_lead
from tools import screen, teacher_diagnose

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
