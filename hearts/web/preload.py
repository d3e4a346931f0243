"""The game's modules imported ahead of a memory snapshot (static/snapshot-worker.mjs).

A snapshot taken after :func:`import_game` holds the whole game already imported, so a
start restored from it does not read and execute some sixty modules from the archive
before it can draw the table (about 0.15 s of a 1 s return visit on a desktop, four
times that on a phone). The snapshot then belongs to one build of the game,
and is kept under that archive's hash.

Every module is imported but those that need the page's own browser objects: the
worker that takes the snapshot has no document, and Pyodide can snapshot no reference
to one.

What the page imported besides the game is held too (:func:`page_imports`, handed to the
worker): the standard library modules (PyScript's package imports ``html``, whose
``html.entities`` alone took ~40 ms of every start), and the bytecode of the modules it
imported from source files (PyScript writes its package afresh at every start, and
compiling it took ~50 ms more). A start from the snapshot writes that bytecode beside the
sources before PyScript imports them (:func:`write_compiled`); it is hash-checked
bytecode (PEP 552), so a source that is not the one compiled is compiled again.

What a snapshot freezes with the heap: the ``random`` module's state (static/interpreter.mjs
seeds it again from ``os.urandom`` at every start; the game's own randomness is
:mod:`hearts.rng` anyway) and Python's string-hash secret (nothing here depends on it).
Pyodide's ``_makeSnapshot``/``_loadSnapshot`` are underscored in its API: they are used
with the pinned version only, and the e2e tests fail if a version bump breaks them.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import marshal
import os
import pkgutil
import sys
from importlib.machinery import SourceFileLoader

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


# The bytecode the snapshot holds for the page's source modules: path of the .pyc -> bytes.
COMPILED: dict[str, bytes] = {}


def page_imports() -> str:
    """What the page imported besides the game, for the worker (JSON): the names of the
    standard library modules, and the source of each module imported from a ``.py`` file."""
    stdlib, sources = [], {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if name.split(".")[0] in sys.stdlib_module_names:
            stdlib.append(name)
        elif spec is not None and isinstance(spec.loader, SourceFileLoader) and spec.origin:
            with open(spec.origin, encoding="utf-8") as file:
                sources[spec.origin] = file.read()
    return json.dumps({"stdlib": sorted(stdlib), "sources": sources})


def hold_page_imports(handover: str) -> list[str]:
    """In the worker: import what the page imported of the standard library, and compile
    its source modules into :data:`COMPILED`; the modules it could not import."""
    found = json.loads(handover)
    missed = []
    for name in found["stdlib"]:
        try:
            importlib.import_module(name)
        except Exception:  # a module this interpreter lacks: imported at its first use
            missed.append(name)
    for path, text in found["sources"].items():
        COMPILED[importlib.util.cache_from_source(path)] = checked_bytecode(path, text)
    return missed


def checked_bytecode(path: str, text: str) -> bytes:
    """``text`` compiled as the ``.pyc`` file of a source at ``path`` whose bytecode is
    checked against the source's hash (PEP 552), not against its time stamp."""
    source = text.encode("utf-8")
    code = compile(source, path, "exec", dont_inherit=True)
    flags = 0b11  # hash-based, check the source
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def write_compiled() -> int:
    """On the page restored from the snapshot: the held bytecode written where imports look
    for it; how many files. One that cannot be written only costs its compile."""
    written = 0
    for path, data in COMPILED.items():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(data)
        except OSError:
            continue
        written += 1
    return written
