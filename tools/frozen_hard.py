"""Today's Hard, frozen at a commit: the roll-out player of the PIMC teacher (issue 24).

The teacher (:mod:`tools.teacher`) must not get stronger or weaker when ``hearts/cpu/hard*``
changes (the learned Hard is measured against it), so its roll-outs use Hard's modules as
they were at :data:`COMMIT`, read from git, not a copy in the tree and not the live ones.
They are loaded under a package of their own (:data:`PACKAGE`) whose relative imports
``..cards``/``..rules`` reach the engine's unchanged rule book and whose ``.seatview`` is
the engine's :class:`~hearts.cpu.seatview.SeatView` (the views the game builds).

Needs the git history (any clone of the repository holds it).
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
ROOT = Path(__file__).resolve().parent.parent


def source(module: str) -> str:
    """The text of ``hearts/cpu/<module>.py`` at :data:`COMMIT`."""
    return subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{COMMIT}:hearts/cpu/{module}.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@cache
def hard() -> types.ModuleType:
    """The frozen ``hard`` module (``choose_pass(view)``, ``choose_play(view)``)."""
    package = types.ModuleType(PACKAGE)
    package.__path__ = []
    package.__package__ = PACKAGE
    sys.modules[PACKAGE] = package
    sys.modules[f"{PACKAGE}.seatview"] = hearts.cpu.seatview
    for name in MODULES:
        full = f"{PACKAGE}.{name}"
        module = types.ModuleType(full)
        module.__package__ = PACKAGE
        module.__file__ = f"<{COMMIT[:10]}:hearts/cpu/{name}.py>"
        sys.modules[full] = module
        exec(compile(source(name), module.__file__, "exec"), module.__dict__)
        setattr(package, name, module)
    return sys.modules[f"{PACKAGE}.hard"]
