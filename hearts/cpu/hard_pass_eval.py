"""Hard's learned pass: a linear score of the hand a pass keeps and what it gives.

The candidates are Hard's rule pass (:mod:`hearts.cpu.hard_passing`) and every three of
the six cards its first round scores most dangerous to keep: 20 or 21 passes.  Each gets
a row of counted facts of the kept hand (Q♠ and its guards, A♠/K♠, suit lengths, voids,
high and low cards, high hearts) and of the passed cards (their ranks, Q♠ or A♠/K♠ to the
left or right, the rules' danger scores), each column named in :class:`PassFacts`, and
the weights of a :class:`PassTable` score it: the shipped one (:data:`SHIPPED`,
:mod:`hearts.cpu.hard_pass_weights`, ``make learn-pass``) was fitted to what a search
found each candidate worth: every candidate played out in the same random layouts of the
unseen cards, by Hard in the seat and the field's level in the others
(``tools/pass_teacher.py``, never shipped).  Nothing here samples or searches (R21, R25):
the rows are read from our own hand.  The best candidate replaces the rules' pass only if
it scores more than the table's margin above it; equal scores fall to the game seed (R24).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from ..enums import Direction
from ..rng import SeedStream
from . import hard_pass_weights, hard_passing, passing
from .seatview import SeatView
from .tables import AS, KS, QS

Pass = tuple[Card, Card, Card]
TOP = 6  # candidates: any three of the six cards the rules most want to be rid of


class PassFacts(NamedTuple):
    """A candidate pass's columns, in order: the hand it keeps and the cards it gives."""

    rule_pass: float  # the rules' own pass
    queen_given: float
    queen_kept_guarded: float  # Q♠ kept: its low spades (at most 4) / 4
    queen_kept_bare: float  # Q♠ kept with at most one low spade
    ace_kept_no_queen: float  # A♠ kept without Q♠
    king_kept_no_queen: float
    top_spades_guarded: float  # A♠ and K♠ kept × their low spades / 4
    spades_kept: float  # / 13
    hearts_kept: float  # / 13
    high_hearts_kept: float  # J♥ and above / 3
    heart_ranks_kept: float  # / 100
    clubs_void: float  # voids and singletons the pass makes
    diamonds_void: float
    clubs_singleton: float
    diamonds_singleton: float
    clubs_high_kept: float  # ten and above / 3
    diamonds_high_kept: float
    ranks_given: float  # / 42
    danger_given: float  # the rules' own scores of what goes / 100
    queen_left: float  # Q♠ to the seat after us or before us (across: neither)
    queen_right: float
    top_spades_left: float  # A♠ and K♠ given, to the left / 2
    top_spades_right: float
    top_spades_given: float
    hearts_given: float  # / 3
    low_hearts_given: float  # six and below / 3
    shorter_minor: float  # the shorter of clubs and diamonds kept / 13
    lowest_heart: float  # the lowest heart kept's rank / 14
    clubs_kept: float  # / 13
    diamonds_kept: float
    clubs_top_kept: float  # the highest club kept's rank / 14
    diamonds_top_kept: float
    low_cards_kept: float  # five and below (exits) / 13
    high_cards_kept: float  # queen and above / 13
    queen_given_top_kept: float  # Q♠ given, A♠ or K♠ kept
    high_hearts_no_low: float  # high hearts kept without a low one
    top_spades_given_queen_kept: float  # A♠ and K♠ given while Q♠ is kept
    minor_ranks_given: float  # clubs and diamonds given / 42


FEATURES = len(PassFacts._fields)


@dataclass(frozen=True, slots=True)
class PassTable:
    """Fitted weights, one per column of :class:`PassFacts`."""

    weights: tuple[float, ...]
    use: bool  # whether they decide (else the rules' pass stands)
    margin: float  # how far above the rules' pass their best must score


SHIPPED = PassTable(hard_pass_weights.WEIGHTS, hard_pass_weights.USE, hard_pass_weights.MARGIN)


def schema() -> str:
    """The columns in order: what a table fits (``hard_pass_weights.SCHEMA`` is its digest)."""
    return " ".join(PassFacts._fields)


def candidates(view: SeatView, own: Pass, danger: dict[Card, float]) -> list[Pass]:
    """``own`` (the rules' pass) first, then every other three of the six cards ``danger``
    (the first round of the rules' pass) scores highest."""
    top = sorted(view.hand, key=lambda c: (-danger[c], c))[:TOP]
    out: list[Pass] = [own]
    seen = {frozenset(own)}
    for triple in itertools.combinations(top, 3):
        if frozenset(triple) not in seen:
            seen.add(frozenset(triple))
            out.append(triple)
    return out


