"""One hand of Hearts, from the deal to its 13th trick: passing, the exchange, the tricks.

:class:`Hand` holds the cards and enforces the rules of :mod:`hearts.rules`; the game
around it (:mod:`hearts.game`) keeps the scores, the phase and the action log.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import rules
from .cards import HEARTS, SUIT_OF, TWO_OF_CLUBS, Card
from .enums import Direction
from .errors import IllegalPlay
from .rules import Plays

TRICKS = 13


class Hand:
    """The state of one hand.  Attributes are read by :class:`hearts.game.Game` only."""

    __slots__ = (
        "_legal",
        "cards",
        "direction",
        "hearts_broken",
        "number",
        "passes",
        "received",
        "taken",
        "to_act",
        "trick",
        "tricks",
    )

    def __init__(self, number: int, cards: Sequence[Sequence[Card]]) -> None:
        self.number = number
        self.direction = rules.pass_direction(number)
        self.cards = [sorted(h) for h in cards]
        self.passes: list[tuple[Card, ...] | None] = [None, None, None, None]
        self.received: list[tuple[Card, ...]] = [(), (), (), ()]
        self.tricks: list[Plays] = []
        self.trick: list[tuple[int, Card]] = []
        self.hearts_broken = False
        self.taken = [0, 0, 0, 0]
        self.to_act: int | None = None
        self._legal: tuple[Card, ...] | None = None
        if self.direction == Direction.HOLD:
            self._lead_two_of_clubs()

    @property
    def over(self) -> bool:
        return len(self.tricks) == TRICKS

    def _lead_two_of_clubs(self) -> None:
        self.to_act = next(s for s in rules.SEATS if TWO_OF_CLUBS in self.cards[s])  # R12
        self._legal = None

    def _situation(self, seat: int) -> tuple[list[Card], list[Card], bool, bool]:
        trick = [card for _, card in self.trick]
        return self.cards[seat], trick, not self.tricks, self.hearts_broken

    def legal_plays(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now; empty unless it is its turn."""
        if self.to_act != seat:
            return ()
        if self._legal is None:
            self._legal = rules.legal_plays(*self._situation(seat))
        return self._legal

    def submit_pass(self, seat: int, chosen: tuple[Card, ...]) -> None:
        """Seat confirms its three cards; all 12 move when the fourth seat confirms (R9)."""
        if self.passes[seat] is not None:
            raise IllegalPlay(f"seat {seat} has already passed")
        if len(chosen) != 3 or len(set(chosen)) != 3:
            raise IllegalPlay("a pass is exactly three different cards")
        missing = [str(c) for c in chosen if c not in self.cards[seat]]
        if missing:
            raise IllegalPlay(f"seat {seat} does not hold {', '.join(missing)}")
        self.passes[seat] = chosen
        passes = [p for p in self.passes if p is not None]
        if len(passes) < 4:
            return
        for giver, given in enumerate(passes):
            self.received[rules.pass_target(giver, self.direction)] = given
        for s in rules.SEATS:
            kept = [c for c in self.cards[s] if c not in passes[s]]
            self.cards[s] = sorted(kept + list(self.received[s]))
        self._lead_two_of_clubs()

    def play(self, seat: int, card: Card) -> None:
        """Play a legal card of the seat whose turn it is (the caller checked the turn)."""
        if card not in self.legal_plays(seat):
            reason = rules.why_illegal(card, *self._situation(seat))
            raise IllegalPlay(f"seat {seat} may not play {card}: {reason}")
        self.cards[seat].remove(card)
        self.trick.append((seat, card))
        self._legal = None
        self.to_act = None if len(self.trick) == 4 else (seat + 1) % 4
        if SUIT_OF[card] == HEARTS:
            self.hearts_broken = True

    def gather(self) -> int:
        """Gather the finished trick to its winner (R20), who leads next; returns the winner."""
        if len(self.trick) != 4:
            raise IllegalPlay("there is no finished trick to gather")
        winner = rules.trick_winner(self.trick)
        self.taken[winner] += rules.trick_points(self.trick)
        self.tricks.append(tuple(self.trick))
        self.trick = []
        self.to_act = None if self.over else winner
        return winner
