"""Today's Hard, frozen at a commit: the roll-out player of the PIMC teacher.

The teacher (:mod:`tools.teacher`) must not get stronger or weaker when ``hearts/cpu/hard*``
changes (the learned Hard is measured against it), so its roll-outs use Hard's modules as
they were at :data:`COMMIT`, not the live ones.  They are loaded under a package of their
own (:data:`PACKAGE`) whose relative imports ``..cards``/``..rules`` reach the engine's
unchanged rule book and whose ``.seatview`` is the engine's
:class:`~hearts.cpu.seatview.SeatView` (the views the game builds).

The modules of the commits in :data:`BLOBS` are a frozen copy in the tree
(``tools/frozen_hard_src/<commit>/``): the tests and the teacher need no git
history, a shallow clone or an archive runs them.  Each file is checked against the git blob
id recorded for it before it runs (``git ls-tree <commit> hearts/cpu/`` lists the same ids).
:func:`hard_at` loads Hard at any other commit from git the same way, to measure a change
against it (``python -m tools.learn_hard --compare N --against COMMIT``).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import types
from functools import cache
from pathlib import Path

import hearts.cpu.seatview

COMMIT = "6f9d6081579c8a1bb9dbd4450eaa0542cf801c5e"  # main before Hard learned its weights
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
# The learned modules (hard_facts and hard_rows came later), loaded before ``hard``
# (those a commit has).
LEARNED = (
    "hard_weights",
    "hard_facts",
    "hard_rows",
    "hard_eval",
    "hard_pass_weights",
    "hard_pass_eval",
)
ROOT = Path(__file__).resolve().parent.parent
FROZEN_COPIES = Path(__file__).resolve().parent / "frozen_hard_src"
# The git blob id of each frozen file (``hearts/cpu/<module>.py`` at the commit).
BLOBS: dict[str, dict[str, str]] = {
    COMMIT: {
        "tables": "d74af509eb458a432269e41c1de3fa258f5f4516",
        "tiebreak": "4b85a1dd9e81cee379d53ad99e941919e8110eb8",
        "knowledge": "ffb6eba4621d53f5dbdfbcbeb295f15c293fd6d3",
        "moonwatch": "57599d42f854f5746d8f39565310a61cf5186a33",
        "passing": "fac0103d34cfa2d2000172439657928c803fdcf3",
        "hard_passing": "c5cd60022c9ab910109241e7da23bb6d1343ae96",
        "hard_lead": "e04d2ecc180b13ccc1694d9e356bfb69e9899892",
        "hard_follow": "af941b2949a77ff4de87fab962bbcae106ab50c8",
        "hard": "9e5cc94d7ed94d7d0cf7c63d62c3be2d103a0908",
    },
    # main when learn_hard's play check was added: Hard with its first learned table
    # (tests/cpu/test_learned.py loads it beside the live one).
    "ae8ed3611e4d76b936367c3e5fb40a7a8ee902a4": {
        "tables": "4e786d2fdc5573d30361ae861925ee20bee51181",
        "tiebreak": "4b85a1dd9e81cee379d53ad99e941919e8110eb8",
        "knowledge": "ffb6eba4621d53f5dbdfbcbeb295f15c293fd6d3",
        "moonwatch": "57599d42f854f5746d8f39565310a61cf5186a33",
        "passing": "fac0103d34cfa2d2000172439657928c803fdcf3",
        "hard_passing": "c5cd60022c9ab910109241e7da23bb6d1343ae96",
        "hard_lead": "e04d2ecc180b13ccc1694d9e356bfb69e9899892",
        "hard_follow": "af941b2949a77ff4de87fab962bbcae106ab50c8",
        "hard_weights": "cea5ce702ad0b96f8ede6bd18a449ac2d900fb2b",
        "hard_eval": "7cb2a7bb0e08fd0bd7c63616d403d3e41ded7c8b",
        "hard": "fbfb8c1eedd85892ff89bcad16efbffa8832e7c1",
    },
}


def blob_id(data: bytes) -> str:
    """The id git gives a file holding ``data``."""
    return hashlib.sha1(b"blob %d\x00" % len(data) + data).hexdigest()


def frozen_source(module: str, commit: str, folder: Path = FROZEN_COPIES) -> str:
    """The text of ``hearts/cpu/<module>.py`` at ``commit`` from its frozen copy, checked."""
    data = (folder / commit[:12] / f"{module}.py.txt").read_bytes()
    if blob_id(data) != BLOBS[commit][module]:
        raise ValueError(f"the frozen copy of {module} at {commit[:12]} is not the commit's")
    return data.decode()


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, text=True
    ).stdout


def source(module: str, commit: str = COMMIT, root: Path = ROOT) -> str:
    """The text of ``hearts/cpu/<module>.py`` at ``commit``: the frozen copy's, else git's."""
    if commit in BLOBS:
        return frozen_source(module, commit)
    return git(root, "show", f"{commit}:hearts/cpu/{module}.py")


def modules_at(commit: str, root: Path = ROOT) -> tuple[str, ...]:
    """Hard's modules at ``commit`` in dependency order (the learned ones where it has them)."""
    if commit in BLOBS:
        names = [f"hearts/cpu/{m}.py" for m in BLOBS[commit]]
    else:
        names = git(root, "ls-tree", "--name-only", commit, "hearts/cpu/").split()
    learned = tuple(m for m in LEARNED if f"hearts/cpu/{m}.py" in names)
    return MODULES[:-1] + learned + MODULES[-1:]


@cache
def hard_at(commit: str, root: Path = ROOT) -> types.ModuleType:
    """Hard's ``hard`` module as it was at ``commit``, under a package of its own."""
    if commit not in BLOBS:
        commit = git(root, "rev-parse", "--verify", f"{commit}^{{commit}}").strip()
    package_name = PACKAGE if commit == COMMIT else f"{PACKAGE}_{commit[:10]}"
    package = types.ModuleType(package_name)
    package.__path__ = []
    package.__package__ = package_name
    sys.modules[package_name] = package
    sys.modules[f"{package_name}.seatview"] = hearts.cpu.seatview
    for name in modules_at(commit, root):
        full = f"{package_name}.{name}"
        module = types.ModuleType(full)
        module.__package__ = package_name
        module.__file__ = f"<{commit[:10]}:hearts/cpu/{name}.py>"
        sys.modules[full] = module
        exec(compile(source(name, commit, root), module.__file__, "exec"), module.__dict__)
        setattr(package, name, module)
    return sys.modules[f"{package_name}.hard"]


def hard() -> types.ModuleType:
    """The frozen ``hard`` module (``choose_pass(view)``, ``choose_play(view)``)."""
    return hard_at(COMMIT)
