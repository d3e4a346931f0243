"""The docs are tested: the README's engine example runs, and what it shows is what it gives.

The example is the ``python`` block under the README's "Engine API".  It runs as it stands,
and a line whose comment holds an arrow shows what that line gives::

    game.log[-2:]            # the action log, as text → ['3 9C', '0 3C']

The text after the arrow is the line's value as ``repr`` gives it (for a ``print(…)`` line,
the text printed), where ``...`` stands for any text (doctest's ELLIPSIS); the text before
the arrow is prose and is not checked, and so is a comment without an arrow.  An arrow may
stand only on a line that is one expression, and that line must run.
"""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ARROW = "→"


def engine_example(readme: str) -> str:
    """The ``python`` block of the README's "Engine API" section."""
    section = readme.split("\n## Engine API\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"^```python\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert found, "the Engine API section has no python block"
    return found[1]


def shown_values(source: str) -> dict[int, str]:
    """Line number → the value its comment shows after the arrow."""
    shown = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and ARROW in token.string:
            shown[token.start[0]] = token.string.split(ARROW, 1)[1].strip()
    return shown


class _Probe(ast.NodeTransformer):
    """Wraps each expression statement on a shown line in a call that records what it gives."""

    def __init__(self, lines: set[int]) -> None:
        self.lines = lines
        self.probed: set[int] = set()

    def visit_Expr(self, node: ast.Expr) -> ast.Expr:
        if node.lineno not in self.lines:
            return node
        self.probed.add(node.lineno)
        call = node.value
        printed = isinstance(call, ast.Call) and ast.unparse(call.func) == "print"
        thunk = ast.Lambda(
            args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=node.value,
        )
        probe = ast.Call(
            func=ast.Name(id="__shown__", ctx=ast.Load()),
            args=[ast.Constant(node.lineno), ast.Constant(printed), thunk],
            keywords=[],
        )
        return ast.copy_location(ast.Expr(value=probe), node)


def stale_lines(source: str) -> list[str]:
    """Runs the example; each shown value that is not what its line gives, as a message."""
    shown = shown_values(source)
    tree = ast.parse(source)
    probe = _Probe(set(shown))
    tree = ast.fix_missing_locations(probe.visit(tree))
    lines = source.splitlines()
    stale = [
        f"line {n}: an arrow on a line that is not one expression: {lines[n - 1].strip()}"
        for n in sorted(set(shown) - probe.probed)
    ]
    given: dict[int, str] = {}

    def record(line: int, printed: bool, thunk: Callable[[], object]) -> None:
        if printed:
            out = io.StringIO()
            with redirect_stdout(out):
                thunk()
            given[line] = out.getvalue().rstrip("\n")
        else:
            given[line] = repr(thunk())

    exec(compile(tree, str(README), "exec"), {"__shown__": record, "__name__": "readme"})
    checker = doctest.OutputChecker()
    for line, want in sorted(shown.items()):
        if line not in probe.probed:
            continue
        if line not in given:
            stale.append(f"line {line}: never ran: {lines[line - 1].strip()}")
        elif not checker.check_output(want + "\n", given[line] + "\n", doctest.ELLIPSIS):
            stale.append(f"line {line}: shows {want}\n    but gives {given[line]}")
    return stale


def test_the_readme_engine_example_runs_and_shows_what_it_gives():
    source = engine_example(README.read_text(encoding="utf-8"))
    assert len(shown_values(source)) >= 4, "the example shows (almost) no values"
    assert stale_lines(source) == []


def test_a_stale_value_in_the_example_fails():
    source = engine_example(README.read_text(encoding="utf-8"))
    assert "Card('JD')" in source and "'3 9C'" in source
    assert len(stale_lines(source.replace("Card('JD')", "Card('JH')"))) == 1
    assert len(stale_lines(source.replace("'3 9C'", "'3 9D'"))) == 1
    # Prose before the arrow is not checked; an arrow on a statement is refused.
    assert stale_lines(source.replace("the action log, as text", "the log")) == []
    refused = stale_lines(source.replace("replayed", f"{ARROW} something"))
    assert len(refused) == 1 and "not one expression" in refused[0]
