"""How cards and seats are named and drawn: the pieces every view model shares."""

from __future__ import annotations

from typing import NamedTuple

from .. import i18n
from ..cards import HEARTS, RANK_OF, SUIT_OF, SUITS, Card

POSITIONS = ("bottom", "left", "top", "right")  # seat 0 you, 1 left, 2 across, 3 right (R1)


class CardFace(NamedTuple):
    """How one card looks: text form, suit letter, rank, corner index, colour, name."""

    code: str
    suit: str
    rank: int
    rank_text: str  # the corner index: "10", "Q" / "D"
    red: bool
    name: str


def face(card: Card, lang: str) -> CardFace:
    suit = SUIT_OF[card]
    return CardFace(
        code=str(card),
        suit=SUITS[suit],
        rank=RANK_OF[card],
        rank_text=i18n.RANK_INDEX.get(lang, i18n.RANK_INDEX["en"])[RANK_OF[card] - 2],
        red=suit in (1, HEARTS),
        name=i18n.card_name(lang, card),
    )


class Texts:
    """The texts of one language: ``t(key, **fields)`` and ``t.seat(n)``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        return i18n.text(self.lang, key, **fields)

    def seat(self, seat: int) -> str:
        return i18n.seat_name(self.lang, seat)

    def played_by(self, seat: int) -> str:
        return self("played_by_you") if seat == 0 else self("played_by", seat=self.seat(seat))
