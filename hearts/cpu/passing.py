"""Passing three cards (Medium and Hard share the scheme; Hard adds direction sense).

Each card gets a danger score and the three most dangerous are passed: Q♠ when the low
spades cannot guard it, A♠/K♠ when Q♠ is not kept, high hearts, and the cards of a short
side suit that can be cleared out to make a void.
"""

from __future__ import annotations

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from . import tiebreak
from .seatview import SeatView
from .tables import AS, KS, QS

QUEEN_GUARDS = 3  # low spades (below Q♠) needed to keep Q♠


def pass_scores(hand: tuple[Card, ...], guards_needed: int = QUEEN_GUARDS) -> dict[Card, float]:
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[SUIT_OF[c]] += 1
    low_spades = sum(1 for c in hand if SUIT_OF[c] == SPADES and c < QS)
    keep_queen = QS in hand and low_spades >= guards_needed
    scores: dict[Card, float] = {}
    for c in hand:
        suit, rank = SUIT_OF[c], RANK_OF[c]
        if c == QS:
            score = -5.0 if keep_queen else 100.0
        elif c in (AS, KS):
            score = 10.0 + rank if keep_queen else 80.0 + rank
        elif suit == SPADES:
            score = rank - 20.0  # low spades guard against Q♠: keep them
        elif suit == HEARTS:
            score = rank + (30.0 if rank >= 11 else 0.0)
        else:
            score = float(rank)
            if counts[suit] <= 2:
                score += 25.0 + (3 - counts[suit]) * 2  # clear out a short side suit
        scores[c] = score
    return scores


def top_three(view: SeatView, scores: dict[Card, float]) -> tuple[Card, Card, Card]:
    order = sorted(view.hand, key=scores.__getitem__, reverse=True)
    cut = scores[order[2]]
    sure = [c for c in order if scores[c] > cut]
    tied = [c for c in order if scores[c] == cut]
    if len(sure) + len(tied) > 3:
        tied = tiebreak.shuffled(view, tied)
    a, b, c = (sure + tied)[:3]
    return (a, b, c)
