"""Requirement ids: every one cited is defined in docs/requirements.md, every one defined is
checked by a test.

A definition is a list item that starts with the id in bold (``- **R17** …``); an item
whose first line says ``(not yet built: issue N)`` is a behaviour still to come: no test
needs to cite it yet, and a test that does is told to remove the marker.  A citation is
an id in the text of the source files (hearts/, static/, tests/, tools/, harness/,
scripts/, the Makefile, pyproject.toml) or in the document's own cross-references.  Only
the files under tests/ named ``test_*.py`` count as "a test" (not their helpers).  This
file is left out of both: the ids in its examples cite nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "requirements.md"
SCANNED = ("hearts", "static", "tests", "tools", "harness", "scripts", "Makefile", "pyproject.toml")
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".css", ".html", ".toml"}  # no images, lock files
SKIPPED_DIRS = {"node_modules", "__pycache__"}
BUILT = ("static/vendor", "static/build")  # an older checkout's build output, not our text

# An id is R or U and a number 1-99 without a leading zero.  The guards keep out what is
# not a citation: a letter, digit or underscore on either side (FOO_R2, R2D2, xR2, R100,
# a Unicode escape \U0001F0A1); a run of base64 (+R2=, /R2+; hex digits have no R or U,
# so hashes cannot match); a version or property (.R2, R2.0); a CSS colour or id (#R2).
# "/" and "-" stay separators: "R15/R16" cites both, and a range "R12-R16" (or with an en
# dash; the letter repeated on the right) cites every id from R12 to R16.
CITATION = re.compile(
    r"(?<![\w+=#.$\\])(?P<kind>[RU])(?P<first>[1-9]\d?)"
    r"(?:[-–](?P=kind)(?P<last>[1-9]\d?))?"
    r"(?![\w+=]|\.\d)"
)
DEFINITION = re.compile(r"^- \*\*(?P<id>[RU][1-9]\d?)\*\*(?P<rest>.*)$", re.MULTILINE)
NOT_YET_BUILT = re.compile(r"^\s*\*\(not yet built: issue \d+\)\*")


class Citation(NamedTuple):
    id: str
    where: str  # path:line


def cited_ids(text: str) -> Iterator[tuple[str, int]]:
    """Each id ``text`` cites, with the offset of the citation (ranges expanded)."""
    for match in CITATION.finditer(text):
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        for number in range(min(first, last), max(first, last) + 1):
            yield f"{match['kind']}{number}", match.start()


def citations_in(path: Path) -> Iterator[Citation]:
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix()
    for id_, offset in cited_ids(text):
        yield Citation(id_, f"{name}:{text.count(chr(10), 0, offset) + 1}")


def scanned_files() -> Iterator[Path]:
    this = Path(__file__).resolve()
    for entry in SCANNED:
        top = ROOT / entry
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            if not path.is_file() or path.resolve() == this:
                continue
            relative = path.relative_to(ROOT)
            if SKIPPED_DIRS & set(relative.parts) or relative.as_posix().startswith(BUILT):
                continue
            if path.suffix in TEXT_SUFFIXES or path == top:
                yield path


def definitions() -> dict[str, list[str]]:
    """Each defined id and the first lines of its definitions (more than one is an error)."""
    found: dict[str, list[str]] = {}
    for match in DEFINITION.finditer(DOC.read_text(encoding="utf-8")):
        found.setdefault(match["id"], []).append(match["rest"])
    return found


def not_yet_built() -> set[str]:
    return {id_ for id_, lines in definitions().items() if NOT_YET_BUILT.match(lines[0])}


def doc_cross_references() -> Iterator[Citation]:
    """The ids the document cites in its prose (not the ids its items define)."""
    text = DEFINITION.sub(lambda m: m["rest"], DOC.read_text(encoding="utf-8"))
    for id_, offset in cited_ids(text):
        yield Citation(id_, f"docs/requirements.md:{text.count(chr(10), 0, offset) + 1}")


def all_citations() -> list[Citation]:
    return [c for path in scanned_files() for c in citations_in(path)]


def is_test(where: str) -> bool:
    path = where.rsplit(":", 1)[0]
    return path.startswith("tests/") and Path(path).name.startswith("test_")


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("(R4, R35)", ["R4", "R35"]),
        ("R15/R16: no heart lead", ["R15", "R16"]),
        ("R12-R14 and R20–R21", ["R12", "R13", "R14", "R20", "R21"]),
        ('"""R24: ties"""  # U3', ["R24", "U3"]),
        ("R17.", ["R17"]),
        ("FOO_R2 R2D2 xR2 R100 R0 R02 R2.0 .R2 #R2 \\U0001F0A1 \\U1F0A1", []),
        ("sha512-aB+R2/cd= QR2+x =R2", []),
        ("U+2660 UTF8 R2_D2 ER3", []),
    ],
)
def test_the_citation_pattern(text: str, ids: list[str]) -> None:
    assert [id_ for id_, _ in cited_ids(text)] == ids


def test_each_id_is_defined_once_and_none_is_missing_from_the_numbering() -> None:
    found = definitions()
    twice = sorted(id_ for id_, lines in found.items() if len(lines) > 1)
    assert not twice, f"defined more than once in docs/requirements.md: {twice}"
    for kind in "RU":
        numbers = sorted(int(id_[1:]) for id_ in found if id_[0] == kind)
        gaps = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
        assert not gaps, f"{kind}-ids without a definition (ids are never renumbered): {gaps}"
    assert len([id_ for id_ in found if id_[0] == "R"]) >= 38


def test_every_cited_id_is_defined() -> None:
    citations = [*all_citations(), *doc_cross_references()]
    assert len(citations) > 250, "the scan found too few citations: is it reading the tree?"
    defined = definitions()
    undefined = [f"{c.id} ({c.where})" for c in citations if c.id not in defined]
    assert not undefined, "cited but not defined in docs/requirements.md: " + ", ".join(undefined)


def test_every_defined_id_is_cited_by_a_test() -> None:
    by_tests = {c.id for c in all_citations() if is_test(c.where)}
    waiting = not_yet_built()
    uncited = sorted(set(definitions()) - by_tests - waiting, key=lambda i: (i[0], int(i[1:])))
    assert not uncited, f"defined, but no test under tests/ cites it: {uncited}"


def test_an_id_marked_not_yet_built_is_cited_by_no_test() -> None:
    waiting = not_yet_built()
    cited = sorted(
        f"{c.id} ({c.where})" for c in all_citations() if c.id in waiting and is_test(c.where)
    )
    assert not cited, (
        "marked not yet built in docs/requirements.md but cited (remove the marker once "
        f"the behaviour and its test exist): {cited}"
    )
