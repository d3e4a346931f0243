"""Medium: sound standard Hearts from its own hand and the trick on the table.

It remembers nothing of earlier tricks.  Passing: see :mod:`hearts.cpu.passing`.  Play:
lead low; follow with the highest card that still loses (Q♠ under A♠/K♠ first); when
last on a trick without points, win it with its highest safe card; when void, dump Q♠,
then A♠/K♠, then high hearts and the highest cards of its shortest suits.  Moon watch R26.
"""

from __future__ import annotations

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points, winning_play
from . import moonwatch, passing, tiebreak
from .seatview import SeatView
from .tables import AS, KS, QS


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    return passing.top_three(view, passing.pass_scores(view.hand))


def choose_play(view: SeatView) -> Card:
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    legal = moonwatch.unfed(view, legal, moonwatch.watched_seat(view))
    if len(legal) == 1:
        return legal[0]
    trick = view.current_trick
    if not trick:
        return lead(view, legal)
    _, winning = winning_play(trick)
    if SUIT_OF[legal[0]] == SUIT_OF[winning]:
        return follow(view, legal, winning, last=len(trick) == 3)
    return discard(view, legal)


def lead(view: SeatView, legal: tuple[Card, ...]) -> Card:
    """The lowest card, keeping Q♠ and the spades above it back while there is a choice."""
    safe = [c for c in legal if c != QS and c != KS and c != AS] or list(legal)
    low = min(RANK_OF[c] for c in safe)
    return tiebreak.pick(view, [c for c in safe if RANK_OF[c] == low])


def follow(view: SeatView, legal: tuple[Card, ...], winning: Card, last: bool) -> Card:
    """Following suit: duck as high as possible; win cheap tricks when last."""
    if QS in legal and winning > QS:
        return QS  # Q♠ under A♠/K♠: the best card in the game to lose
    ducks = [c for c in legal if c < winning]
    if last and trick_points(view.current_trick) == 0 and SUIT_OF[winning] != HEARTS:
        winners = [c for c in legal if c != QS]
        if winners:
            return max(winners)  # a pointless trick: shed the highest card on it
    if ducks:
        return max(ducks)
    # Every card wins for now.
    if SUIT_OF[winning] == SPADES and QS not in legal and not last:
        return min(legal)  # Q♠ may still come down: win as low as possible
    if SUIT_OF[winning] == HEARTS and not last:
        return min(legal)  # leave room for someone to overtake
    return max([c for c in legal if c != QS] or legal)


def discard(view: SeatView, legal: tuple[Card, ...]) -> Card:
    """Void in the led suit: get rid of the most dangerous card."""
    if QS in legal:
        return QS
    counts = [0, 0, 0, 0]
    for c in view.hand:
        counts[SUIT_OF[c]] += 1

    def danger(card: Card) -> float:
        score = RANK_OF[card] - counts[SUIT_OF[card]] * 0.5
        if SUIT_OF[card] == HEARTS:
            score += 10.0  # high hearts right after Q♠
        return score

    return tiebreak.best(view, legal, danger)
