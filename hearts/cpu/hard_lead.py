"""Hard's lead: every allowed card scored from the counted facts, the best one led.

A card nobody can follow is a certain win (never, while anything else is allowed); a card
below every outstanding card of its suit is a certain loser, a safe exit, the highest such
card first since it sheds the most — but exits are scarce, so a likely loser that serves
a plan goes first and the exit is kept for later.  Otherwise a card scores by how likely
someone follows above it, less the seats known to be void in its suit (they could dump
Q♠ on it); a heart the more, the more lower hearts are still out (it sheds a future
winner while the others can still follow under it).  Once Q♠ has been played, a high card
of a short suit (club, diamond or spade) goes even before the exits, while enough of its
suit is out and nobody has shown a void in it: everyone follows, so it sheds a card that
would later win a trick with hearts dumped on it, and the exits are kept.  Two plans
shape the rest:

* burdened with Q♠, or with A♠/K♠ while Q♠ is out, Hard leads its shortest club or
  diamond suit (at most two cards, the higher card first) to make the void it will
  dump that burden on;
* holding nothing that could catch Q♠, it leads spades below her to flush her out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from . import tiebreak
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS, SPADES_ABOVE_QUEEN

SHORT_SUIT = 2  # a side suit this short is worth voiding when burdened
VOID_PLAN = 40.0  # per card the short suit is shorter than SHORT_SUIT + 1
FLUSH = 30.0
VOID_RISK = 8.0
CERTAIN_LOSER = 25.0  # a safe exit, but one worth keeping while a plan or a flush is on
# Hearts broken, a heart with lower hearts still out goes early, while the others can
# still follow under it, instead of an exit: kept, it wins a late heart trick anyway, often
# with a discard or Q♠ on it (a search teacher's leads pointed there; at the table
# +0.07..+0.10 against 3 Hard and +0.03 against 3 Medium on two seeds; 4 a card loses).
HEART_SHED = 2.0
# Q♠ played, not burdened: a high club, diamond or spade of a suit we hold at most
# SHORT_SUIT of goes before every exit while SHED_OUT or more of its suit are out and no
# other seat has shown a void in it (the teacher's leads' second bucket; at the
# table +0.03..+0.05 against 3 Hard and +0.01..+0.02 against 3 Medium on three seeds).
SHED_OUT = 4
SHORT_SHED = 15.0  # above the exits, so that the exits are kept for later


def burdened(view: SeatView, k: Knowledge) -> bool:
    """Holding Q♠, or A♠/K♠ while Q♠ is out: cards that want a void to be dumped on."""
    return QS in view.hand or (k.queen_out and bool(k.mine & SPADES_ABOVE_QUEEN))


def lead_scorer(view: SeatView, k: Knowledge) -> Callable[[Card], float]:
    """The rules' score of leading a card (higher is better); the learned lead reads it too."""
    others = [(view.seat + i) % 4 for i in (1, 2, 3)]
    void_plan = burdened(view, k)
    flush = k.queen_out and not k.mine & SPADES_ABOVE_QUEEN
    shed_short = not void_plan and not k.queen_out  # so Q♠ is gone: only hearts can land

    def score(c: Card) -> float:
        suit, rank = SUIT_OF[c], RANK_OF[c]
        out = k.out_in(suit)
        if not out:
            return -100.0 - rank  # nobody can follow: we win whatever is dumped
        below = (out & BELOW[c]).bit_count()
        if below == 0:
            return CERTAIN_LOSER + rank  # certain to lose: the highest such card sheds most
        if (
            shed_short
            and suit != HEARTS
            and k.counts[suit] <= SHORT_SUIT
            and out.bit_count() >= SHED_OUT
            and not k.voids_among(others, suit)
        ):
            return CERTAIN_LOSER + SHORT_SHED + rank
        if c == QS:
            return -80.0
        if k.queen_out and c in (AS, KS):
            return -60.0
        above = (out & ABOVE[c]).bit_count()
        # A follower with only higher cards must win it; the more of them, the likelier.
        score = 20.0 * (1.0 - (below / (above + below)) ** 2)
        score -= VOID_RISK * k.voids_among(others, suit) + 0.5 * rank
        if void_plan and suit < SPADES and k.counts[suit] <= SHORT_SUIT:
            score += VOID_PLAN * (SHORT_SUIT + 1 - k.counts[suit]) + 2.0 * rank
        if flush and suit == SPADES and c < QS:
            score += FLUSH  # we hold nothing that could catch Q♠: make her fall
        if suit == HEARTS:
            score += HEART_SHED * below
        return score

    return score


def choose_lead(view: SeatView, legal: tuple[Card, ...], k: Knowledge) -> Card:
    return tiebreak.best(view, legal, lead_scorer(view, k))
