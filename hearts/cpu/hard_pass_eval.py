"""Hard's learned pass (issue 24): a linear score of the hand a pass keeps and what it gives.

The candidates are Hard's rule pass (:mod:`hearts.cpu.hard_passing`) and every three of
the six cards its first round scores most dangerous to keep: 20 or 21 passes.  Each gets
a row of counted facts of the kept hand (Q♠ and its guards, A♠/K♠, suit lengths, voids,
high and low cards, high hearts) and of the passed cards (their ranks, Q♠ or A♠/K♠ to the
left or right, the rules' danger scores), and the weights of a :class:`PassTable` score it:
the shipped one (:data:`SHIPPED`, :mod:`hearts.cpu.hard_pass_weights`, ``make learn-pass``)
was fitted to what a search found each candidate worth: every candidate played out in the
same random layouts of the unseen cards, by Hard in the seat and the field's level in the
others (``tools/pass_teacher.py``, never shipped).  Nothing here samples or searches (R21,
R25): the rows are read from our own hand.  The best candidate replaces the rules' pass
only if it scores more than the table's margin above it; equal scores fall to the game
seed (R24).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from ..enums import Direction
from ..rng import SeedStream
from . import hard_pass_weights, hard_passing, passing
from .seatview import SeatView
from .tables import AS, KS, QS

Pass = tuple[Card, Card, Card]
TOP = 6  # candidates: any three of the six cards the rules most want to be rid of
FEATURES = 38


@dataclass(frozen=True, slots=True)
class PassTable:
    """Fitted weights, one per fact of :func:`features`."""

    weights: tuple[float, ...]
    use: bool  # whether they decide (else the rules' pass stands)
    margin: float  # how far above the rules' pass their best must score


SHIPPED = PassTable(hard_pass_weights.WEIGHTS, hard_pass_weights.USE, hard_pass_weights.MARGIN)


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

    return [
        1.0 if given == set(own) else 0.0,
        queen_given,
        min(guards, 4) / 4 if queen_kept else 0.0,  # Q♠ kept, and how well guarded
        1.0 if queen_kept and guards <= 1 else 0.0,
        1.0 if AS in kept and not queen_kept else 0.0,
        1.0 if KS in kept and not queen_kept else 0.0,
        high_spades_kept * min(guards, 4) / 4,
        counts[SPADES] / 13,
        counts[HEARTS] / 13,
        high_hearts,
        sum(hearts) / 100,
        1.0 if counts[CLUBS] == 0 else 0.0,  # voids and singletons the pass makes
        1.0 if counts[DIAMONDS] == 0 else 0.0,
        1.0 if counts[CLUBS] == 1 else 0.0,
        1.0 if counts[DIAMONDS] == 1 else 0.0,
        kept_high(CLUBS),
        kept_high(DIAMONDS),
        sum(RANK_OF[c] for c in passed) / 42,
        sum(danger[c] for c in passed) / 100,  # the rules' own scores of what goes
        queen_given * left,  # Q♠ to the seat after us or before us (across: neither)
        queen_given * right,
        high_spades_given * left,
        high_spades_given * right,
        high_spades_given,
        sum(1 for c in passed if SUIT_OF[c] == HEARTS) / 3,
        sum(1 for c in passed if SUIT_OF[c] == HEARTS and RANK_OF[c] <= 6) / 3,
        min(counts[CLUBS], counts[DIAMONDS]) / 13,
        lowest_heart,
        counts[CLUBS] / 13,
        counts[DIAMONDS] / 13,
        kept_top(CLUBS),
        kept_top(DIAMONDS),
        sum(1 for c in kept if RANK_OF[c] <= 5) / 13,  # low cards: exits
        sum(1 for c in kept if RANK_OF[c] >= 12) / 13,
        1.0 if queen_given and high_spades_kept else 0.0,
        high_hearts * (1.0 - lowest_heart) if hearts else 0.0,  # high hearts, no low one
        sum(1 for c in passed if SUIT_OF[c] == SPADES and c > QS) * (1.0 if queen_kept else 0.0),
        sum(RANK_OF[c] for c in passed if SUIT_OF[c] in (CLUBS, DIAMONDS)) / 42,
    ]


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
