"""hearts.web.preload: what a memory snapshot holds of the game (static/snapshot-worker.mjs)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from hearts.web import preload

HEARTS = Path(preload.__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(HEARTS.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


SOURCES = sorted(p for p in HEARTS.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_module_of_the_package_but_the_browser_facade():
    everything = {module_name(p) for p in SOURCES}
    assert set(preload.game_modules()) == everything - preload.BROWSER_ONLY
    assert everything >= preload.BROWSER_ONLY  # no stale name


def test_the_modules_left_out_are_exactly_those_that_import_the_browser():
    browser = {module_name(p) for p in SOURCES if imports_of(p) & {"js", "pyodide", "pyscript"}}
    assert browser == set(preload.BROWSER_ONLY)


def test_imports_the_game_where_there_is_no_browser():
    """What the worker does: a fresh interpreter, no js module (CPython has none)."""
    script = (
        "import sys\n"
        "from hearts.web.preload import import_game\n"
        "names = import_game()\n"
        "assert all(n in sys.modules for n in names)\n"
        "assert 'hearts.web.shell' in names and 'hearts.web.dom' not in sys.modules\n"
        "assert 'js' not in sys.modules\n"
        "print(len(names))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=HEARTS.parent, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(SOURCES) - len(preload.BROWSER_ONLY)
