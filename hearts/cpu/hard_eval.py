"""Hard's learned evaluation of each legal card (issue 24): a linear score of counted facts.

No search and no sampling (R21, R25): every feature is read from the :class:`SeatView`
through :class:`~hearts.cpu.knowledge.Knowledge` (our hand, the cards still out, voids
shown, the trick on the table, points taken), plus whether the card is the one Hard's
rules would play and, leading or discarding, the rules' own score of it.  The weights are
a :class:`PlayTable` given to :func:`choose`; the shipped one (:data:`SHIPPED`, from
:mod:`hearts.cpu.hard_weights`) was fitted by ``make learn-hard`` to the card values a
search teacher (``tools/teacher.py``, never shipped) found on positions from self-play;
one weight vector per situation: leading, following suit, discarding.  A situation uses
its weights only where they beat the rules on held-out positions and in play, and its
best card overrules the rules' only by the situation's margin.  Equal scores fall to the
game seed (R24).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import HEARTS, POINTS_OF, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points, winning_play
from . import hard_weights, tiebreak
from .hard_follow import discard_danger
from .hard_lead import burdened, lead_scorer
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS, SUIT_MASK

LEAD, FOLLOW, DISCARD = 0, 1, 2
BASE = 24  # the facts of the first table (issue 24, discards only)
FEATURES = BASE + 22  # and those added for leads: the rules' own scores, pace, points
# Following, a linear score of the facts alone lost to the rules: whether a card is the
# rules' pick, takes the trick, plays last, is our lowest or highest of the suit, or passes
# up a duck changes what every other fact is worth.  So a follow's row also holds every
# fact times each of these context facts (issue 24: +0.06 pts/hand vs 3 Hard, README).
FOLLOW_CONTEXT = (0, 12, 14, 21, 22, 36)
# Leading, the same holds for the rules' pick, a heart, a certain loser (an exit), our
# lowest or highest of the suit, a card of the void plan and a certain winner: a linear
# lead on the facts alone lost at the table (−0.14 pts/hand), with their products it wins.
LEAD_CONTEXT = (0, 3, 13, 21, 22, 39, 12)
# Discarding: the rules' pick, a heart, a card that makes a void, playing last, the card
# the rules' danger score puts first, our lowest and our highest of the suit.
DISCARD_CONTEXT = (0, 3, 12, 16, 36, 21, 22)
CONTEXT = (LEAD_CONTEXT, FOLLOW_CONTEXT, DISCARD_CONTEXT)  # per situation
WIDTH = tuple(FEATURES * (1 + len(c)) for c in CONTEXT)  # a row's length, per situation


@dataclass(frozen=True, slots=True)
class PlayTable:
    """Fitted weights per situation (lead, follow, discard), one per number of a row."""

    weights: tuple[tuple[float, ...], ...]
    use: tuple[bool, bool, bool]  # where the weights decide (elsewhere the rules do)
    margin: tuple[float, float, float]  # by how much their card must beat the rules'


SHIPPED = PlayTable(hard_weights.WEIGHTS, hard_weights.USE, hard_weights.MARGIN)


def situation(view: SeatView, legal: tuple[Card, ...]) -> int:
    trick = view.current_trick
    if not trick:
        return LEAD
    return FOLLOW if SUIT_OF[legal[0]] == SUIT_OF[trick[0][1]] else DISCARD


def learned(view: SeatView, legal: tuple[Card, ...], table: PlayTable = SHIPPED) -> bool:
    """Whether ``table``'s weights decide in this situation (else the rules do)."""
    return table.use[situation(view, legal)]


