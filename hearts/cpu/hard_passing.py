"""Hard's pass: three cards picked one at a time, each pick re-reading the suit lengths.

Greedy, not a search over the 286 possible passes: every round scores each card for how
dangerous it is to keep in the hand that is left, passes the worst, and scores again.
That way a short club or diamond suit is passed out completely (a void to discard Q♠ and
hearts on), and a card that only looked dangerous while its suit was long stays home.
Clubs need one pass fewer to void: the first trick takes a club from every hand that has one.
"""

from __future__ import annotations

from ..cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_OF, TWO_OF_CLUBS, Card
from . import tiebreak
from .seatview import SeatView
from .tables import AS, KS, QS

QUEEN_GUARDS = 2  # spades below Q♠ that make keeping her safe (Medium wants three)
HIGH_SPADE_GUARDS = 4  # spades below Q♠ that let A♠/K♠ duck every spade lead
VOID_BONUS = 40.0  # a club or diamond whose suit the pass can empty goes before high hearts
HIGH_HEART = 11  # J♥ and above are passed …
HIGH_HEART_BONUS = 30.0  # … ahead of every plain club or diamond


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
    low_spades = sum(1 for c in hand if SUIT_OF[c] == SPADES and c < QS)
    keep_queen = QS in hand and low_spades >= QUEEN_GUARDS
    scores: dict[Card, float] = {}
    for c in hand:
        suit, rank = SUIT_OF[c], RANK_OF[c]
        if c == QS:
            score = -5.0 if keep_queen else 100.0
        elif c in (AS, KS):
            guarded = keep_queen or low_spades >= HIGH_SPADE_GUARDS
            score = (10.0 if guarded else 80.0) + rank
        elif suit == SPADES:
            score = rank - 20.0  # low spades guard against Q♠: keep them
        elif suit == HEARTS:
            score = rank + (HIGH_HEART_BONUS if rank >= HIGH_HEART else 0.0)
        elif c == TWO_OF_CLUBS:
            score = -10.0  # it leads the first trick: passing it wins nothing
        else:
            score = float(rank)
            to_void = counts[suit] - (1 if suit == CLUBS else 0)  # one club goes on trick 1
            if suit in (CLUBS, DIAMONDS) and 0 < to_void <= passes_left:
                score += VOID_BONUS - to_void
        scores[c] = score
    return scores
