"""The facts Hard's learned evaluation scores, by name.

Every card of a decision gets a row of :data:`FEATURES` numbers
(:mod:`hearts.cpu.hard_rows` reads them from the :class:`SeatView`).  The row is a run of
blocks, each a ``NamedTuple`` whose fields are its columns in order.  Three blocks mean
the same in every situation (:class:`CardFacts`, :class:`HandFacts`, :class:`PickFacts`);
columns 12–19 and 35–43 are the situation's own: leading (:class:`LeadTrick`,
:class:`RuleScore`, :class:`LeadPlan`), following suit (:class:`FollowTrick`,
:class:`FollowDuck`) or discarding (:class:`DiscardTrick`, :class:`RuleScore`,
:class:`DiscardShed`).  A ``spare_N`` column is always zero (kept so each situation's row
has the same length and place for the facts it shares).

The column names, their order and the context columns (:data:`CONTEXT`) are the schema a
fitted table belongs to (:func:`schema`): ``hard_weights.SCHEMA`` is its digest, and a
test fails when the two part.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import SUIT_OF, Card
from .seatview import SeatView

LEAD, FOLLOW, DISCARD = 0, 1, 2
SITUATIONS = ("lead", "follow", "discard")


class CardFacts(NamedTuple):
    """Columns 0–11, every situation: the card and its suit."""

    pick: float  # the card Hard's rules play
    rank: float  # its rank / 14
    queen_of_spades: float
    heart: float
    spade_top_queen_out: float  # A♠ or K♠ while Q♠ is in another hand
    suit_held: float  # our cards of its suit / 13
    out_below: float  # cards of its suit in other hands below it / 13
    out_above: float  # … above it / 13
    others_void: float  # other seats shown void in its suit / 3
    tricks_played: float  # / 13
    points: float  # its points / 13
    rank_late: float  # rank / 14 × tricks played / 13


class LeadTrick(NamedTuple):
    """Columns 12–19, leading."""

    certain_winner: float  # no card of its suit is out
    certain_loser: float  # every card of its suit out is above it (an exit)
    spade_below_queen_out: float  # a spade under Q♠, Q♠ in another hand
    spade_queen_out: float  # a spade while Q♠ is in another hand
    spare_16: float = 0.0
    spare_17: float = 0.0
    spare_18: float = 0.0
    spare_19: float = 0.0


class FollowTrick(NamedTuple):
    """Columns 12–19, following suit."""

    takes: float  # beats the trick's winning card
    takes_points: float  # the trick's points / 13 where it takes
    plays_last: float
    takes_last: float  # takes, the trick's last card
    certain_take: float  # takes, and no seat after us can beat it
    takes_voids_after: float  # seats after us void in the suit / 3, where it takes
    takes_seats_after: float  # seats after us / 3, where it takes
    takes_spade_queen_out: float  # takes with a spade while Q♠ is in another hand


class DiscardTrick(NamedTuple):
    """Columns 12–19, discarding."""

    makes_void: float  # our last card of its suit
    points_to_winner: float  # its points × points the trick's winner holds / 169
    spade_rank_queen_out: float  # a spade's rank / 14 while Q♠ is in another hand
    trick_points: float  # the trick's points / 13
    plays_last: float
    spare_17: float = 0.0
    spare_18: float = 0.0
    spare_19: float = 0.0


class HandFacts(NamedTuple):
    """Columns 20–34, every situation: our hand and the points taken."""

    spade_holding_queen: float  # a spade, Q♠ in our hand
    lowest_of_suit: float  # our lowest card of its suit
    highest_of_suit: float  # our highest card of its suit
    last_of_suit: float  # playing it makes a void
    pick_late: float  # pick × tricks played / 13
    pick_hearts_broken: float
    share_above: float  # of its suit's cards out, the share above it
    suit_out: float  # cards of its suit out / 13
    held_below: float  # our cards of its suit below it / 13
    my_points: float  # points we took / 26
    pick_my_points: float
    most_other_points: float  # most points another seat took / 26
    pick_points_left: float  # pick × points not yet taken / 26
    spade_above_queen_out: float  # A♠ or K♠ while Q♠ is in another hand
    heart_unbroken: float  # a heart before hearts are broken


class RuleScore(NamedTuple):
    """Columns 35–37, leading and discarding: the rules' own score of the card."""

    rule_score: float  # / 100 leading, / 60 discarding
    rule_top: float  # the rules score no card higher
    rule_behind: float  # how far below the rules' best, on the same scale


