"""The docs are tested: the README's example runs, every link stays in the repository,
docs/architecture.md draws the layers pyproject.toml declares, and the README's figures are
the docs'.

**The engine example** is the ``python`` block under the README's "Engine API".  It runs
as it stands, and a line whose comment holds an arrow shows what that line gives::

    game.log[-2:]            # the action log, as text → ['3 9C', '0 3C']

The text after the arrow is the line's value as ``repr`` gives it (for a ``print(…)`` line,
the text printed), where ``...`` stands for any text (doctest's ELLIPSIS); the text before
the arrow is prose and is not checked, and so is a comment without an arrow.  An arrow may
stand only on a line that is one expression, and that line must run.

**Links.** Every link in README.md and docs/*.md (``[text](target)``, an image, a reference
definition ``[name]: target``) is a relative path to a file or folder git tracks, inside
the repository, optionally with ``#anchor``; or a bare ``#anchor`` into the same file.  An
anchor names a heading of the Markdown file it points into, spelt as GitHub spells it
(the heading's text, lowercase, punctuation dropped, spaces turned into ``-``, ``-1``,
``-2`` on repeats).  No link leaves the repository: no scheme (``http:``, ``https:``,
``mailto:``, ``file:``), no absolute path, no ``../`` that climbs out of it, and no bare
web address in the prose, which GitHub would turn into a link; a test cannot check what a
server answers tomorrow.  Code (a fenced block, a ``code span``) is no link: a command may
name ``http://localhost:8000/``; but a code span that names a path climbing out of the
repository (``../elsewhere``) is refused too: a reader cannot open it.

**Layers.** The "Layers" section of docs/architecture.md has two ``text`` blocks, the
engine's layers and the browser layer's parts, top to bottom.  A line that starts in the
first column names a layer (its modules joined by ``|``), up to two spaces; what follows is
the modules' jobs, and an indented line goes on with them.  The two lists must be the
``layers`` of the import-linter contracts in pyproject.toml (the engine's: the layers
contract without ``containers``; the parts': the one contained in ``hearts.web``), in order.

**Figures.** A figure the README repeats is the one in the docs' table of today's figures:
the bytes of a first visit (docs/performance.md, row "bytes sent").
"""

from __future__ import annotations

import ast
import doctest
import io
import re
import subprocess
import tokenize
import tomllib
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ARROW = "→"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
ARCHITECTURE = ROOT / "docs" / "architecture.md"


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


FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.DOTALL)
LINK = re.compile(
    r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?(?P<target>[^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)"
)
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(?P<target>\S+?)>?(?:\s|$)", re.MULTILINE)
OUTSIDE = re.compile(r"(?<![\w.@/-])(?:(?:https?|ftp|file|mailto):\S|www\.\w)", re.IGNORECASE)
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(?P<text>.*?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)


def prose(markdown: str) -> str:
    """``markdown`` without its code: fenced blocks and code spans blanked (lines kept)."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match[0])

    return CODE_SPAN.sub(blank, FENCE.sub(blank, markdown))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: lowercase, punctuation dropped, spaces to '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor in ``markdown``, repeats numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", markdown)):
        base = slug(match["text"].strip())
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def tracked() -> set[str]:
    """The files git tracks and the folders that hold them, relative to the root."""
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    folders = {parent.as_posix() for name in files for parent in Path(name).parents}
    return set(files) | folders


def link_faults(doc: Path, markdown: str, known: set[str]) -> list[str]:
    """What is wrong with each link of ``doc`` (its text ``markdown``): one message each."""
    text = prose(markdown)
    where = doc.relative_to(ROOT).as_posix()
    targets = [(m.start(), m["target"]) for m in LINK.finditer(text)]
    targets += [(m.start(), m["target"]) for m in DEFINITION.finditer(text)]
    faults = []
    for offset, target in sorted(targets):
        at = f"{where}:{text.count(chr(10), 0, offset) + 1}: ({target})"
        path, _, anchor = target.partition("#")
        if not target or re.match(r"[a-z][a-z0-9+.-]*:", path, re.IGNORECASE):
            faults.append(f"{at} leaves the repository")
            continue
        if path.startswith("/"):
            faults.append(f"{at} is an absolute path")
            continue
        aimed = (doc.parent / path).resolve() if path else doc
        if not aimed.is_relative_to(ROOT):
            faults.append(f"{at} climbs out of the repository")
            continue
        name = aimed.relative_to(ROOT).as_posix()
        if name not in known:
            faults.append(f"{at} names no file of the repository")
        elif anchor and not (aimed.suffix == ".md" and anchor in anchors(aimed.read_text("utf-8"))):
            faults.append(f"{at} names no heading of {name}")
    for match in CODE_SPAN.finditer(FENCE.sub("", markdown)):
        named = match[0].strip("`").strip()
        if named.startswith("../") and not (doc.parent / named).resolve().is_relative_to(ROOT):
            faults.append(f"{where}: names a file outside the repository: {named}")
    for match in OUTSIDE.finditer(LINK.sub("", DEFINITION.sub("", text))):
        line = text.count("\n", 0, match.start()) + 1
        faults.append(f"{where}:{line}: a web address in the prose: {match[0]}…")
    return faults


def test_every_link_of_the_docs_stays_in_the_repository_and_resolves():
    known = tracked()
    faults = [fault for doc in DOCS for fault in link_faults(doc, doc.read_text("utf-8"), known)]
    assert faults == [], "\n".join(faults)


def test_a_broken_link_fails():
    doc = ROOT / "docs" / "testing.md"
    known = tracked()
    assert slug("Build and `dist/`") == "build-and-dist"
    assert slug("Today's figures") == "todays-figures"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n## A?\n") == {"a", "a-1", "a-2"}
    assert link_faults(doc, "[ok](performance.md#todays-figures) `[no](gone.md)`", known) == []
    bad = [
        "[gone](gone.md)",
        "[anchor](performance.md#no-such-heading)",
        "[here](#no-such-heading)",
        "[up](../../etc/passwd)",
        "[absolute](/etc/passwd)",
        "[web](https://example.org/)",
        "[mail](mailto:someone@example.org)",
        "[ref]: https://example.org/",
        "see <https://example.org/>",
        "see www.example.org",
        "see http://example.org",
        "against `../../shared/DESIGN.md`",
    ]
    for markdown in bad:
        assert len(link_faults(doc, markdown, known)) == 1, markdown


def layer(spec: str) -> str:
    """A layer's modules as the contracts spell them: ``a | b``."""
    return " | ".join(part.strip() for part in spec.split("|"))


def drawn_layers(markdown: str) -> list[list[str]]:
    """The layers of each ``text`` block in the document's "Layers" section, top to bottom."""
    section = markdown.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```text\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    return [
        [layer(re.split(r"\s{2,}", line)[0]) for line in block.splitlines() if line[:1].strip()]
        for block in blocks
    ]


def declared_layers() -> list[list[str]]:
    """The engine's layers and the browser layer's parts, from pyproject.toml's contracts."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        contracts = tomllib.load(f)["tool"]["importlinter"]["contracts"]
    layered = [c for c in contracts if c["type"] == "layers"]
    engine = [c for c in layered if not c.get("containers")]
    parts = [c for c in layered if c.get("containers") == ["hearts.web"]]
    assert len(engine) == 1 and len(parts) == 1, "the layers contracts are not the two known"
    return [[layer(spec) for spec in c["layers"]] for c in (engine[0], parts[0])]


def test_the_architecture_document_draws_the_declared_layers_in_order():
    assert drawn_layers(ARCHITECTURE.read_text(encoding="utf-8")) == declared_layers()


def test_a_layer_out_of_place_fails():
    markdown = ARCHITECTURE.read_text(encoding="utf-8")
    engine, parts = declared_layers()
    assert engine[0] == "hearts.web" and len(parts) > 2
    swapped = markdown.replace("\nhearts.view ", "\nhearts.vieW ", 1)
    assert drawn_layers(swapped) != declared_layers()
    lines = markdown.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith(parts[0].split(" ")[0]))
    lines[first], lines[first + 1] = lines[first + 1], lines[first]
    assert drawn_layers("\n".join(lines)) != declared_layers()


def test_the_readme_says_the_first_visit_costs_what_performance_md_measured():
    readme = README.read_text(encoding="utf-8")
    table = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    said = re.findall(r"first visit must be online and downloads ([\d.]+ MB)", readme)
    measured = re.findall(r"^\| bytes sent \| ([\d.]+ MB) \|", table, re.MULTILINE)
    assert len(said) == 1 and len(measured) == 1
    assert said == measured


# A newcomer reads each in ten minutes: the README is the front door, architecture.md the map.
SHORT_DOCS = {"README.md": 250, "docs/architecture.md": 250}


@pytest.mark.parametrize("name", sorted(SHORT_DOCS))
def test_the_front_door_and_the_map_stay_short(name: str) -> None:
    lines = (ROOT / name).read_text(encoding="utf-8").count("\n")
    assert lines <= SHORT_DOCS[name], f"{name} has {lines} lines (at most {SHORT_DOCS[name]})"
