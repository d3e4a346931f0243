"""Hard's learned evaluation of each legal card (issue 24): a linear score of counted facts.

No search and no sampling (R21, R25): every feature is read from the :class:`SeatView`
through :class:`~hearts.cpu.knowledge.Knowledge` (our hand, the cards still out, voids
shown, the trick on the table, points taken), plus whether the card is the one Hard's
rules would play.  The weights (:mod:`hearts.cpu.hard_weights`) were fitted by
``make learn-hard`` to the card values a search teacher (``tools/teacher.py``, never
shipped) found on positions from self-play; one weight vector per situation: leading,
following suit, discarding.  Equal scores fall to the game seed (R24).
"""

from __future__ import annotations

from ..cards import HEARTS, POINTS_OF, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points, winning_play
from . import tiebreak
from .hard_weights import USE, WEIGHTS
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS, SUIT_MASK

LEAD, FOLLOW, DISCARD = 0, 1, 2
FEATURES = 24


def situation(view: SeatView, legal: tuple[Card, ...]) -> int:
    trick = view.current_trick
    if not trick:
        return LEAD
    return FOLLOW if SUIT_OF[legal[0]] == SUIT_OF[trick[0][1]] else DISCARD


def learned(view: SeatView, legal: tuple[Card, ...]) -> bool:
    """Whether the fitted weights decide in this situation (else the rules do)."""
    return USE[situation(view, legal)]


def features(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> tuple[int, list[list[float]]]:
    """The situation and one row of :data:`FEATURES` numbers per card of ``legal``."""
    where = situation(view, legal)
    trick = view.current_trick
    seat = view.seat
    others = [(seat + i) % 4 for i in (1, 2, 3)]
    played = len(view.tricks)
    queen_out = k.queen_out
    winning = -1
    points = 0
    after: list[int] = []
    win_taken = 0
    if trick:
        win_seat, winning = winning_play(trick)
        points = trick_points(trick)
        after = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
        win_taken = view.points_taken[win_seat]
    rows = []
    for c in legal:
        suit, rank = SUIT_OF[c], RANK_OF[c]
        out = k.out_in(suit)
        below = (out & BELOW[c]).bit_count()
        above = (out & ABOVE[c]).bit_count()
        row = [0.0] * FEATURES
        row[0] = 1.0 if c == pick else 0.0
        row[1] = rank / 14
        row[2] = 1.0 if c == QS else 0.0
        row[3] = 1.0 if suit == HEARTS else 0.0
        row[4] = 1.0 if queen_out and c in (AS, KS) else 0.0
        row[5] = k.counts[suit] / 13
        row[6] = below / 13
        row[7] = above / 13
        row[8] = k.voids_among(others, suit) / 3
        row[9] = played / 13
        row[10] = POINTS_OF[c] / 13
        row[11] = rank / 14 * played / 13
        mine = k.mine & SUIT_MASK[suit]
        row[20] = 1.0 if suit == SPADES and QS in view.hand else 0.0
        row[21] = 0.0 if mine & BELOW[c] else 1.0  # our lowest card of the suit
        row[22] = 0.0 if mine & ABOVE[c] else 1.0  # our highest card of the suit
        row[23] = 1.0 if k.counts[suit] == 1 else 0.0  # playing it makes a void
        if where == LEAD:
            row[12] = 1.0 if not out else 0.0
            row[13] = 1.0 if out and not below else 0.0
            row[14] = (
                1.0 if queen_out and suit == SPADES and c < QS and QS not in view.hand else 0.0
            )
            row[15] = 1.0 if suit == SPADES and queen_out else 0.0
        elif where == FOLLOW:
            wins = c > winning
            sure = wins and (not above or all(k.void(s, suit) for s in after))
            row[12] = 1.0 if wins else 0.0
            row[13] = points / 13 if wins else 0.0
            row[14] = 0.0 if after else 1.0
            row[15] = 1.0 if wins and not after else 0.0
            row[16] = 1.0 if sure else 0.0
            row[17] = k.voids_among(after, suit) / 3 if wins else 0.0
            row[18] = len(after) / 3 if wins else 0.0
            row[19] = 1.0 if wins and queen_out and suit == SPADES else 0.0
        else:
            row[12] = 1.0 if k.counts[suit] == 1 else 0.0
            row[13] = POINTS_OF[c] * win_taken / 169
            row[14] = rank / 14 if suit == SPADES and queen_out else 0.0
            row[15] = points / 13
            row[16] = 0.0 if after else 1.0
        rows.append(row)
    return where, rows


def choose(view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card) -> Card:
    """The card of ``legal`` the learned weights score highest (ties: the game seed)."""
    where, rows = features(view, legal, k, pick)
    weights = WEIGHTS[where]
    scores = {
        c: sum(w * x for w, x in zip(weights, row, strict=True))
        for c, row in zip(legal, rows, strict=True)
    }
    return tiebreak.best(view, legal, scores.__getitem__)
