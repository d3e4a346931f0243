"""The words a table picture may hold: what static/boot.js may paint as text.

The markup allowlist (:mod:`hearts.web.markup`) lets only the renderer's elements through,
but anything that can write this origin's storage can write any text between them ("Your
save is damaged. Visit …").  So every text of a stored picture, each text node and each
``aria-label``, must also be one the table's renderer makes: a phrase of the picture's
language, made here by the game's own text functions (the i18n catalogue, the view's
labels, the renderer's icons) for every seat, card, level and direction.  Numbers are the
one thing left free: a text is compared by its :func:`shape`, with ASCII white space
trimmed and every run of up to three ASCII digits read as a number (scores, counts, hand
numbers, seats' numbers, pip ranks).  A picture with any other text is not painted (the
neutral table is).

:func:`phrases` is data, written by scripts/build_contract.py into static/build/contract.mjs
(``PHRASES``) for static/boot/markup.mjs; both sides run the cases of
tests/shared_cases/picture_text.json, and tests/web/test_markup.py checks every text of
every picture a whole game keeps: a renderer change that makes a new text must make it
here too, or its pictures would stop being painted.  Only the build and tests import this.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from .. import i18n, rules
from ..cards import DECK
from ..enums import LEVELS, Direction
from ..view import Texts, face
from ..view.table_view import (
    STATUS_TEXTS,
    hand_card_label,
    pass_target,
    received_text,
    trick_card_label,
)
from .render.card_html import RECEIVED_BADGE
from .render.table_html import ARROWS, STATUS_ICONS, score_unit
from .render.words import unbroken

_NUMBER = re.compile("[0-9]{1,3}")
_TAGS = re.compile("<[^>]*>")
_MARKS = re.compile(r"[\\#]")  # escaped, so that a "#" in a text is never a number
SEATS = range(4)
PASSING = (Direction.LEFT, Direction.RIGHT, Direction.ACROSS)
# Counts the texts are made with: singular and plural forms (the shape hides the number).
COUNTS = (0, 1, 2)


def shape(text: str) -> str:
    """``text`` as compared with the phrases: trimmed, its numbers as ``#`` (its own ``#``
    and backslashes escaped by a backslash)."""
    return _NUMBER.sub("#", _MARKS.sub(r"\\\g<0>", text.strip(i18n.ASCII_SPACE)))


def phrases(lang: str) -> list[str]:
    """Every text shape the table's regions can hold in ``lang``, sorted."""
    return sorted({shape(text) for text in _texts(lang)})


def allowed(lang: str, text: str) -> bool:
    """``True`` if ``text`` could be a text of a table drawn in ``lang``."""
    return lang in i18n.LANGS and shape(text) in _PHRASES[lang]


def _texts(lang: str) -> Iterator[str]:
    t = Texts(lang)
    yield from ("", "\xa0", *ARROWS.values(), RECEIVED_BADGE)
    # the status bar
    yield from (t("hand_no", n=1), t("passing.label"), t("target_short", n=rules.GAME_END_SCORE))
    yield from (t(f"passing.{direction}") for direction in Direction)
    yield from (t("level_label", level=t(f"level.{level}")) for level in LEVELS)
    # the plates
    for seat in SEATS:
        yield t.seat(seat)
        tricks = (i18n.tricks(lang, n) for n in COUNTS)
        yield from (t("pile", seat=t.seat(seat), tricks=n) for n in tricks)
    yield from (t("pile_you", tricks=i18n.tricks(lang, n)) for n in COUNTS)
    for n in COUNTS:
        yield from (i18n.cards(lang, n), score_unit(i18n.points(lang, n), n))
    yield from (STATUS_ICONS.get(status, "") + t(key) for status, key in STATUS_TEXTS.items())
    # the pass panel and the prompt (names in them on one line: each a text of its own)
    for direction in PASSING:
        target = t.seat(pass_target(direction))
        yield from _pieces(t("pass_prompt", dir=t(f"dir.{direction}"), target=target))
        yield t(f"pass_button.{direction}")
    yield from (t("pass_count", n=1), t("pass_full"), t("pass_full_tap"))
    yield from (t("you_take_trick"), t("your_turn"), t("your_turn_lifted"))
    for seat in SEATS:
        yield from _pieces(t("trick_taken_by", seat=t.seat(seat)))
        yield from _pieces(t("waiting_for", seat=t.seat(seat)))
    # the cards you received, by their giver: the names are texts of their own
    for seat in SEATS[1:]:
        yield from _pieces(received_text(t, DECK[:2], seat))
    yield from (i18n.card_short(lang, card) for card in DECK)
    # the cards: corner indices and names, in your hand and on the table
    yield from i18n.RANK_INDEX[lang]
    for card in DECK:
        name = face(card, lang).name
        for blocked in (False, True):
            yield from (hand_card_label(t, name, blocked, received) for received in (False, True))
        yield from (trick_card_label(t, name, seat) for seat in SEATS)


def _pieces(text: str) -> Iterator[str]:
    """``text`` whole (as pictures stored before names were kept on one line say it) and
    its text nodes as :func:`~hearts.web.render.words.unbroken` splits it."""
    yield text
    yield from (html.unescape(piece) for piece in _TAGS.split(unbroken(text)))


_PHRASES = {lang: frozenset(phrases(lang)) for lang in i18n.LANGS}
