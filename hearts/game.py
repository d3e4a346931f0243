"""A whole game of Hearts as a phase machine: pass → play → hand over → … → game over.

The game is pure and deterministic: it is fully determined by its seed, its level, an
optional starting deal and the list of actions applied to it.  :meth:`Game.replay`
rebuilds a game from exactly those, through the very methods play uses, which is what
the save format (:mod:`hearts.save`) stands on.  :attr:`Game.next_step` says what the game
waits for, so every driver (the page's scheduler, the tournament, the tests) asks the
same question.  The rules of one hand are enforced by :class:`hearts.hand.Hand`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import rules
from .cards import Card, format_cards
from .deal import StartDeal, deal, parse_hand, start_deal
from .enums import Direction, Level, Phase, Result, level_of
from .errors import IllegalPlay
from .hand import Hand
from .rules import Plays
from .steps import CPU_FIRST, GATHER, NEXT_HAND, Action, Step, StepKind


def _check_seat(seat: int) -> None:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise IllegalPlay(f"no such seat: {seat!r}")


def _check_seed(seed: object) -> int:
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a non-negative int, not {seed!r}")
    return seed


class Game:
    """One game against three CPU seats.  Seat 0 is you; play goes 0 → 1 → 2 → 3."""

    def __init__(self, seed: int, level: Level | str, start: StartDeal | None = None) -> None:
        """Prefer :meth:`new`, :meth:`from_deal` or :meth:`replay`."""
        self._seed = _check_seed(seed)
        self._level = level_of(level)
        self._start = start
        self._actions: list[Action] = []
        # Their text forms, made once each: every commit saves the whole log (a game's 500
        # actions formatted anew per move made its saves quadratic).
        self._log: list[str] = []
        self._scores = [0, 0, 0, 0] if start is None else list(start.scores)
        self._hand_points = (0, 0, 0, 0)
        if start is None:
            self._deal(Hand(1, deal(self._seed, 1)))
        else:
            self._deal(Hand(start.hand_number, start.hands))

    def _deal(self, hand: Hand) -> None:
        self._hand = hand
        self._phase = Phase.PASS if hand.to_act is None else Phase.PLAY

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, seed: int, level: Level | str = Level.MEDIUM) -> Game:
        """A fresh game from its seed, hand 1 dealt."""
        return cls(seed, level)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Iterable[Card | str]],
        *,
        hand_number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        seed: int = 0,
        level: Level | str = Level.MEDIUM,
    ) -> Game:
        """A game whose current hand is exactly ``hands`` (13 cards each, a full deck)."""
        return cls(seed, level, start_deal(hands, hand_number, scores))

    @classmethod
    def replay(
        cls, seed: int, level: Level | str, start: StartDeal | None, actions: Iterable[str]
    ) -> Game:
        """The game reached by applying ``actions`` from its beginning.

        ``ValueError`` names the first action that is refused or not in canonical form.
        """
        game = cls(seed, level, start)
        for index, action in enumerate(actions, 1):
            try:
                game.apply(action)
            except ValueError as exc:
                raise ValueError(f"action {index} ({action!r}) is refused: {exc}") from None
            if game._log[-1] != action:
                raise ValueError(f"action {index} ({action!r}) is not in canonical form")
        return game

    def copy(self) -> Game:
        """An independent copy (the replay of this game's actions)."""
        return Game.replay(self._seed, self._level, self._start, self.log)

    # ----------------------------------------------------------------- public state
    @property
    def seed(self) -> int:
        return self._seed

    @property
    def level(self) -> Level:
        """The CPU level this game started with (R5)."""
        return self._level

    @property
    def start(self) -> StartDeal | None:
        """Where a :meth:`from_deal` game began; ``None`` for :meth:`new`."""
        return self._start

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def hand_number(self) -> int:
        return self._hand.number

    @property
    def pass_direction(self) -> Direction:
        """This hand's pass direction (R8)."""
        return self._hand.direction

    @property
    def hearts_broken(self) -> bool:
        return self._hand.hearts_broken

    @property
    def to_act(self) -> int | None:
        """The seat whose play is due; ``None`` while a trick waits or off-play."""
        return self._hand.to_act

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Game totals."""
        a, b, c, d = self._scores
        return (a, b, c, d)

    @property
    def hand_points(self) -> tuple[int, int, int, int]:
        """Points taken this hand; after the hand, its final points with the moon applied."""
        if self._phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return self._hand_points
        return self.points_taken

    @property
    def points_taken(self) -> tuple[int, int, int, int]:
        """Points each seat has taken in tricks this hand, before the moon rule (R32, R33).

        Public information (every trick is seen), and unlike :attr:`hand_points` the same
        before and after the hand's end: what a CPU seat is told (:mod:`hearts.bots`).
        """
        a, b, c, d = self._hand.taken
        return (a, b, c, d)

    @property
    def tricks(self) -> tuple[Plays, ...]:
        """The gathered tricks of this hand, each as (seat, card) in play order."""
        return tuple(self._hand.tricks)

    @property
    def current_trick(self) -> Plays:
        """The (seat, card) pairs of the trick on the table, in play order."""
        return tuple(self._hand.trick)

    @property
    def trick_waiting(self) -> bool:
        """True while a complete trick lies on the table, waiting for :meth:`gather_trick`."""
        return len(self._hand.trick) == 4

    @property
    def result(self) -> Result | None:
        """Win, draw or loss read from your seat once the game is over (R4)."""
        return rules.result_for_you(self._scores) if self._phase == Phase.GAME_OVER else None

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon in the hand just finished, if any (R33)."""
        if self._phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return None
        return rules.shooter(self._hand.taken)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the start."""
        return tuple(self._actions)

    @property
    def last_action(self) -> Action | None:
        """The action applied last (``None`` before the first)."""
        return self._actions[-1] if self._actions else None

    @property
    def log(self) -> list[str]:
        """The actions in their text form: what the save format keeps (:meth:`replay`)."""
        return list(self._log)

    @property
    def next_step(self) -> Step | None:
        """What the game waits for; ``None`` once it is over."""
        if self._phase == Phase.PASS:
            passes = self._hand.passes
            return Step(StepKind.PASS, tuple(s for s in CPU_FIRST if passes[s] is None))
        if self._phase == Phase.PLAY:
            seat = self._hand.to_act
            return Step(StepKind.GATHER) if seat is None else Step(StepKind.PLAY, (seat,))
        if self._phase == Phase.HAND_OVER:
            return Step(StepKind.NEXT_HAND)
        return None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in display order (R30)."""
        _check_seat(seat)
        return tuple(self._hand.cards[seat])

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has confirmed its three cards for this hand's exchange (R11)."""
        _check_seat(seat)
        return self._hand.passes[seat] is not None

    def received(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` received in this hand's exchange (empty in a hold hand)."""
        _check_seat(seat)
        return self._hand.received[seat]

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card in this hand."""
        _check_seat(seat)
        return any(s == seat for s, _ in self._hand.trick) or bool(self._hand.tricks)

    def legal_plays(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now, in display order; empty unless it is its turn."""
        return self._hand.legal_plays(seat)

    # ----------------------------------------------------------------- actions
    def submit_pass(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Seat confirms three of its cards; the exchange happens when all four have (R7, R9)."""
        _check_seat(seat)
        if self._phase != Phase.PASS:
            raise IllegalPlay("there is no pass to make now")
        chosen = tuple(sorted(parse_hand(cards)))
        self._hand.submit_pass(seat, chosen)
        self._append(Action.passing(seat, chosen))
        if self._hand.to_act is not None:
            self._phase = Phase.PLAY

    def play(self, seat: int, card: Card | str) -> None:
        """Play a card; refused with :class:`IllegalPlay` (state unchanged) unless legal."""
        if not isinstance(card, Card):
            card = Card.parse(card)
        self.require_turn(seat)
        self._hand.play(seat, card)
        self._append(Action.playing(seat, card))

    def gather_trick(self) -> int:
        """Gather the finished trick to its winner (R20); returns the winning seat."""
        winner = self._hand.gather()
        self._append(GATHER)
        if self._hand.over:
            self._hand_points = rules.hand_score(self._hand.taken)
            self._scores = [s + p for s, p in zip(self._scores, self._hand_points, strict=True)]
            self._phase = Phase.GAME_OVER if rules.game_over(self._scores) else Phase.HAND_OVER
        return winner

    def next_hand(self) -> None:
        """Deal the next hand after a hand is over."""
        if self._phase != Phase.HAND_OVER:
            raise IllegalPlay("the hand is not over")
        self._append(NEXT_HAND)
        number = self._hand.number + 1
        self._deal(Hand(number, deal(self._seed, number)))

    def _append(self, action: Action) -> None:
        self._actions.append(action)
        self._log.append(str(action))

    def apply(self, action: Action | str) -> None:
        """Apply one action, or its text form (``"P0 2C 3C 4C"``, ``"1 QS"``, ``"G"``, …)."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.kind == StepKind.GATHER:
            self.gather_trick()
        elif action.kind == StepKind.NEXT_HAND:
            self.next_hand()
        elif action.kind == StepKind.PLAY and action.seat is not None and action.cards:
            self.play(action.seat, action.cards[0])
        elif action.kind == StepKind.PASS and action.seat is not None:
            self.submit_pass(action.seat, action.cards)
        else:
            raise IllegalPlay(f"not an action: {action!r}")

    def require_turn(self, seat: int) -> None:
        """Raise :class:`IllegalPlay`, saying why, unless ``seat`` is the seat to play now."""
        if self._hand.to_act != seat or type(seat) is not int:
            _check_seat(seat)
            raise IllegalPlay(self._why_not_your_turn(seat))

    def _why_not_your_turn(self, seat: int) -> str:
        if self._phase != Phase.PLAY:
            return f"no card can be played in the {self._phase.replace('_', ' ')} phase"
        if self.trick_waiting:
            return "the finished trick must be gathered first"
        return f"it is seat {self._hand.to_act}'s turn, not seat {seat}'s"

    # ----------------------------------------------------------------- inspection
    def state(self) -> dict[str, object]:
        """Everything a position consists of, as plain data (for tests and cross-checks)."""
        h = self._hand
        return {
            "seed": self._seed,
            "level": self._level,
            "phase": self._phase,
            "hand_number": h.number,
            "pass_direction": h.direction,
            "scores": list(self._scores),
            "hand_points": list(self.hand_points),
            "hands": [format_cards(cards) for cards in h.cards],
            "passed": [format_cards(p) if p else None for p in h.passes],
            "received": [format_cards(r) for r in h.received],
            "tricks": [[f"{s}{c}" for s, c in t] for t in h.tricks],
            "current_trick": [f"{s}{c}" for s, c in h.trick],
            "hearts_broken": h.hearts_broken,
            "to_act": h.to_act,
            "result": self.result,
        }
