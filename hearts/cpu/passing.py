"""Passing three cards: Medium's scheme, and the spade and heart scores Hard shares.

Each card gets a danger score and the three most dangerous are passed: Q♠ when the low
spades cannot guard it, A♠/K♠ when Q♠ is not kept, high hearts, and the cards of a short
side suit that can be cleared out to make a void.  Hard passes by its own plan
(:mod:`hearts.cpu.hard_passing`) on top of :func:`spade_or_heart_score`.
"""

from __future__ import annotations

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from . import tiebreak
from .seatview import SeatView
from .tables import AS, KS, QS

QUEEN_GUARDS = 3  # low spades (below Q♠) needed to keep Q♠
HIGH_HEART = 11  # J♥ and above are passed …
HIGH_HEART_BONUS = 30.0  # … ahead of every plain club or diamond


def low_spades(hand: list[Card] | tuple[Card, ...]) -> int:
    """The spades below Q♠: the guards that let Q♠ (or A♠/K♠) duck a spade lead."""
    return sum(1 for c in hand if SUIT_OF[c] == SPADES and c < QS)


def spade_or_heart_score(c: Card, keep_queen: bool, high_spades_guarded: bool) -> float | None:
    """The danger of keeping a spade or a heart; ``None`` for clubs and diamonds."""
    suit, rank = SUIT_OF[c], RANK_OF[c]
    if c == QS:
        return -5.0 if keep_queen else 100.0
    if c in (AS, KS):
        return (10.0 if high_spades_guarded else 80.0) + rank
    if suit == SPADES:
        return rank - 20.0  # low spades guard against Q♠: keep them
    if suit == HEARTS:
        return rank + (HIGH_HEART_BONUS if rank >= HIGH_HEART else 0.0)
    return None


def pass_scores(hand: tuple[Card, ...], guards_needed: int = QUEEN_GUARDS) -> dict[Card, float]:
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[SUIT_OF[c]] += 1
    keep_queen = QS in hand and low_spades(hand) >= guards_needed
    scores: dict[Card, float] = {}
    for c in hand:
        score = spade_or_heart_score(c, keep_queen, keep_queen)
        if score is None:
            score = float(RANK_OF[c])
            if counts[SUIT_OF[c]] <= 2:
                score += 25.0 + (3 - counts[SUIT_OF[c]]) * 2  # clear out a short side suit
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
