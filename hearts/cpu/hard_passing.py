"""Hard's pass: three cards picked one at a time, each pick re-reading the suit lengths.

Greedy, not a search over the 286 possible passes: every round scores each card for how
dangerous it is to keep in the hand that is left, passes the worst, and scores again.
That way a short club or diamond suit is passed out completely (a void to discard Q♠ and
hearts on), and a card that only looked dangerous while its suit was long stays home.
Clubs need one pass fewer to void: the first trick takes a club from every hand that has one.
"""

from __future__ import annotations

from ..cards import CLUBS, RANK_OF, SUIT_OF, TWO_OF_CLUBS, Card
from . import passing, tiebreak
from .seatview import SeatView
from .tables import QS

QUEEN_GUARDS = 2  # spades below Q♠ that make keeping her safe (Medium wants three)
HIGH_SPADE_GUARDS = 4  # spades below Q♠ that let A♠/K♠ duck every spade lead
VOID_BONUS = 40.0  # a club or diamond whose suit the pass can empty goes before high hearts


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    kept = list(view.hand)
    passed: list[Card] = []
    while len(passed) < 3:
        scores = keep_danger(kept, 3 - len(passed))
        card = tiebreak.best(view, kept, scores.__getitem__)
        kept.remove(card)
        passed.append(card)
    a, b, c = passed
    return (a, b, c)


def keep_danger(hand: list[Card], passes_left: int) -> dict[Card, float]:
    """How much worse the hand is for keeping each card (higher = pass it first)."""
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[SUIT_OF[c]] += 1
    guards = passing.low_spades(hand)
    keep_queen = QS in hand and guards >= QUEEN_GUARDS
    high_guarded = keep_queen or guards >= HIGH_SPADE_GUARDS
    scores: dict[Card, float] = {}
    for c in hand:
        score = passing.spade_or_heart_score(c, keep_queen, high_guarded)
        scores[c] = side_suit_score(c, counts, passes_left) if score is None else score
    return scores


def side_suit_score(c: Card, counts: list[int], passes_left: int) -> float:
    """A club or diamond: its rank, and a bonus while the pass can still empty its suit."""
    if c == TWO_OF_CLUBS:
        return -10.0  # it leads the first trick: passing it wins nothing
    suit = SUIT_OF[c]
    to_void = counts[suit] - (1 if suit == CLUBS else 0)  # one club goes on trick 1
    bonus = VOID_BONUS - to_void if 0 < to_void <= passes_left else 0.0
    return RANK_OF[c] + bonus