def features(
    hand: tuple[Card, ...], passed: Pass, own: Pass, direction: Direction, danger: dict[Card, float]
) -> list[float]:
    """The facts of keeping ``hand`` minus ``passed`` and giving ``passed`` away."""
    given = set(passed)
    kept = [c for c in hand if c not in given]
    counts = [0, 0, 0, 0]
    for c in kept:
        counts[SUIT_OF[c]] += 1
    guards = passing.low_spades(kept)
    queen_kept = QS in kept
    high_spades_kept = (AS in kept) + (KS in kept)
    hearts = [RANK_OF[c] for c in kept if SUIT_OF[c] == HEARTS]
    high_hearts = sum(1 for r in hearts if r >= 11) / 3
    lowest_heart = min(hearts) / 14 if hearts else 0.0
    queen_given = 1.0 if QS in given else 0.0
    high_spades_given = ((AS in given) + (KS in given)) / 2
    left = 1.0 if direction == Direction.LEFT else 0.0
    right = 1.0 if direction == Direction.RIGHT else 0.0

    def kept_high(suit: int) -> float:
        return sum(1 for c in kept if SUIT_OF[c] == suit and RANK_OF[c] >= 10) / 3

    def kept_top(suit: int) -> float:
        return max((RANK_OF[c] for c in kept if SUIT_OF[c] == suit), default=0) / 14

    return list(
        PassFacts(
            rule_pass=1.0 if given == set(own) else 0.0,
            queen_given=queen_given,
            queen_kept_guarded=min(guards, 4) / 4 if queen_kept else 0.0,
            queen_kept_bare=1.0 if queen_kept and guards <= 1 else 0.0,
            ace_kept_no_queen=1.0 if AS in kept and not queen_kept else 0.0,
            king_kept_no_queen=1.0 if KS in kept and not queen_kept else 0.0,
            top_spades_guarded=high_spades_kept * min(guards, 4) / 4,
            spades_kept=counts[SPADES] / 13,
            hearts_kept=counts[HEARTS] / 13,
            high_hearts_kept=high_hearts,
            heart_ranks_kept=sum(hearts) / 100,
            clubs_void=1.0 if counts[CLUBS] == 0 else 0.0,
            diamonds_void=1.0 if counts[DIAMONDS] == 0 else 0.0,
            clubs_singleton=1.0 if counts[CLUBS] == 1 else 0.0,
            diamonds_singleton=1.0 if counts[DIAMONDS] == 1 else 0.0,
            clubs_high_kept=kept_high(CLUBS),
            diamonds_high_kept=kept_high(DIAMONDS),
            ranks_given=sum(RANK_OF[c] for c in passed) / 42,
            danger_given=sum(danger[c] for c in passed) / 100,
            queen_left=queen_given * left,
            queen_right=queen_given * right,
            top_spades_left=high_spades_given * left,
            top_spades_right=high_spades_given * right,
            top_spades_given=high_spades_given,
            hearts_given=sum(1 for c in passed if SUIT_OF[c] == HEARTS) / 3,
            low_hearts_given=sum(1 for c in passed if SUIT_OF[c] == HEARTS and RANK_OF[c] <= 6) / 3,
            shorter_minor=min(counts[CLUBS], counts[DIAMONDS]) / 13,
            lowest_heart=lowest_heart,
            clubs_kept=counts[CLUBS] / 13,
            diamonds_kept=counts[DIAMONDS] / 13,
            clubs_top_kept=kept_top(CLUBS),
            diamonds_top_kept=kept_top(DIAMONDS),
            low_cards_kept=sum(1 for c in kept if RANK_OF[c] <= 5) / 13,
            high_cards_kept=sum(1 for c in kept if RANK_OF[c] >= 12) / 13,
            queen_given_top_kept=1.0 if queen_given and high_spades_kept else 0.0,
            high_hearts_no_low=high_hearts * (1.0 - lowest_heart) if hearts else 0.0,
            top_spades_given_queen_kept=sum(1 for c in passed if SUIT_OF[c] == SPADES and c > QS)
            * (1.0 if queen_kept else 0.0),
            minor_ranks_given=sum(RANK_OF[c] for c in passed if SUIT_OF[c] in (CLUBS, DIAMONDS))
            / 42,
        )
    )


def score(row: list[float], weights: tuple[float, ...]) -> float:
    return sum(w * x for w, x in zip(weights, row, strict=True))


def choose(view: SeatView, own: Pass, table: PassTable = SHIPPED) -> Pass:
    """The candidate ``table`` scores highest, if more than its margin above ``own``."""
    danger = hard_passing.keep_danger(list(view.hand), 3)
    passes = candidates(view, own, danger)
    scores = [
        score(features(view.hand, p, own, view.pass_direction, danger), table.weights)
        for p in passes
    ]
    top = max(scores)
    if top - scores[0] <= table.margin:
        return own
    best = [p for p, s in zip(passes, scores, strict=True) if s == top]
    return best[0] if len(best) == 1 else SeedStream(view.tiebreak, "pass").choice(best)
