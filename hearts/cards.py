"""Cards: an immutable, interned value type with a two-character text form ("QS", "TH", "2C").

The engine names cards only in that language-free form (and by suit symbol); their words
in a language are :func:`hearts.i18n.card_name`'s.

A card is an ``int`` subclass whose value is its position in the fixed display order
(R30): clubs, diamonds, spades, hearts, each low to high.  Sorting cards therefore sorts
them for display, and equality/hashing cost what an int costs, which keeps the engine
fast enough for tournaments of tens of thousands of hands.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDSH"  # display order: colours alternate black, red, black, red
CLUBS, DIAMONDS, SPADES, HEARTS = range(4)

SUIT_SYMBOLS = "♣♦♠♥"


class Card(int):
    """One of the 52 cards.  Obtain cards with :meth:`parse` or from :data:`DECK`."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card for a two-character text form such as ``"QS"``; ``ValueError`` otherwise."""
        try:
            return _BY_TEXT[text.upper()]
        except (KeyError, AttributeError):
            expected = f"expected a rank of {RANKS} and a suit of {SUITS}"
            raise ValueError(f"unknown card {text!r}: {expected}") from None

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 spades, 3 hearts."""
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        """2 … 14 (ace high)."""
        return RANK_OF[self]

    @property
    def points(self) -> int:
        """Penalty points: 1 for a heart, 13 for the queen of spades, 0 otherwise (R2)."""
        return POINTS_OF[self]

    def __str__(self) -> str:
        return CARD_TEXT[self]

    def __format__(self, spec: str) -> str:
        return format(CARD_TEXT[self], spec)

    def __repr__(self) -> str:
        return f"Card('{CARD_TEXT[self]}')"


SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
RANK_OF: tuple[int, ...] = tuple(i % 13 + 2 for i in range(52))
CARD_TEXT: tuple[str, ...] = tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52))
DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}

TWO_OF_CLUBS = _BY_TEXT["2C"]
QUEEN_OF_SPADES = _BY_TEXT["QS"]
POINTS_OF: tuple[int, ...] = tuple(
    13 if i == QUEEN_OF_SPADES else (1 if i // 13 == HEARTS else 0) for i in range(52)
)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from ``"2C QS TH"`` or an iterable of card strings, in the order given."""
    parts = text.split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(part) for part in parts)


def format_cards(cards: Iterable[Card]) -> str:
    """``"2C QS TH"`` — the inverse of :func:`parse_cards`."""
    return " ".join(CARD_TEXT[c] for c in cards)
