"""Precomputed card tables shared by the CPU levels (plain tuples and ints: no per-call churn).

Cards are ints in display order (clubs, diamonds, spades, hearts, each low to high), so a
set of cards is a 52-bit mask and "the cards of one suit above/below a card" are masks too.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import DECK, HEARTS, QUEEN_OF_SPADES, RANK_OF, SUIT_OF, parse_cards

BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
FULL = (1 << 52) - 1
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
# Cards of the same suit strictly above / strictly below each card.
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[SUIT_OF[c]] & ~((BIT[c] << 1) - 1) for c in range(52))
BELOW: tuple[int, ...] = tuple(SUIT_MASK[SUIT_OF[c]] & (BIT[c] - 1) for c in range(52))

QS = QUEEN_OF_SPADES
KS, AS = parse_cards("KS AS")
QS_BIT = BIT[QS]
SPADES_ABOVE_QUEEN = BIT[KS] | BIT[AS]
HEART_MASK = SUIT_MASK[HEARTS]

__all__ = [
    "ABOVE",
    "AS",
    "BELOW",
    "BIT",
    "DECK",
    "FULL",
    "HEART_MASK",
    "KS",
    "QS",
    "QS_BIT",
    "RANK_OF",
    "SPADES_ABOVE_QUEEN",
    "SUIT_MASK",
    "SUIT_OF",
    "mask_of",
]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m
