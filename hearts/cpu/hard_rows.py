"""Hard's facts of each legal card read from the position, one function per
situation: :func:`lead_rows`, :func:`follow_rows`, :func:`discard_rows`.

Each reads the :class:`SeatView` through :class:`~hearts.cpu.knowledge.Knowledge` (our
hand, the cards still out, voids shown, the trick on the table, points taken) and fills
the named blocks of :mod:`hearts.cpu.hard_facts` for every card; :func:`row` lays a card's
blocks out in the order of ``hard_facts.COLUMNS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..cards import HEARTS, POINTS_OF, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points, winning_play
from .hard_facts import (
    CardFacts,
    DiscardShed,
    DiscardTrick,
    FollowDuck,
    FollowTrick,
    HandFacts,
    LeadPlan,
    LeadTrick,
    PickFacts,
    RuleScore,
)
from .hard_follow import discard_danger
from .hard_lead import burdened, lead_scorer
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS, SUIT_MASK


@dataclass(frozen=True, slots=True)
class Position:
    """What every card of one decision shares."""

    view: SeatView
    k: Knowledge
    pick: Card
    others: list[int]
    played: int  # tricks played
    pts_mine: float
    pts_most_other: float
    pts_left: float
    last: float  # 1.0 when our card is the trick's last


def position(view: SeatView, k: Knowledge, pick: Card) -> Position:
    seat = view.seat
    others = [(seat + i) % 4 for i in (1, 2, 3)]
    taken = view.points_taken
    return Position(
        view,
        k,
        pick,
        others,
        len(view.tricks),
        taken[seat] / 26,
        max(taken[s] for s in others) / 26,
        (26 - sum(taken)) / 26,
        1.0 if len(view.current_trick) == 3 else 0.0,
    )


class OnTable(NamedTuple):
    """The trick we follow or discard to."""

    win_seat: int
    winning: Card  # the card winning it so far
    points: int
    after: list[int]  # the seats still to play after us


def on_table(view: SeatView) -> OnTable:
    trick = view.current_trick
    win_seat, winning = winning_play(trick)
    after = [(view.seat + i) % 4 for i in range(1, 4 - len(trick))]
    return OnTable(win_seat, winning, trick_points(trick), after)


class Counted(NamedTuple):
    """A card's suit and rank, and the cards of its suit still out and ours."""

    suit: int
    rank: int
    out: int  # mask of its suit's cards in other hands
    below: int  # how many of them are below it
    above: int
    share_above: float
    mine: int  # mask of our cards of its suit


def counted(p: Position, c: Card) -> Counted:
    suit = SUIT_OF[c]
    out = p.k.out_in(suit)
    below = (out & BELOW[c]).bit_count()
    above = (out & ABOVE[c]).bit_count()
    share_above = above / (above + below) if above + below else 0.0
    return Counted(suit, RANK_OF[c], out, below, above, share_above, p.k.mine & SUIT_MASK[suit])


def row(
    p: Position, c: Card, n: Counted, trick: tuple[float, ...], own: tuple[float, ...]
) -> list[float]:
    """``c``'s row: the shared blocks around its situation's ``trick`` (columns 12–19) and
    ``own`` (35–43) facts."""
    k, view, queen_out = p.k, p.view, p.k.queen_out
    is_pick = 1.0 if c == p.pick else 0.0
    card = CardFacts(
        pick=is_pick,
        rank=n.rank / 14,
        queen_of_spades=1.0 if c == QS else 0.0,
        heart=1.0 if n.suit == HEARTS else 0.0,
        spade_top_queen_out=1.0 if queen_out and c in (AS, KS) else 0.0,
        suit_held=k.counts[n.suit] / 13,
        out_below=n.below / 13,
        out_above=n.above / 13,
        others_void=k.voids_among(p.others, n.suit) / 3,
        tricks_played=p.played / 13,
        points=POINTS_OF[c] / 13,
        rank_late=n.rank / 14 * p.played / 13,
    )
    hand = HandFacts(
        spade_holding_queen=1.0 if n.suit == SPADES and QS in view.hand else 0.0,
        lowest_of_suit=0.0 if n.mine & BELOW[c] else 1.0,
        highest_of_suit=0.0 if n.mine & ABOVE[c] else 1.0,
        last_of_suit=1.0 if k.counts[n.suit] == 1 else 0.0,
        pick_late=is_pick * p.played / 13,
        pick_hearts_broken=is_pick if view.hearts_broken else 0.0,
        share_above=n.share_above,
        suit_out=n.out.bit_count() / 13,
        held_below=(n.mine & BELOW[c]).bit_count() / 13,
        my_points=p.pts_mine,
        pick_my_points=is_pick * p.pts_mine,
        most_other_points=p.pts_most_other,
        pick_points_left=is_pick * p.pts_left,
        spade_above_queen_out=1.0 if queen_out and n.suit == SPADES and c > QS else 0.0,
        heart_unbroken=1.0 if n.suit == HEARTS and not view.hearts_broken else 0.0,
    )
    pace = PickFacts(
        pick_last=is_pick * p.last,
        pick_suit_held=is_pick * k.counts[n.suit] / 13,
    )
    return [*card, *trick, *hand, *own, *pace]


