"""Only hearts/web/shell.py may import the browser (js, pyodide, pyscript): everything
else runs, and is tested, in plain CPython."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BROWSER = {"js", "pyodide", "pyscript"}
ALLOWED = {"hearts/web/shell.py"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_the_shell_touches_the_browser():
    offenders = []
    for path in sorted((ROOT / "hearts").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel not in ALLOWED and imported_roots(path) & BROWSER:
            offenders.append(rel)
    assert offenders == []


def test_the_shell_does_touch_the_browser():
    assert imported_roots(ROOT / "hearts/web/shell.py") & BROWSER


def test_the_page_entry_point_only_calls_the_shell():
    source = (ROOT / "static/main.py").read_text(encoding="utf-8")
    assert "from hearts.web.shell import main" in source
