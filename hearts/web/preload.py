"""The game's modules imported ahead of a memory snapshot (static/snapshot-worker.mjs).

A snapshot taken after :func:`import_game` holds the whole game already imported, so a
start restored from it does not read and execute some sixty modules from the archive
before it can draw the table (about 0.15 s of a 1 s return visit on a desktop, four
times that on a phone). The snapshot then belongs to one build of the game,
and is kept under that archive's hash.

Every module is imported but those that need the page's own browser objects: the
worker that takes the snapshot has no document, and Pyodide can snapshot no reference
to one.

What a snapshot freezes with the heap: the ``random`` module's state (static/interpreter.mjs
seeds it again from ``os.urandom`` at every start; the game's own randomness is
:mod:`hearts.rng` anyway) and Python's string-hash secret (nothing here depends on it).
Pyodide's ``_makeSnapshot``/``_loadSnapshot`` are underscored in its API: they are used
with the pinned version only, and the e2e tests fail if a version bump breaks them.
"""

from __future__ import annotations

import importlib
import pkgutil

# The import contract "Only the DOM facade imports the browser" (pyproject.toml) keeps
# this the only one; tests/web/test_preload.py fails when another appears.
BROWSER_ONLY = frozenset({"hearts.web.dom"})


def game_modules() -> list[str]:
    """Every module of the package ``hearts`` (from wherever it is imported) but the
    browser-only ones, sorted."""
    hearts = importlib.import_module("hearts")
    found = ["hearts"] + [
        module.name for module in pkgutil.walk_packages(hearts.__path__, "hearts.")
    ]
    return sorted(name for name in found if name not in BROWSER_ONLY)


def import_game() -> list[str]:
    """Import :func:`game_modules`; their names."""
    names = game_modules()
    for name in names:
        importlib.import_module(name)
    return names
