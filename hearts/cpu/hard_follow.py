"""Hard's play to a trick someone else led: following suit, or discarding when void.

Following: Q♠ under A♠/K♠; on trick 1, which carries no points (R14), the highest card
goes for free; last to play on a trick without points, the highest safe card wins it
(but holding Q♠, a spade trick is ducked: A♠/K♠ stay to guard her and we do not take the
lead); otherwise the highest card that still ducks.  When every card wins for now and
seats are still to play, the lowest card gives them room to overtake — unless counting
shows that nobody can (no card above it is out, or all of them are void), or only one seat
is to come on a club or diamond trick without points while Q♠ is out: then shed the
highest, a card that would otherwise win a later trick with points on it.

The two exceptions came from a search teacher's values at these decisions (never
used in the game): ducking with Q♠ +0.39 ± 0.17 a case, the third seat's highest
+1.03 ± 0.16 a case; at the table +0.05 against 3 Hard each, ±0.01 against 3 Medium.

Discarding: Q♠ first, then A♠/K♠ while Q♠ is out, then the card most likely to win a
later trick (high, many outstanding cards below it, a short suit).

Against an apparent moon shooter (R26, Hard only) it takes the trick away when it can,
otherwise ducks as low as possible to keep its stoppers, and throws a heart onto a trick
the shooter cannot win.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from ..rules import trick_points
from . import tiebreak
from .knowledge import Knowledge
from .seatview import SeatView
from .tables import ABOVE, AS, BELOW, KS, QS


def choose_follow(
    view: SeatView,
    legal: tuple[Card, ...],
    k: Knowledge,
    win_seat: int,
    winning: Card,
    after: list[int],
    shooter: int | None,
) -> Card:
    suit = SUIT_OF[winning]
    points = trick_points(view.current_trick)
    safe = [c for c in legal if c != QS] or list(legal)
    if shooter is not None:
        beaters = [c for c in safe if c > winning] or [c for c in legal if c > winning]
        if beaters and win_seat == shooter and (points or not after):
            return max(beaters)  # take the trick away from the apparent shooter
        if beaters and shooter in after and not k.void(shooter, suit):
            return max(beaters)
        if win_seat == shooter or shooter in after:
            return min(safe)  # keep the high cards as stoppers for a later trick
    if QS in legal and winning > QS:
        return QS  # under A♠/K♠: the best card in the game to lose
    if not view.tricks:
        return max(legal)  # trick 1 carries no points (R14): shed the highest for free
    ducks = [c for c in legal if c < winning]
    if not after:
        if points == 0 and suit != HEARTS and not (suit == SPADES and QS in view.hand and ducks):
            return max(safe)  # a pointless trick: shed the highest safe card on it
        return max(ducks) if ducks else max(safe)
    if ducks:
        return max(ducks)
    if not k.out & ABOVE[min(safe)] or all(k.void(s, suit) for s in after):
        return max(safe)  # we win it whatever we play: shed the highest
    if len(after) == 1 and suit < SPADES and k.queen_out and not points:
        return max(safe)  # one seat to come on a clean side-suit trick: shed the highest
    return min(safe)  # leave room for a later seat to overtake


def choose_discard(
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
    return tiebreak.best(view, legal, discard_danger(k))


def discard_danger(k: Knowledge) -> Callable[[Card], float]:
    """The rules' score of discarding a card: how likely it would win a later trick."""
    queen_out = k.queen_out

    def danger(c: Card) -> float:
        if queen_out and c in (AS, KS):
            return 60.0 + RANK_OF[c]
        suit = SUIT_OF[c]
        lower = (k.out & BELOW[c]).bit_count()
        score = RANK_OF[c] + 0.5 * lower - 0.5 * k.counts[suit]
        if k.counts[suit] == 1:
            score += 2.0  # a singleton: dumping it makes a void as well
        if suit == HEARTS:
            score += 1.0
        return score

    return danger