def features(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> tuple[int, list[list[float]]]:
    """The situation and one row of ``WIDTH[situation]`` numbers per card of ``legal``."""
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
    ducks = [c for c in legal if c < winning] if where == FOLLOW else []
    highest_duck = max(ducks) if ducks else None
    taken = view.points_taken
    pts_mine = taken[seat] / 26
    pts_most_other = max(taken[s] for s in others) / 26
    pts_left = (26 - sum(taken)) / 26
    last = 1.0 if len(trick) == 3 else 0.0
    rule_scores: list[float] = []
    plan_on = where == LEAD and burdened(view, k)
    if where != FOLLOW:
        rule_score = lead_scorer(view, k) if where == LEAD else discard_danger(k)
        rule_scores = [rule_score(c) for c in legal]
    rule_top = max(rule_scores) if rule_scores else 0.0
    scale = 100.0 if where == LEAD else 60.0
    rows = []
    for index, c in enumerate(legal):
        suit, rank = SUIT_OF[c], RANK_OF[c]
        out = k.out_in(suit)
        below = (out & BELOW[c]).bit_count()
        above = (out & ABOVE[c]).bit_count()
        share_above = above / (above + below) if above + below else 0.0
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
        # Facts added for the lead (the same columns in every situation, fitted per situation).
        is_pick = row[0]
        row[24] = is_pick * played / 13
        row[25] = is_pick if view.hearts_broken else 0.0
        row[26] = share_above
        row[27] = out.bit_count() / 13
        row[28] = (mine & BELOW[c]).bit_count() / 13
        row[29] = pts_mine
        row[30] = is_pick * pts_mine
        row[31] = pts_most_other
        row[32] = is_pick * pts_left
        row[33] = 1.0 if queen_out and suit == SPADES and c > QS else 0.0
        row[34] = 1.0 if suit == HEARTS and not view.hearts_broken else 0.0
        if where == FOLLOW:
            takes = 1.0 if c > winning else 0.0
            open_after = len(after) - k.voids_among(after, suit)
            row[35] = 1.0 if c == highest_duck else 0.0
            row[36] = 1.0 if not takes and ducks else 0.0
            row[37] = takes * share_above * open_after / 3
            row[38] = takes if suit == SPADES and QS in view.hand else 0.0
            row[39] = (1.0 - takes) * points / 13
            row[40] = takes * pts_left
            row[41] = takes * rank / 14 if not after and points == 0 else 0.0
            side_suit = queen_out and suit != SPADES  # a void after us could dump Q♠ on it
            row[42] = takes * k.voids_among(after, suit) / 3 if side_suit else 0.0
            row[43] = (rank - RANK_OF[winning]) / 14
        else:
            rule = rule_scores[index]
            row[35] = rule / scale  # the rules' own score of the card
            row[36] = 1.0 if rule == rule_top else 0.0
            row[37] = (rule - rule_top) / scale
            if where == LEAD:
                plan = 1.0 if plan_on and suit < SPADES else 0.0
                exit_card = 1.0 if out and not below else 0.0
                row[38] = share_above * k.voids_among(others, suit) / 3
                row[39] = plan
                row[40] = plan * k.counts[suit] / 13
                row[41] = 1.0 if suit == SPADES and c < QS and QS in view.hand else 0.0
                row[42] = exit_card
                row[43] = exit_card * rank / 14
            else:
                row[38] = points / 13 if suit == HEARTS else 0.0
                row[39] = share_above
                row[40] = 1.0 if k.counts[suit] == 2 else 0.0
                row[41] = POINTS_OF[c] * pts_most_other / 13
        row[44] = is_pick * last
        row[45] = is_pick * k.counts[suit] / 13
        rows.append(with_context(row, CONTEXT[where]))
    return where, rows


def with_context(row: list[float], context: tuple[int, ...]) -> list[float]:
    """``row`` followed by every fact of it times each ``context`` fact."""
    out = row[:]
    for c in context:
        x = row[c]
        out.extend([x * f for f in row] if x else [0.0] * FEATURES)
    return out


def choose(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card, table: PlayTable = SHIPPED
) -> Card:
    """The card of ``legal`` the ``table``'s weights score highest (ties: the game seed), if
    it beats the rules' ``pick`` by at least the situation's margin; else ``pick``."""
    where, rows = features(view, legal, k, pick)
    weights = table.weights[where]
    scores = {
        c: sum(w * x for w, x in zip(weights, row, strict=True))
        for c, row in zip(legal, rows, strict=True)
    }
    best = tiebreak.best(view, legal, scores.__getitem__)
    return best if scores[best] - scores[pick] >= table.margin[where] else pick
