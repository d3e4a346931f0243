"""One spelling for the page's shared names (hearts/web/names.py, and the lifecycle's states
and events in hearts/web/lifecycle.py): the scripts take them from the generated contract,
Python from those modules. A name spelled by hand on either side fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from hearts.web import lifecycle, names

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
WEB = ROOT / "hearts" / "web"

# Scripts that must work when the contract did not load, so they import none of it: the
# watch over the start and its own way on (static/watch.mjs, static/watch/way-on.mjs), and
# the runtime's gate, which starts Python even then (static/runtime.mjs).
WITHOUT_CONTRACT = {"watch.mjs", "watch/way-on.mjs", "runtime.mjs"}
# Python modules whose words mean something else there: the stored records' fields
# ("lifted", also in the debug facts of timing.py), the tab lock's own statuses
# ("elsewhere"), the storage's states.
OTHER_MEANINGS = {"names.py", "lifecycle.py", "records.py", "controller.py", "tablock.py"}
OTHER_MEANINGS |= {"timing.py", "table_record.py"}


def shared() -> set[str]:
    """The names and the lifecycle's states and events; not its failure events, whose
    words are ordinary ones elsewhere too (the progress bar's "failed" look)."""
    events = set(lifecycle.EVENTS) - {lifecycle.FAILED, lifecycle.DIED}
    return names.spelled() | set(lifecycle.STATES) | events


def code(text: str) -> str:
    """A script without its comments (line and block)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


LITERAL = re.compile(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`")
GLOBAL = re.compile(r"\bhearts[A-Z]\w*")


def scripts() -> list[Path]:
    return sorted(
        p
        for p in STATIC.rglob("*")
        if p.suffix in {".js", ".mjs"}
        and p.relative_to(STATIC).parts[0] not in {"vendor", "build"}
        and str(p.relative_to(STATIC)) not in WITHOUT_CONTRACT
    )


def test_no_script_spells_a_shared_name():
    words = shared()
    found = []
    for path in scripts():
        text = code(path.read_text(encoding="utf-8"))
        for match in LITERAL.finditer(text):
            literal = next(g for g in match.groups() if g is not None)
            if literal in words:
                found.append(f"{path.relative_to(ROOT)}: {literal!r}")
        found += [f"{path.relative_to(ROOT)}: {m}" for m in GLOBAL.findall(text)]
    assert found == []


def test_no_module_of_the_page_spells_a_shared_name():
    words = shared()
    found = []
    for path in sorted(WEB.rglob("*.py")):
        if path.name in OTHER_MEANINGS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in words
                and id(node) not in docstrings
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_scripts_without_the_contract_are_few_and_say_why():
    for name in WITHOUT_CONTRACT:
        text = (STATIC / name).read_text(encoding="utf-8")
        assert "build/contract.mjs" not in code(text).replace("../build/contract.mjs${", ""), name
