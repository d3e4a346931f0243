"""Small modules with telling names: no two modules of hearts/ share a file name (one name,
one thing, whichever folder you are in), and none is over 350 lines but the learned
weights, which are data (hearts/cpu/hard_weights.py, written by tools/learn_hard.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted((ROOT / "hearts").rglob("*.py"))
DATA = {"hearts/cpu/hard_weights.py"}
MAX_LINES = 350


def test_no_two_modules_share_a_name():
    names = Counter(p.name for p in MODULES if p.name != "__init__.py")
    assert [name for name, count in names.items() if count > 1] == []


def test_no_module_is_over_350_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in MODULES
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert {name: n for name, n in long.items() if name not in DATA} == {}
