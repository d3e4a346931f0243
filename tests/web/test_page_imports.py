"""What a memory snapshot holds of the page besides the game (hearts/web/preload.py): the
standard library it imported, and hash-checked bytecode of the modules it imported from
source files (PyScript's package), written back at a start from the snapshot.

Runs in CPython and in the pinned Pyodide (make test-pyodide): the bytecode's header is the
interpreter's own.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

from hearts.web import preload

SOURCES = {
    "__init__.py": "from .inner import VALUE\n",
    "inner.py": "VALUE = 'compiled once'\n",
}


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package written as PyScript writes its own: sources in a folder on sys.path."""
    folder = tmp_path / "pagepkg"
    folder.mkdir()
    for name, text in SOURCES.items():
        (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(preload, "COMPILED", {})
    importlib.invalidate_caches()
    yield folder
    for name in [n for n in sys.modules if n.split(".")[0] == "pagepkg"]:
        del sys.modules[name]


def handed_over(folder: Path) -> str:
    """The page's imports as the worker is handed them, of this package's sources only
    (CPython imported the whole test suite from source files too)."""
    found = json.loads(preload.page_imports())
    found["sources"] = {
        path: text for path, text in found["sources"].items() if Path(path).parent == folder
    }
    return json.dumps(found)


def forget(folder: Path) -> None:
    """The page's next start: the modules not imported yet, no bytecode beside them."""
    for name in [n for n in sys.modules if n.split(".")[0] == "pagepkg"]:
        del sys.modules[name]
    for cached in folder.glob("__pycache__/*"):
        cached.unlink()
    importlib.invalidate_caches()


def no_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("compiled from source")

    monkeypatch.setattr(SourceFileLoader, "source_to_code", refuse)


def test_the_page_imports_name_the_standard_library_and_hold_the_sources(package):
    import html  # noqa: F401  (as PyScript's package imports it)

    importlib.import_module("pagepkg")
    found = json.loads(preload.page_imports())
    assert {"html", "html.entities", "json"} <= set(found["stdlib"])
    assert not any(name.startswith(("hearts", "pagepkg")) for name in found["stdlib"])
    assert found["sources"][str(package / "inner.py")] == SOURCES["inner.py"]
    assert found["sources"][str(package / "__init__.py")] == SOURCES["__init__.py"]


def test_held_bytecode_is_imported_without_compiling(package, monkeypatch):
    importlib.import_module("pagepkg")
    handover = handed_over(package)
    forget(package)

    assert preload.hold_page_imports(handover) == []
    assert preload.write_compiled() == 2
    no_compiling(monkeypatch)
    assert importlib.import_module("pagepkg").VALUE == "compiled once"


def test_a_source_that_changed_is_compiled_again(package, monkeypatch):
    importlib.import_module("pagepkg")
    handover = handed_over(package)
    forget(package)
    preload.hold_page_imports(handover)
    (package / "inner.py").write_text("VALUE = 'a later release'\n", encoding="utf-8")

    preload.write_compiled()
    importlib.invalidate_caches()
    assert importlib.import_module("pagepkg").VALUE == "a later release"
    forget(package)
    preload.write_compiled()
    no_compiling(monkeypatch)
    with pytest.raises(AssertionError, match="compiled from source"):
        importlib.import_module("pagepkg")


def test_a_module_the_worker_lacks_is_left_to_its_first_use():
    handover = json.dumps({"stdlib": ["json", "no_such_module_here"], "sources": {}})
    assert preload.hold_page_imports(handover) == ["no_such_module_here"]


def test_bytecode_that_cannot_be_written_only_costs_its_compile(package, monkeypatch):
    monkeypatch.setattr(preload, "COMPILED", {str(package / "inner.py" / "x.pyc"): b"pyc"})
    assert preload.write_compiled() == 0  # a file where its folder would be