class LeadPlan(NamedTuple):
    """Columns 38–43, leading."""

    above_others_void: float  # share above × other seats void in its suit / 3
    void_plan: float  # a club or a diamond while burdened (the rules' void plan)
    void_plan_length: float  # … × our cards of its suit / 13
    spade_below_own_queen: float  # a spade under our own Q♠
    exit: float  # certain_loser again, fitted with its rank below
    exit_rank: float  # an exit's rank / 14


class FollowDuck(NamedTuple):
    """Columns 35–43, following suit: taking the trick or passing up a duck."""

    highest_duck: float  # our highest card under the winning one
    passes_up_duck: float  # does not take, though we could have ducked
    takes_open_above: float  # takes × share above × seats after us not void / 3
    takes_holding_queen: float  # takes with a spade, Q♠ in our hand
    ducks_points: float  # does not take × the trick's points / 13
    takes_points_left: float  # takes × points not yet taken / 26
    takes_last_clean: float  # takes a clean trick last: its rank / 14
    takes_side_voids_after: float  # takes a side suit, seats after us void, Q♠ out
    rank_over_winner: float  # (its rank − the winning rank) / 14


class DiscardShed(NamedTuple):
    """Columns 38–43, discarding."""

    heart_trick_points: float  # a heart: the trick's points / 13
    share_above_again: float  # share_above, fitted again among the discard's facts
    doubleton: float  # one of our two cards of its suit
    points_to_leader: float  # its points × most points another seat took / 13
    spare_42: float = 0.0
    spare_43: float = 0.0


class PickFacts(NamedTuple):
    """Columns 44–45, every situation."""

    pick_last: float  # the rules' pick, the trick's last card
    pick_suit_held: float  # the rules' pick × our cards of its suit / 13


COLUMNS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        *CardFacts._fields,
        *LeadTrick._fields,
        *HandFacts._fields,
        *RuleScore._fields,
        *LeadPlan._fields,
        *PickFacts._fields,
    ),
    (
        *CardFacts._fields,
        *FollowTrick._fields,
        *HandFacts._fields,
        *FollowDuck._fields,
        *PickFacts._fields,
    ),
    (
        *CardFacts._fields,
        *DiscardTrick._fields,
        *HandFacts._fields,
        *RuleScore._fields,
        *DiscardShed._fields,
        *PickFacts._fields,
    ),
)
FEATURES = len(COLUMNS[LEAD])

# A linear score of the facts alone lost to the rules: whether a card is the rules' pick,
# and a few facts of its situation, change what every other fact is worth.  So a row also
# holds every fact times each of its situation's context facts (docs/strength.md).
CONTEXT: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    # A linear lead on the facts alone lost at the table (−0.14 pts/hand); with these it wins.
    (
        "pick",
        "heart",
        "certain_loser",
        "lowest_of_suit",
        "highest_of_suit",
        "void_plan",
        "certain_winner",
    ),
    # Following: +0.06 pts/hand vs 3 Hard with them.
    ("pick", "takes", "plays_last", "lowest_of_suit", "highest_of_suit", "passes_up_duck"),
    (
        "pick",
        "heart",
        "makes_void",
        "plays_last",
        "rule_top",
        "lowest_of_suit",
        "highest_of_suit",
    ),
)


def column(where: int, name: str) -> int:
    """The place of the fact ``name`` in a row of situation ``where``."""
    return COLUMNS[where].index(name)


def schema() -> str:
    """The columns of each situation and its context columns, in order: what a table fits."""
    return "\n".join(
        f"{name}: {' '.join(columns)} | {' '.join(context)}"
        for name, columns, context in zip(SITUATIONS, COLUMNS, CONTEXT, strict=True)
    )


def situation(view: SeatView, legal: tuple[Card, ...]) -> int:
    trick = view.current_trick
    if not trick:
        return LEAD
    return FOLLOW if SUIT_OF[legal[0]] == SUIT_OF[trick[0][1]] else DISCARD
