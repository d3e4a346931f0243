"""Hard: Medium plus counting what has been played (R21, R25: no search, no sampling).

From :class:`~hearts.cpu.knowledge.Knowledge` it knows which cards of each suit are still
out, which seats have shown a void, whether Q♠ and the spades above it are still out, and
so whether a card is certain to win or to lose a trick.  On top of Medium it leads the
highest card that is certain to lose (a safe exit, above all at the end of a hand), avoids
leading suits that a seat has shown void in, leads low spades to flush Q♠ when it holds
nothing that could catch it, treats A♠/K♠ as dangerous only while Q♠ is out, sheds the
highest card when it wins a trick whatever it plays, and defends actively against a seat
that appears to be shooting the moon (R26): once one seat holds every point taken and at
least six, Hard stops feeding it earlier than the shared watch, takes a trick away from it
when it can, ducks as low as possible to keep its high cards as stoppers, and throws a
heart onto a trick the shooter cannot win.
"""

from __future__ import annotations

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points, winning_play
from . import moonwatch, passing, tiebreak
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS, QS_BIT, SPADES_ABOVE_QUEEN, SUIT_MASK

DEFENCE_POINTS = 6  # a seat holding every point taken so far, with at least this many


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    return passing.top_three(view, passing.pass_scores(view.hand))


def apparent_shooter(view: SeatView) -> int | None:
    """The other seat that has taken every point so far, enough of them to look like a moon."""
    return moonwatch.sole_taker(view, DEFENCE_POINTS)


def choose_play(view: SeatView) -> Card:
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    shooter = apparent_shooter(view)
    watched = moonwatch.watched_seat(view)  # R26 at every level; Hard watches earlier too
    legal = moonwatch.unfed(view, legal, shooter if watched is None else watched)
    if len(legal) == 1:
        return legal[0]
    k = Knowledge(view)
    trick = view.current_trick
    if not trick:
        return lead(view, legal, k)
    win_seat, winning = winning_play(trick)
    after = [(view.seat + i) % 4 for i in range(1, 4 - len(trick))]
    if SUIT_OF[legal[0]] == SUIT_OF[winning]:
        return follow(view, legal, k, win_seat, winning, after, shooter)
    return discard(view, legal, k, win_seat, after, shooter)


def lead(view: SeatView, legal: tuple[Card, ...], k: Knowledge) -> Card:
    queen_out = bool(k.out & QS_BIT)
    others = [(view.seat + i) % 4 for i in (1, 2, 3)]

    def score(c: Card) -> float:
        suit = SUIT_OF[c]
        out = k.out & SUIT_MASK[suit]
        if not out:
            return -100.0 - RANK_OF[c]  # nobody can follow: we win whatever is dumped
        below = (out & BELOW[c]).bit_count()
        if below == 0:
            return 50.0 + RANK_OF[c]  # certain to lose: the highest such card sheds most
        if c == QS:
            return -80.0
        if queen_out and c in (AS, KS):
            return -60.0
        void_risk = sum(1 for s in others if k.voids[s] >> suit & 1)
        above = (out & ABOVE[c]).bit_count()
        score = 20.0 * above / (above + below) - 8.0 * void_risk - 0.5 * RANK_OF[c]
        if suit == SPADES and queen_out and c < QS and not (k.mine & SPADES_ABOVE_QUEEN):
            score += 30.0  # flush Q♠: we hold nothing that could catch it
        if suit == HEARTS:
            score -= 2.0 * below
        return score

    return tiebreak.best(view, legal, score)


def follow(
    view: SeatView,
    legal: tuple[Card, ...],
    k: Knowledge,
    win_seat: int,
    winning: Card,
    after: list[int],
    shooter: int | None,
) -> Card:
    suit = SUIT_OF[winning]
    trick = view.current_trick
    points = trick_points(trick)
    beaters = [c for c in legal if c > winning]
    if shooter is not None and beaters:
        # R26, Hard only: take the trick away from the apparent shooter.
        if win_seat == shooter and (points or not after):
            return max([c for c in beaters if c != QS] or beaters)
        if shooter in after and not k.voids[shooter] >> suit & 1:
            return max([c for c in beaters if c != QS] or beaters)
    if shooter is not None and (win_seat == shooter or shooter in after):
        # Keep the high cards as stoppers for a later trick: duck as low as possible.
        return min([c for c in legal if c != QS] or legal)
    if QS in legal and winning > QS:
        return QS
    ducks = [c for c in legal if c < winning]
    queen_risk = suit == SPADES and bool(k.out & QS_BIT)
    if not after:
        if points == 0 and suit != HEARTS:
            safe = [c for c in legal if c != QS]
            if safe:
                return max(safe)
        if ducks:
            return max(ducks)
        return max([c for c in legal if c != QS] or legal)
    if ducks:
        return max(ducks)
    safe = [c for c in legal if c != QS] or list(legal)
    if all(k.voids[s] >> suit & 1 for s in after) or not k.out & ABOVE[min(safe)]:
        return max(safe)  # we win it whatever we play: shed the highest
    if queen_risk or suit == HEARTS:
        return min(safe)
    if any(k.voids[s] >> suit & 1 for s in after):
        return min(safe)
    return max(safe)


def discard(
    view: SeatView,
    legal: tuple[Card, ...],
    k: Knowledge,
    win_seat: int,
    after: list[int],
    shooter: int | None,
) -> Card:
    if shooter is not None and win_seat != shooter and shooter not in after:
        hearts = [c for c in legal if SUIT_OF[c] == HEARTS]
        if hearts:
            return max(hearts)  # points to a seat that is not the shooter end the moon
    if QS in legal:
        return QS
    queen_out = bool(k.out & QS_BIT)
    counts = [0, 0, 0, 0]
    for c in view.hand:
        counts[SUIT_OF[c]] += 1

    def danger(c: Card) -> float:
        if queen_out and c in (AS, KS):
            return 60.0 + RANK_OF[c]
        suit = SUIT_OF[c]
        lower = (k.out & BELOW[c]).bit_count()
        score = RANK_OF[c] + 0.5 * lower - 0.5 * counts[suit]
        if counts[suit] == 1:
            score += 2.0
        if suit == HEARTS:
            score += 4.0
        return score

    return tiebreak.best(view, legal, danger)
