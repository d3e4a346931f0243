"""The page's standard library holds what the game imports, compiled, and little else.

scripts/stdlib.mjs writes the page's python_stdlib.zip in place of Pyodide's,
in a folder named for its hash (dist/static/vendor/pyodide-<version>/stdlib-<hash>/): the
closure of what the runtime, PyScript's Python package and the game import, as sourceless
bytecode, entries stored (the host compresses the whole file).
A module the game imports that is not in it is a ModuleNotFoundError in the player's
browser, on whatever rare path imports it: these tests read every import statement of
hearts/ (function-level ones too) and look each stdlib module up in the built zip.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
VENDOR = ROOT / "dist" / "static" / "vendor"
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


def manifest() -> dict[str, Any]:
    """What scripts/build_vendor.mjs recorded of the build (vendor/manifest.json): where the
    zip is ("file", under the Pyodide folder) and its modules, roots, frozen modules."""
    stdlib: dict[str, Any] = json.loads((VENDOR / "manifest.json").read_text())["stdlib"]
    return stdlib


def built() -> Path:
    """The built zip."""
    return VENDOR / f"pyodide-{PYODIDE}" / str(manifest()["file"])


def test_every_stdlib_module_the_game_imports_is_in_the_zip():
    stock, shipped = modules_in(STOCK, ".py"), modules_in(built(), ".pyc")
    shipped |= set(manifest()["frozen"])  # os, codecs, io...: compiled into the interpreter
    imported = game_imports()
    tops = {name.split(".")[0] for name in imported}
    # The scan sees the game's imports at all (a broken walk would pass vacuously).
    assert {"json", "dataclasses", "hashlib", "random", "js"} <= tops
    missing = sorted(name for name in imported if name in stock and name not in shipped)
    assert not missing, f"the game imports {missing}: not in {built().name} (scripts/stdlib.mjs)"
    # Every other name is the game's own, the browser's (js), or compiled into Python.
    unknown = tops - stock - {"hearts", "js"} - set(sys.builtin_module_names)
    unknown -= {name for name in unknown if name in sys.stdlib_module_names}
    assert not unknown, f"imports of nothing the page has: {sorted(unknown)}"


def test_the_zip_holds_only_stored_bytecode():
    entries = zipfile.ZipFile(built()).infolist()
    assert entries
    not_pyc = [e.filename for e in entries if not e.filename.endswith(".pyc")]
    assert not not_pyc, f"not bytecode: {not_pyc[:10]}"
    compressed = [e.filename for e in entries if e.compress_type != zipfile.ZIP_STORED]
    assert not compressed, f"compressed entries (the host compresses the file): {compressed[:10]}"
    headers = {zipfile.ZipFile(built()).read(e)[:8] for e in entries}
    # One interpreter's magic number; flags 0b01: hash-based, unchecked (PEP 552), so the
    # missing sources are never looked for.
    assert len({h[:4] for h in headers}) == 1
    assert {h[4:8] for h in headers} == {(1).to_bytes(4, "little")}


def test_the_closure_roots_are_in_the_zip_and_dev_tools_are_not():
    shipped = modules_in(built(), ".pyc")
    stdlib = manifest()
    assert set(stdlib["modules"]) == shipped
    assert set(stdlib["roots"]) <= shipped
    start = {"encodings", "encodings.utf_8", "encodings.aliases", "_pyodide", "pyodide.ffi"}
    pyscript = {"asyncio", "base64", "html", "inspect", "json", "pathlib"}  # its package's
    encodings = {f"encodings.{name}" for name in ("ascii", "latin_1", "utf_8_sig", "utf_16")}
    assert start | pyscript | encodings <= set(stdlib["roots"])
    unused = {"unittest", "doctest", "pdb", "pydoc", "email", "xml", "multiprocessing", "tarfile"}
    assert not unused & shipped, f"shipped, though the page imports none of: {unused & shipped}"


def test_the_zip_is_named_for_its_content_and_the_contract_names_it():
    """The runtime is served `immutable` and precached by its URL, and this zip changes with
    what the game imports: its URL must change with its bytes, or a returning player's
    browser answers a new release with the old zip (ModuleNotFoundError). The pages learn the
    name from the contract (its URL named for its hash too); no other copy is left beside it."""
    zipped = built()
    digest = hashlib.sha256(zipped.read_bytes()).hexdigest()
    assert zipped.parent.name == f"stdlib-{digest[:12]}"
    assert sorted(VENDOR.rglob("python_stdlib.zip")) == [zipped]
    contract = (ROOT / ".cache/app/build/contract.mjs").read_text(encoding="utf-8")
    assert f"export const STDLIB = {json.dumps(manifest()['file'])};" in contract.splitlines()
