"""The handlers use the page's intent API: a handler reads what a tap may change from the
names of the page's methods it calls, never from a reach into the page's parts."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from hearts.web import handlers
from hearts.web.page import Page

SOURCE = Path(handlers.__file__).read_text(encoding="utf-8")


def reaches() -> list[str]:
    """Every ``page.<x>`` in the handlers that is no method of the page's, and every
    ``page.<x>.<y>``."""
    methods = {name for name, _ in inspect.getmembers(Page, inspect.isfunction)}
    found = []
    for node in ast.walk(ast.parse(SOURCE)):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id == "page" and node.attr not in methods:
            found.append(f"line {node.lineno}: page.{node.attr}")
        if isinstance(base, ast.Attribute):
            inner = base.value
            if isinstance(inner, ast.Name) and inner.id == "page":
                found.append(f"line {node.lineno}: page.{base.attr}.{node.attr}")
    return sorted(found)


def test_no_handler_reaches_into_the_page():
    assert reaches() == []


def test_the_check_sees_a_reach():
    global SOURCE
    kept = SOURCE
    try:
        SOURCE = "def tap(page, ctl, intent):\n    page.drawing.painter.focus_code = 1\n"
        assert reaches() == ["line 2: page.drawing", "line 2: page.drawing.painter"]
    finally:
        SOURCE = kept


def test_every_intent_has_a_handler_of_the_same_shape():
    for name, handler in handlers.HANDLERS.items():
        params = list(inspect.signature(handler).parameters)
        assert len(params) == 3, name
