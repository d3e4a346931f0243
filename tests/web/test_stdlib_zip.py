"""The page's standard library holds what the game imports, compiled, and little else.

scripts/stdlib.mjs (issue 22) writes dist/static/vendor/pyodide-<version>/python_stdlib.zip
in place of Pyodide's: the closure of what the runtime, PyScript's Python package and the
game import, as sourceless bytecode, entries stored (the host compresses the whole file).
A module the game imports that is not in it is a ModuleNotFoundError in the player's
browser, on whatever rare path imports it: these tests read every import statement of
hearts/ (function-level ones too) and look each stdlib module up in the built zip.
"""

from __future__ import annotations

import ast
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
VENDOR = ROOT / "dist" / "static" / "vendor"
BUILT = VENDOR / f"pyodide-{PYODIDE}" / "python_stdlib.zip"
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"  # Pyodide's own, all sources


def modules_in(archive: Path, suffix: str) -> set[str]:
    """Dotted names of the modules in a stdlib zip ("json/__init__.pyc" -> "json")."""
    names = set()
    for entry in zipfile.ZipFile(archive).namelist():
        if entry.endswith(suffix):
            parts = entry[: -len(suffix)].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            names.add(".".join(parts))
    return names


def game_imports() -> set[str]:
    """Every module an import statement in hearts/ names, with each parent package; for
    `from x import y`, also x.y (a submodule, if the stdlib has one by that name)."""
    named: set[str] = set()
    for path in (ROOT / "hearts").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named.add(node.module)
                named.update(f"{node.module}.{alias.name}" for alias in node.names)
    with_parents: set[str] = set()
    for name in named:
        parts = name.split(".")
        with_parents.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return with_parents


def manifest() -> dict[str, list[str]]:
    """What scripts/build_vendor.mjs recorded of the build (vendor/manifest.json)."""
    stdlib: dict[str, list[str]] = json.loads((VENDOR / "manifest.json").read_text())["stdlib"]
    return stdlib


def test_every_stdlib_module_the_game_imports_is_in_the_zip():
    stock, built = modules_in(STOCK, ".py"), modules_in(BUILT, ".pyc")
    built |= set(manifest()["frozen"])  # os, codecs, io...: compiled into the interpreter
    imported = game_imports()
    tops = {name.split(".")[0] for name in imported}
    # The scan sees the game's imports at all (a broken walk would pass vacuously).
    assert {"json", "dataclasses", "hashlib", "random", "js"} <= tops
    missing = sorted(name for name in imported if name in stock and name not in built)
    assert not missing, f"the game imports {missing}: not in {BUILT.name} (scripts/stdlib.mjs)"
    # Every other name is the game's own, the browser's (js), or compiled into Python.
    unknown = tops - stock - {"hearts", "js"} - set(sys.builtin_module_names)
    unknown -= {name for name in unknown if name in sys.stdlib_module_names}
    assert not unknown, f"imports of nothing the page has: {sorted(unknown)}"


def test_the_zip_holds_only_stored_bytecode():
    entries = zipfile.ZipFile(BUILT).infolist()
    assert entries
    not_pyc = [e.filename for e in entries if not e.filename.endswith(".pyc")]
    assert not not_pyc, f"not bytecode: {not_pyc[:10]}"
    compressed = [e.filename for e in entries if e.compress_type != zipfile.ZIP_STORED]
    assert not compressed, f"compressed entries (the host compresses the file): {compressed[:10]}"
    headers = {zipfile.ZipFile(BUILT).read(e)[:8] for e in entries}
    # One interpreter's magic number; flags 0b01: hash-based, unchecked (PEP 552), so the
    # missing sources are never looked for.
    assert len({h[:4] for h in headers}) == 1
    assert {h[4:8] for h in headers} == {(1).to_bytes(4, "little")}


def test_the_closure_roots_are_in_the_zip_and_dev_tools_are_not():
    built = modules_in(BUILT, ".pyc")
    stdlib = manifest()
    assert set(stdlib["modules"]) == built
    assert set(stdlib["roots"]) <= built
    start = {"encodings", "encodings.utf_8", "encodings.aliases", "_pyodide", "pyodide.ffi"}
    pyscript = {"asyncio", "base64", "html", "inspect", "json", "pathlib"}  # its package's
    encodings = {f"encodings.{name}" for name in ("ascii", "latin_1", "utf_8_sig", "utf_16")}
    assert start | pyscript | encodings <= set(stdlib["roots"])
    unused = {"unittest", "doctest", "pdb", "pydoc", "email", "xml", "multiprocessing", "tarfile"}
    assert not unused & built, f"shipped, though the page imports none of: {unused & built}"
