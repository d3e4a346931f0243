"""Today's Hard, frozen at a commit: the roll-out player of the PIMC teacher (issue 24).

The teacher (:mod:`tools.teacher`) must not get stronger or weaker when ``hearts/cpu/hard*``
changes (the learned Hard is measured against it), so its roll-outs use Hard's modules as
they were at :data:`COMMIT`, read from git, not a copy in the tree and not the live ones.
They are loaded under a package of their own (:data:`PACKAGE`) whose relative imports
``..cards``/``..rules`` reach the engine's unchanged rule book and whose ``.seatview`` is
the engine's :class:`~hearts.cpu.seatview.SeatView` (the views the game builds).

Needs the git history (any clone of the repository holds it).  :func:`hard_at` loads
Hard at any other commit the same way, to measure a change against it
(``python -m tools.learn_hard --compare N --against COMMIT``).
"""

from __future__ import annotations

import subprocess
import sys
import types
from functools import cache
from pathlib import Path

import hearts.cpu.seatview

COMMIT = "6f9d6081579c8a1bb9dbd4450eaa0542cf801c5e"  # main before issue 24
PACKAGE = "hearts._frozen_hard"
# In dependency order: each module's relative imports are already loaded when it runs.
MODULES = (
    "tables",
    "tiebreak",
    "knowledge",
    "moonwatch",
    "passing",
    "hard_passing",
    "hard_lead",
    "hard_follow",
    "hard",
)
# Issue 24's (hard_facts and hard_rows from issue 44), loaded before ``hard`` (those a
# commit has).
LEARNED = (
    "hard_weights",
    "hard_facts",
    "hard_rows",
    "hard_eval",
    "hard_pass_weights",
    "hard_pass_eval",
)
ROOT = Path(__file__).resolve().parent.parent


def source(module: str, commit: str = COMMIT) -> str:
    """The text of ``hearts/cpu/<module>.py`` at ``commit``."""
    return subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:hearts/cpu/{module}.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def modules_at(commit: str) -> tuple[str, ...]:
    """Hard's modules at ``commit`` in dependency order (the learned ones from issue 24 on)."""
    names = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "--name-only", commit, "hearts/cpu/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    learned = tuple(m for m in LEARNED if f"hearts/cpu/{m}.py" in names)
    return MODULES[:-1] + learned + MODULES[-1:]


@cache
def hard_at(commit: str) -> types.ModuleType:
    """Hard's ``hard`` module as it was at ``commit``, under a package of its own."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    package_name = PACKAGE if commit == COMMIT else f"{PACKAGE}_{commit[:10]}"
    package = types.ModuleType(package_name)
    package.__path__ = []
    package.__package__ = package_name
    sys.modules[package_name] = package
    sys.modules[f"{package_name}.seatview"] = hearts.cpu.seatview
    for name in MODULES if commit == COMMIT else modules_at(commit):
        full = f"{package_name}.{name}"
        module = types.ModuleType(full)
        module.__package__ = package_name
        module.__file__ = f"<{commit[:10]}:hearts/cpu/{name}.py>"
        sys.modules[full] = module
        exec(compile(source(name, commit), module.__file__, "exec"), module.__dict__)
        setattr(package, name, module)
    return sys.modules[f"{package_name}.hard"]


def hard() -> types.ModuleType:
    """The frozen ``hard`` module (``choose_pass(view)``, ``choose_play(view)``)."""
    return hard_at(COMMIT)
