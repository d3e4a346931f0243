"""Text as HTML that keeps each seat's and card's name on one line.

"CPU 2", "Queen of spades", "Pik-Dame" or "7♣" broken over two lines reads as two things;
a browser breaks at a space or after a hyphen, so every such name in a text is wrapped in
``<span class="nw">`` (white-space: nowrap).  The text itself is unchanged: a screen reader
and ``textContent`` read the same words.
"""

from __future__ import annotations

import re
from functools import cache

from ... import i18n
from ...cards import DECK
from .card_html import escape


@cache
def _names() -> re.Pattern[str]:
    """Every seat's and card's name in every language, longest first (escaped as HTML)."""
    names = {i18n.seat_name(lang, seat) for lang in i18n.LANGS for seat in (1, 2, 3)}
    for lang in i18n.LANGS:
        names.update(i18n.card_name(lang, card) for card in DECK)
        names.update(i18n.card_short(lang, card) for card in DECK)
    ordered = sorted((escape(name) for name in names), key=len, reverse=True)
    return re.compile("|".join(re.escape(name) for name in ordered), re.IGNORECASE)


def unbroken(text: str) -> str:
    """``text`` escaped as HTML, each name in it on one line."""
    return _names().sub(lambda found: f'<span class="nw">{found[0]}</span>', escape(text))
