"""The four-colour deck's court figures (U11), as the build writes them.

scripts/build_courts.mjs writes .cache/app/build/courts.svg (the twelve figures as the
English-pattern deck inks them) and courts-4.svg (the six club and diamond figures again
for the four-colour deck). In the second, each figure is the first's, but for the suit
marks it wears: those are in the green and blue that static/css/hearts/35-options.css
gives the clubs' and diamonds' corners and pips; every other ink (red, gold, blue, black)
stays the deck's, so the figure still reads.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / ".cache" / "app" / "build"  # the stage scripts/publish_app.py publishes
OPTIONS_CSS = ROOT / "static" / "css" / "hearts" / "35-options.css"
SVG = "{http://www.w3.org/2000/svg}"
FIGURES = [rank + suit for rank in "JQK" for suit in "CDHS"]  # courts.svg's order
FOUR = [code for code in FIGURES if code[1] in "CD"]  # courts-4.svg's order


def four_colour_inks() -> dict[str, str]:
    """--suit-C and --suit-D of the stylesheet's four-colour deck."""
    block = re.search(r':root\[data-deck="four"\]\s*\{([^}]*)\}', OPTIONS_CSS.read_text())
    assert block, OPTIONS_CSS
    return dict(re.findall(r"--suit-([CD]):\s*(#[0-9a-fA-F]{3,6})\b", block.group(1)))


def figures(name: str) -> list[ET.Element]:
    """The sprite's figures, one group each, in order."""
    path = BUILD / name
    if not path.is_file():
        pytest.fail(f"{path} is not built: run `make build`")
    return [g for g in ET.parse(path).getroot() if g.tag == f"{SVG}g"]


def suit_mark(code: str) -> str:
    """The id of the symbol a figure's suit marks are drawn with (the package's names)."""
    return f"{code[1]}-{code[0]}_svg__a"


def differences(two: ET.Element, four: ET.Element) -> dict[str, dict[str, str | None]]:
    """Per element of the figure (its id or its parent symbol's, and its tag), the
    attributes whose value differs between the two drawings, with the four-colour one."""
    found: dict[str, dict[str, str | None]] = {}

    def walk(a: ET.Element, b: ET.Element, where: str) -> None:
        assert a.tag == b.tag, (where, a.tag, b.tag)
        changed = {k: b.get(k) for k in {*a.keys(), *b.keys()} if a.get(k) != b.get(k)}
        if changed:
            found[f"{where}/{a.tag.removeprefix(SVG)}"] = changed
        assert len(a) == len(b), where
        for x, y in zip(a, b, strict=True):
            walk(x, y, x.get("id", where))

    walk(two, four, "figure")
    return found


def test_four_colour_figures_wear_their_suit_marks_in_the_decks_inks():
    inks = four_colour_inks()
    assert set(inks) == {"C", "D"}
    two, four = figures("courts.svg"), figures("courts-4.svg")
    assert len(two) == len(FIGURES) and len(four) == len(FOUR)
    for code, drawn in zip(FOUR, four, strict=True):
        original = two[FIGURES.index(code)]
        mark = suit_mark(code)
        # The figure wears the mark: a layer of the figure draws the symbol.
        assert any(
            use.get("href") == f"#{mark}" for use in drawn.iter(f"{SVG}use")
        ), f"{code}: no suit mark in the figure"
        changed = differences(original, drawn)
        changed.pop("figure/g", None)  # its place in the sprite
        assert changed == {f"{mark}/path": {"fill": inks[code[1]]}}, code
        # The deck's own ink of that mark was the suit's two-colour one: red or black.
        path = original.find(f".//{SVG}symbol[@id='{mark}']/{SVG}path")
        assert path is not None and path.get("fill") == ("red" if code[1] == "D" else None)
