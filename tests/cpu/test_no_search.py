"""R21, R25: the CPU seats look at their cards and the cards played; they never play a
position forward, deal out the hidden cards, or go beyond the three levels.

Checked on the source of hearts/cpu: to search ahead a level would need to generate moves
(the rules' legal plays), apply them (a game, a hand, a step), or sample the unseen cards
(a deal, a random source, a copy of a state to try things on).  None of them is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import hearts.cpu
from hearts.enums import Level

CPU_DIR = Path(hearts.cpu.__file__).parent
# What a search or a sampler would have to import (module, or (module, name)).
FORBIDDEN_MODULES = {
    "hearts.game",
    "hearts.hand",
    "hearts.steps",
    "hearts.driver",
    "hearts.deal",
    "hearts.save",
    "random",
    "copy",
}
FORBIDDEN_NAMES = {("hearts.rules", "legal_plays"), ("hearts.rules", "why_illegal")}


def imports(path: Path) -> set[tuple[str, str]]:
    """(module, name) for every import of ``path`` (name "" for ``import module``),
    relative imports resolved against the hearts.cpu package."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {(alias.name, "") for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ["hearts", "cpu"][: max(0, 2 - node.level + 1)] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            found |= {(module, alias.name) for alias in node.names}
    return found


def test_the_import_reader_sees_relative_and_absolute_imports():
    seen = imports(CPU_DIR / "hard.py")
    assert ("hearts.rules", "trick_winner") in seen and ("hearts.cards", "Card") in seen
    assert ("hearts.cpu", "tiebreak") in imports(CPU_DIR / "hard_eval.py")
    assert ("hearts.cpu", "hard") in imports(CPU_DIR / "__init__.py")  # inside a function


def test_no_cpu_level_can_search_ahead_or_sample_hidden_hands():
    """R21, R25: nothing in hearts/cpu imports a move generator, a game to play on, a
    deal or a random source."""
    offending = [
        f"{path.name}: {module}{'.' + name if name else ''}"
        for path in sorted(CPU_DIR.glob("*.py"))
        for module, name in imports(path)
        if module in FORBIDDEN_MODULES
        or (module, name) in FORBIDDEN_NAMES
        or f"{module}.{name}" in FORBIDDEN_MODULES
    ]
    assert offending == []


def test_there_are_three_levels_and_nothing_stronger():
    """R25: Easy, Medium and Hard, nothing deeper or unlimited."""
    assert [level.value for level in Level] == ["easy", "medium", "hard"]
