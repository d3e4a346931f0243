"""The markup the table's regions are made of: what static/boot.js may paint from storage.

The picture kept for the instant start holds each region's HTML as the renderer made it
(:mod:`hearts.web.render`).  Storage is data, never HTML as such: anything that
can write this origin's storage could put a ``<meta http-equiv="refresh">``, a link to
another site or an element with a page id there.  So boot.js paints a picture only if
every element in it is one the renderer makes: exactly these tags, attributes (with
these values) and class names, text and nothing else (no comments, no ``id``, ``style``,
``on…`` handlers, links or forms).  A picture with anything else is not painted at all
(the neutral table is, and Python draws the saved one as usual), so what Python takes as
already drawn is always exactly what is on the screen.
Its text must be the renderer's too: :mod:`hearts.web.phrases`.

The rules are data, written by scripts/build_contract.py into static/build/contract.mjs
for boot.js; :func:`allowed` is the same check in Python, which tests run over every table a
whole game shows (tests/web/test_markup.py): a renderer change that makes new markup must
name it here, or its pictures would stop being painted.  Patterns are plain regular
expressions that read the same in Python and JavaScript.
"""

from __future__ import annotations

import re

from .names import Intents

HTML, SVG = "html", "svg"
# Tag -> its namespace (the suit pips are inline SVG: <svg><use href="#s-H"></use></svg>).
TAGS = {
    "b": HTML,
    "button": HTML,
    "div": HTML,
    "h2": HTML,
    "p": HTML,
    "span": HTML,
    "svg": SVG,
    "use": SVG,
}
# Attribute -> the pattern its whole value must match.
_CARD = "[2-9TJQKA][CDHS]"
ATTRIBUTES = {
    "class": ".*",  # each name is checked against CLASSES
    "aria-label": ".*",
    "aria-hidden": "true",
    "aria-disabled": "true",
    "aria-pressed": "true|false",
    "tabindex": "0|-1",
    "type": "button",
    "disabled": "",
    "role": "img",
    "focusable": "false",
    "data-card": _CARD,
    "data-seat": "[0-3]",  # a trick card's seat (who played it)
    "data-intent": Intents.confirmPass,
    "href": "#s-[CDHS]",  # on <use> only: the page's own suit symbols
}
ONLY_ON = {"href": "use", "type": "button", "disabled": "button", "data-intent": "button"}
# Every class name the regions use (families of names as patterns).
CLASSES = "|".join(
    [
        "card|hcard|tcard|red|black|blocked|lifted|selected|received|face|rcv|winner|row[01]",
        "corner|tl|br|rk|pip|ix|p|flip|pips|ace|court|fig-[JQK][CDHS]|cp|cp2|facedown",
        "s-[CDHS]|px-[lcr]|py-[0-9]{1,2}|at-(bottom|left|top|right)",
        "trick|pass-panel|dir-[a-z]{1,8}|dir|dir-what|pass-prompt|pass-count|btn|primary|pass-btn|arrow",
        "plate|active|seat-name|seat-score|num|unit|seat-meta|seat-status|st-[a-z_]{1,12}",
        "backs|n[0-9]{1,2}|back|pile|pile-stack|pile-count|hand-no|level|goal|now",
        "nw|received-note|star|full|nudge-[01]|by-mouse|by-touch",
    ]
)
# The class attributes boot.js sets outside the regions, as the painter does.
TABLE_CLASS = "table phase-[a-z_]{1,12}"
HAND_CLASS = "hand n[0-9]{1,2} row0-[0-9]{1,2} row1-[0-9]{1,2}"


def rules() -> dict[str, object]:
    """The allowlist as data, for static/boot.js (scripts/build_game.py)."""
    return {
        "tags": TAGS,
        "attributes": ATTRIBUTES,
        "onlyOn": ONLY_ON,
        "classes": CLASSES,
        "tableClass": TABLE_CLASS,
        "handClass": HAND_CLASS,
    }


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(f"^(?:{pattern})$")


_VALUES = {name: _full(pattern) for name, pattern in ATTRIBUTES.items()}
_CLASS = _full(CLASSES)


def element_allowed(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    """One element (tag and attributes) as the renderer makes them."""
    if tag not in TAGS:
        return False
    for name, value in attrs:
        text = value or ""
        pattern = _VALUES.get(name)
        if pattern is None or ONLY_ON.get(name, tag) != tag or not pattern.match(text):
            return False
        if name == "class" and not all(_CLASS.match(c) for c in text.split()):
            return False
    return True


def allowed(html: str, lang: str | None = None) -> bool:
    """``True`` if every element of ``html`` is one the renderer makes (what boot.js checks
    in the browser's own parser before it paints a region) and, given ``lang``, every text
    (text nodes, ``aria-label`` values) is one a table in ``lang`` can hold
    (:mod:`hearts.web.phrases`).  For tests and the build only: html.parser is not imported
    by the page (its start-up cost)."""
    from html.parser import HTMLParser

    from .phrases import allowed as phrase_allowed

    def text_allowed(text: str) -> bool:
        return lang is None or phrase_allowed(lang, text)

    class Checker(HTMLParser):
        ok = True

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.ok = self.ok and element_allowed(tag, attrs)
            for name, value in attrs:
                self.ok = self.ok and (name != "aria-label" or text_allowed(value or ""))

        def handle_data(self, data: str) -> None:
            self.ok = self.ok and text_allowed(data)

        def handle_comment(self, data: str) -> None:
            self.ok = False

        def handle_decl(self, decl: str) -> None:
            self.ok = False

        def handle_pi(self, data: str) -> None:
            self.ok = False

        def unknown_decl(self, data: str) -> None:
            self.ok = False

    checker = Checker(convert_charrefs=True)
    checker.feed(html)
    checker.close()
    return checker.ok
