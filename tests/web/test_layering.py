"""Only hearts/web/dom.py may import the browser (js, pyodide, pyscript): everything
else runs, and is tested, in plain CPython.  (The engine's layers are import-linter's
contracts in pyproject.toml, checked by ``make lint``.)"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BROWSER = {"js", "pyodide", "pyscript"}
FACADE = "hearts/web/dom.py"


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_the_dom_facade_touches_the_browser():
    offenders = []
    for path in sorted((ROOT / "hearts").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel != FACADE and imported_roots(path) & BROWSER:
            offenders.append(rel)
    assert offenders == []


def test_the_facade_does_touch_the_browser():
    assert imported_roots(ROOT / FACADE) & BROWSER


def entry_point() -> str:
    """The code of index.html's one <script type="py">."""
    found = re.findall(
        r'<script type="py"[^>]*>(.*?)</script>', (ROOT / "index.html").read_text(), re.DOTALL
    )
    assert len(found) == 1, found
    return textwrap.dedent(found[0])


def test_the_page_entry_point_only_starts_the_shell():
    """index.html's Python is exactly: the game's archive on sys.path, import main from the
    composition root, call it."""
    tree = ast.parse(entry_point())
    body = tree.body
    assert len(body) == 4, ast.dump(tree)
    imported_sys, path, imported, call = body
    assert isinstance(imported_sys, ast.Import) and imported_sys.names[0].name == "sys"
    assert ast.unparse(path) == "sys.path.insert(0, 'hearts.zip')"
    assert isinstance(imported, ast.ImportFrom) and imported.module == "hearts.web.shell"
    assert [alias.name for alias in imported.names] == ["main"]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert isinstance(call.value.func, ast.Name) and call.value.func.id == "main"
    assert not call.value.args and not call.value.keywords


def test_the_page_shows_the_face_down_hand_the_renderer_draws():
    """index.html's hand is the neutral one render.facedown_hand() makes, so the first
    paint, the boot module's neutral table and the game's own markup cannot drift apart."""
    from hearts.web.render import facedown_hand, facedown_hand_class

    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'tabindex="-1">{facedown_hand(13)}</div>' in page
    # Its class, with the phone's rows (7 above, 6 below), in the page and in boot.js.
    assert f'<div id="hand" class="{facedown_hand_class(13)}"' in page
    boot = (ROOT / "static/boot.js").read_text(encoding="utf-8")
    assert f'const hand = "{facedown_hand_class(13)}";' in boot


def test_the_page_shows_the_neutral_plates_the_renderer_draws():
    """index.html's seats hold the neutral table's plates (in English, the page's own
    language), so the first paint has the rows at the height the boot module's table has."""
    from hearts.view.table_view import neutral_plates
    from hearts.web.render import plate

    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for neutral in neutral_plates("en"):
        assert f'id="seat-{neutral.seat}" class="seat at-' in page
        assert f'">{plate(neutral)}</{"div" if neutral.seat == 0 else "section"}>' in page
