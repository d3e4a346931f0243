"""Hard: Medium plus counting what has been played (R21, R25: no search, no sampling).

From :class:`~hearts.cpu.knowledge.Knowledge` it knows which cards of each suit are still
out, which seats have shown a void, whether Q♠ and the spades above it are still out, and
so whether a card is certain to win or to lose a trick.  It passes by a plan
(:mod:`~hearts.cpu.hard_passing`) that learned weights may overrule
(:mod:`~hearts.cpu.hard_pass_eval`), leads by one (:mod:`~hearts.cpu.hard_lead`) and plays
to other seats' leads by counting (:mod:`~hearts.cpu.hard_follow`); weights learned from a
search teacher during development (:mod:`~hearts.cpu.hard_eval`) score every
card of a lead, a follow or a discard, the rules' card among their facts, and overrule it
where they score another clearly higher: never a search in the game.

Moon defence (R26): the shared watch applies as at every level; on top of it Hard treats a
seat as an apparent shooter once it holds every point taken, at least six, and has won at
least half of the tricks so far (a seat that merely had Q♠ dumped on it has not), and
then stops feeding it, takes tricks away from it and keeps its stoppers.
"""

from __future__ import annotations

from ..cards import SUIT_OF, Card
from ..rules import trick_winner, winning_play
from . import hard_eval, hard_pass_eval, hard_passing, moonwatch
from .hard_follow import choose_discard, choose_follow
from .hard_lead import choose_lead
from .knowledge import Knowledge
from .seatview import SeatView

DEFENCE_POINTS = 6  # a seat holding every point taken so far, with at least this many …
DEFENCE_TRICKS = 0.5  # … and at least this share of the tricks gathered


def choose_pass(
    view: SeatView, table: hard_pass_eval.PassTable = hard_pass_eval.SHIPPED
) -> tuple[Card, Card, Card]:
    """The rules' pass, or the learned evaluation's (by ``table``) where it scores another
    clearly higher."""
    own = hard_passing.choose_pass(view)
    return hard_pass_eval.choose(view, own, table) if table.use else own


def apparent_shooter(view: SeatView) -> int | None:
    """The other seat that holds every point taken, enough of them and enough tricks won."""
    seat = moonwatch.sole_taker(view, DEFENCE_POINTS)
    if seat is None:
        return None
    won = sum(1 for trick in view.tricks if trick_winner(trick) == seat)
    return seat if won >= DEFENCE_TRICKS * len(view.tricks) else None


def choose_play(view: SeatView, table: hard_eval.PlayTable = hard_eval.SHIPPED) -> Card:
    """The rule layer where it is right, else the learned evaluation by ``table``.

    Certain plays (one card allowed) and the moon defence (R26, the shared watch and Hard's
    apparent-shooter rules) decide by rule, and so do the situations (lead, follow,
    discard) where the learned weights did not beat the rules; otherwise
    :mod:`hearts.cpu.hard_eval` scores every allowed card, the rules' card one of its facts.
    """
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    shooter = apparent_shooter(view)
    watched = moonwatch.watched_seat(view)  # R26 at every level; Hard watches earlier too
    if shooter is not None or watched is not None:
        return rule_play(view)
    k = Knowledge(view)
    pick = rule_choice(view, legal, k, None)
    if not hard_eval.learned(view, legal, table):
        return pick
    return hard_eval.choose(view, legal, k, pick, table)


def rule_play(view: SeatView) -> Card:
    """The card Hard's rules play (the Hard before it learned its weights)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    shooter = apparent_shooter(view)
    watched = moonwatch.watched_seat(view)  # R26 at every level; Hard watches earlier too
    legal = moonwatch.unfed(view, legal, shooter if watched is None else watched)
    if len(legal) == 1:
        return legal[0]
    return rule_choice(view, legal, Knowledge(view), shooter)


def rule_choice(view: SeatView, legal: tuple[Card, ...], k: Knowledge, shooter: int | None) -> Card:
    """Hard's rules for a lead, a follow or a discard among ``legal`` (two or more cards)."""
    trick = view.current_trick
    if not trick:
        return choose_lead(view, legal, k)
    win_seat, winning = winning_play(trick)
    after = [(view.seat + i) % 4 for i in range(1, 4 - len(trick))]
    if SUIT_OF[legal[0]] == SUIT_OF[winning]:
        return choose_follow(view, legal, k, win_seat, winning, after, shooter)
    return choose_discard(view, legal, k, win_seat, after, shooter)
