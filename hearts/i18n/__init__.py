"""The words of the game in English and German: one table per language, same keys.

Pure data plus a few helpers; no browser imports.  Strings use ``str.format`` fields
(``{seat}``, ``{n}``…); :func:`text` fills them.  The engine speaks no language: a card's
words come from :func:`card_name`, which reads the card's language-free text form.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import RANK_OF, RANKS, SUIT_OF, SUIT_SYMBOLS, SUITS, Card
from .de import DE
from .en import EN

LANGS = ("en", "de")
DEFAULT_LANG = "en"


TABLES: dict[str, dict[str, str]] = {"en": EN, "de": DE}

# Corner indices: German decks print B(ube), D(ame), K(önig), A(ss).
RANK_INDEX = {
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"),
}


def text(lang: str, key: str, **fields: object) -> str:
    """The string for ``key`` in ``lang`` with its fields filled in."""
    table = TABLES.get(lang, EN)
    template = table.get(key)
    if template is None:
        template = EN[key]  # a KeyError here is a programming error: tests cover every key
    return template.format(**fields) if fields else template


def seat_name(lang: str, seat: int) -> str:
    """``"You"`` for seat 0, ``"CPU n"`` otherwise (R1: seats are numbered, not named)."""
    return text(lang, "you") if seat == 0 else text(lang, "cpu", n=seat)


def card_name(lang: str, card: Card) -> str:
    """The card in words: ``"Queen of spades"`` / ``"Pik-Dame"``, ``"10 of hearts"`` /
    ``"Herz 10"``; a pip card is named by its number, a face card by its word."""
    suit = text(lang, f"suit.{SUITS[SUIT_OF[card]]}")
    rank = RANK_OF[card]
    if rank <= 10:
        return text(lang, "card.pips", rank=rank, suit=suit)
    return text(lang, "card.face", rank=text(lang, f"rank.{RANKS[rank - 2]}"), suit=suit)


def card_short(lang: str, card: Card) -> str:
    """The card as its corner shows it: ``"7♣"``, ``"Q♥"`` / ``"D♥"``."""
    index = RANK_INDEX.get(lang, RANK_INDEX[DEFAULT_LANG])[RANK_OF[card] - 2]
    return index + SUIT_SYMBOLS[SUIT_OF[card]]


def points(lang: str, n: int) -> str:
    return text(lang, "points.one") if n == 1 else text(lang, "points.many", n=n)


def counted(lang: str, key: str, n: int) -> str:
    """``n`` of a thing in words, its ``.one`` or ``.many`` form: "1 win", "3 wins"."""
    return text(lang, f"{key}.one") if n == 1 else text(lang, f"{key}.many", n=n)


def with_points(lang: str, n: int) -> str:
    """Points as "with …" says them: "1 point", "25 points" / "1 Punkt", "25 Punkten"."""
    return text(lang, "with_points.one") if n == 1 else text(lang, "with_points.many", n=n)


def joined(lang: str, names: Iterable[str]) -> str:
    """``"CPU 1"``, ``"CPU 1 and CPU 3"``, ``"CPU 1, CPU 2 and CPU 3"`` (``und``)."""
    *rest, last = names
    return text(lang, "and", a=", ".join(rest), b=last) if rest else last


def cards(lang: str, n: int) -> str:
    return text(lang, "cards.one") if n == 1 else text(lang, "cards.many", n=n)


def duration(lang: str, milliseconds: int) -> str:
    """Playing time (R36): seconds under a minute, minutes under an hour, else hours and
    minutes; always rounded down."""
    seconds = max(0, int(milliseconds)) // 1000
    if seconds < 60:
        return text(lang, "time.s", s=seconds)
    hours, minutes = divmod(seconds // 60, 60)
    if hours:
        return text(lang, "time.hm", h=hours, m=minutes)
    return text(lang, "time.m", m=minutes)


def tricks(lang: str, n: int) -> str:
    return text(lang, "tricks.one") if n == 1 else text(lang, "tricks.many", n=n)


def paragraphs(lang: str, key: str) -> list[str]:
    """A multi-paragraph text, split at ``|``."""
    return text(lang, key).split("|")


ASCII_SPACE = " \t\n\f\r"
"""White space as URLs and HTML know it (WHATWG), the same in static/boot/language.mjs."""


def supported_language(candidate: object) -> str | None:
    """The game's language for a tag like ``"de-AT"``, ``"DE"`` or ``"de_CH"``, if it speaks
    it (static/boot/language.mjs reads ``?lang=`` and the browser's the same way)."""
    # only ASCII white space, as JavaScript's trim() would not strip "\x1c"
    base = str(candidate).strip(ASCII_SPACE).lower().split("-")[0].split("_")[0]
    return base if base in LANGS else None


def pick_language(candidates: Iterable[str]) -> str:
    """The first supported language among browser preferences like ``"de-AT"``."""
    for candidate in candidates:
        if (lang := supported_language(candidate)) is not None:
            return lang
    return DEFAULT_LANG