def rule_scores(scores: list[float], scale: float) -> list[RuleScore]:
    """Each card's :class:`RuleScore` from the rules' ``scores`` of the cards."""
    top = max(scores)
    return [RuleScore(s / scale, 1.0 if s == top else 0.0, (s - top) / scale) for s in scores]


def lead_rows(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> list[list[float]]:
    p = position(view, k, pick)
    score = lead_scorer(view, k)
    rules = rule_scores([score(c) for c in legal], 100.0)
    plan_on = burdened(view, k)
    queen_out = k.queen_out
    rows = []
    for c, rule in zip(legal, rules, strict=True):
        n = counted(p, c)
        exit_card = 1.0 if n.out and not n.below else 0.0
        plan = 1.0 if plan_on and n.suit < SPADES else 0.0
        spade = n.suit == SPADES
        trick = LeadTrick(
            certain_winner=1.0 if not n.out else 0.0,
            certain_loser=exit_card,
            spade_below_queen_out=(
                1.0 if queen_out and spade and c < QS and QS not in view.hand else 0.0
            ),
            spade_queen_out=1.0 if spade and queen_out else 0.0,
        )
        lead_plan = LeadPlan(
            above_others_void=n.share_above * k.voids_among(p.others, n.suit) / 3,
            void_plan=plan,
            void_plan_length=plan * k.counts[n.suit] / 13,
            spade_below_own_queen=1.0 if spade and c < QS and QS in view.hand else 0.0,
            exit=exit_card,
            exit_rank=exit_card * n.rank / 14,
        )
        rows.append(row(p, c, n, trick, (*rule, *lead_plan)))
    return rows


def follow_rows(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> list[list[float]]:
    p = position(view, k, pick)
    _, winning, points, after = on_table(view)
    ducks = [c for c in legal if c < winning]
    highest_duck = max(ducks) if ducks else None
    queen_out = k.queen_out
    rows = []
    for c in legal:
        n = counted(p, c)
        wins = c > winning
        takes = 1.0 if wins else 0.0
        voids_after = k.voids_among(after, n.suit)
        sure = wins and (not n.above or all(k.void(s, n.suit) for s in after))
        follow = FollowTrick(
            takes=takes,
            takes_points=points / 13 if wins else 0.0,
            plays_last=0.0 if after else 1.0,
            takes_last=1.0 if wins and not after else 0.0,
            certain_take=1.0 if sure else 0.0,
            takes_voids_after=voids_after / 3 if wins else 0.0,
            takes_seats_after=len(after) / 3 if wins else 0.0,
            takes_spade_queen_out=1.0 if wins and queen_out and n.suit == SPADES else 0.0,
        )
        side_suit = queen_out and n.suit != SPADES  # a void after us could dump Q♠ on it
        duck = FollowDuck(
            highest_duck=1.0 if c == highest_duck else 0.0,
            passes_up_duck=1.0 if not takes and ducks else 0.0,
            takes_open_above=takes * n.share_above * (len(after) - voids_after) / 3,
            takes_holding_queen=takes if n.suit == SPADES and QS in view.hand else 0.0,
            ducks_points=(1.0 - takes) * points / 13,
            takes_points_left=takes * p.pts_left,
            takes_last_clean=takes * n.rank / 14 if not after and points == 0 else 0.0,
            takes_side_voids_after=takes * voids_after / 3 if side_suit else 0.0,
            rank_over_winner=(n.rank - RANK_OF[winning]) / 14,
        )
        rows.append(row(p, c, n, follow, duck))
    return rows


def discard_rows(
    view: SeatView, legal: tuple[Card, ...], k: Knowledge, pick: Card
) -> list[list[float]]:
    p = position(view, k, pick)
    win_seat, _, points, after = on_table(view)
    win_taken = view.points_taken[win_seat]
    danger = discard_danger(k)
    rules = rule_scores([danger(c) for c in legal], 60.0)
    queen_out = k.queen_out
    rows = []
    for c, rule in zip(legal, rules, strict=True):
        n = counted(p, c)
        discard = DiscardTrick(
            makes_void=1.0 if k.counts[n.suit] == 1 else 0.0,
            points_to_winner=POINTS_OF[c] * win_taken / 169,
            spade_rank_queen_out=n.rank / 14 if n.suit == SPADES and queen_out else 0.0,
            trick_points=points / 13,
            plays_last=0.0 if after else 1.0,
        )
        shed = DiscardShed(
            heart_trick_points=points / 13 if n.suit == HEARTS else 0.0,
            share_above_again=n.share_above,
            doubleton=1.0 if k.counts[n.suit] == 2 else 0.0,
            points_to_leader=POINTS_OF[c] * p.pts_most_other / 13,
        )
        rows.append(row(p, c, n, discard, (*rule, *shed)))
    return rows


ROWS = (lead_rows, follow_rows, discard_rows)  # per situation
