"""A whole game of Hearts as a phase machine: pass → play → hand over → … → game over.

The game is pure and deterministic: it is fully determined by its seed, its level, an
optional starting deal and the list of actions applied to it.  That list is also its save
format (see :mod:`hearts.save`), replayed through the very methods play uses.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from . import cpu, rules
from .cards import (
    CARD_TEXT,
    DECK,
    HEARTS,
    POINTS_OF,
    SUIT_OF,
    TWO_OF_CLUBS,
    Card,
    format_cards,
    parse_cards,
)
from .cpu.seatview import SeatView
from .errors import IllegalPlay
from .rng import SeedStream

LEVELS = ("easy", "medium", "hard")
PHASES = ("pass", "play", "hand_over", "game_over")
Plays = tuple[tuple[int, Card], ...]


def _check_seat(seat: int) -> None:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise IllegalPlay(f"no such seat: {seat!r}")


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")


def deal(seed: int, hand_number: int) -> tuple[tuple[Card, ...], ...]:
    """The four 13-card hands of a hand number, derived from the game seed (R3)."""
    cards = SeedStream(seed, "deal", hand_number).shuffled(DECK)
    return tuple(tuple(sorted(cards[i * 13 : (i + 1) * 13])) for i in range(4))


class Game:
    """One game against three CPU seats.  Seat 0 is you; play goes 0 → 1 → 2 → 3."""

    def __init__(
        self,
        seed: int,
        level: str,
        hands: Sequence[Sequence[Card]],
        hand_number: int,
        scores: Sequence[int],
        *,
        from_deal: bool,
    ) -> None:
        _check_level(level)
        self._seed = int(seed)
        self._level = level
        self._scores = list(scores)
        self._start: dict[str, object] | None = None
        if from_deal:
            self._start = {
                "hand": hand_number,
                "scores": list(scores),
                "deal": [format_cards(sorted(h)) for h in hands],
            }
        self._actions: list[str] = []
        self._begin_hand(hand_number, hands)

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, seed: int, level: str = "medium") -> Game:
        """A fresh game from its seed, hand 1 dealt."""
        if type(seed) is not int or seed < 0:
            raise ValueError(f"seed must be a non-negative int, not {seed!r}")
        return cls(seed, level, deal(seed, 1), 1, (0, 0, 0, 0), from_deal=False)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[Card | str]],
        *,
        hand_number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        seed: int = 0,
        level: str = "medium",
    ) -> Game:
        """A game whose current hand is exactly ``hands`` (13 cards each, a full deck)."""
        parsed = [
            parse_cards(h)
            if isinstance(h, str)
            else tuple(c if isinstance(c, Card) else Card.parse(c) for c in h)
            for h in hands
        ]
        if len(parsed) != 4 or any(len(h) != 13 for h in parsed):
            raise ValueError("a deal is four hands of 13 cards")
        if len({c for h in parsed for c in h}) != 52:
            raise ValueError("the four hands must hold each of the 52 cards exactly once")
        if type(hand_number) is not int or hand_number < 1:
            raise ValueError(f"hand_number must be a positive int, not {hand_number!r}")
        if len(scores) != 4 or any(type(s) is not int or s < 0 for s in scores):
            raise ValueError("scores are four non-negative ints")
        if rules.game_over(scores):
            raise ValueError("those scores already ended the game")
        if type(seed) is not int or seed < 0:
            raise ValueError(f"seed must be a non-negative int, not {seed!r}")
        return cls(seed, level, parsed, hand_number, scores, from_deal=True)

    def _begin_hand(self, hand_number: int, hands: Sequence[Sequence[Card]]) -> None:
        self._hand_number = hand_number
        self._hands = [sorted(h) for h in hands]
        self._direction = rules.pass_direction(hand_number)
        self._passes: list[tuple[Card, ...] | None] = [None, None, None, None]
        self._received: list[tuple[Card, ...]] = [(), (), (), ()]
        self._tricks: list[Plays] = []
        self._trick: list[tuple[int, Card]] = []
        self._hearts_broken = False
        self._taken = [0, 0, 0, 0]
        self._hand_points = (0, 0, 0, 0)
        self._to_act: int | None = None
        self._legal: tuple[Card, ...] | None = None
        if self._direction == "hold":
            self._start_play()
        else:
            self._phase = "pass"

    def _start_play(self) -> None:
        self._phase = "play"
        self._leader = next(s for s in rules.SEATS if TWO_OF_CLUBS in self._hands[s])
        self._to_act = self._leader
        self._legal = None

    # ----------------------------------------------------------------- public state
    @property
    def seed(self) -> int:
        return self._seed

    @property
    def level(self) -> str:
        """The CPU level this game started with (R5)."""
        return self._level

    @property
    def phase(self) -> str:
        """``"pass"``, ``"play"``, ``"hand_over"`` or ``"game_over"``."""
        return self._phase

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def pass_direction(self) -> str:
        """``"left"``, ``"right"``, ``"across"`` or ``"hold"`` for the current hand (R8)."""
        return self._direction

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Game totals."""
        a, b, c, d = self._scores
        return (a, b, c, d)

    @property
    def hand_points(self) -> tuple[int, int, int, int]:
        """Points taken this hand; after the hand, its final points with the moon applied."""
        if self._phase in ("hand_over", "game_over"):
            return self._hand_points
        a, b, c, d = self._taken
        return (a, b, c, d)

    @property
    def hearts_broken(self) -> bool:
        return self._hearts_broken

    @property
    def tricks(self) -> tuple[Plays, ...]:
        """The gathered tricks of this hand, each as (seat, card) in play order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Plays:
        """The (seat, card) pairs of the trick on the table, in play order."""
        return tuple(self._trick)

    @property
    def trick_number(self) -> int:
        """1 … 13: the trick being played (or waiting to be gathered)."""
        return len(self._tricks) + 1

    @property
    def trick_waiting(self) -> bool:
        """True while a complete trick lies on the table, waiting for :meth:`gather_trick`."""
        return len(self._trick) == 4

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick, during the play phase."""
        return self._leader if self._phase == "play" else None

    @property
    def to_act(self) -> int | None:
        """The seat whose play is due; ``None`` while a trick waits or outside play."""
        return self._to_act

    @property
    def result(self) -> str | None:
        """``"win"``, ``"draw"`` or ``"loss"`` read from your seat once the game is over (R4)."""
        return rules.result_for_you(self._scores) if self._phase == "game_over" else None

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action applied since the start, in the save format's text form."""
        return tuple(self._actions)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in display order (R30)."""
        _check_seat(seat)
        return tuple(self._hands[seat])

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has confirmed its three cards for this hand's exchange (R11)."""
        _check_seat(seat)
        return self._passes[seat] is not None

    def received(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` received in this hand's exchange (empty in a hold hand)."""
        _check_seat(seat)
        return self._received[seat]

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card in this hand."""
        _check_seat(seat)
        return any(s == seat for s, _ in self._trick) or bool(self._tricks)

    def legal_plays(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now, in display order; empty unless it is its turn."""
        if self._to_act != seat:
            return ()
        if self._legal is None:
            self._legal = rules.legal_plays(
                self._hands[seat],
                [card for _, card in self._trick],
                not self._tricks,
                self._hearts_broken,
            )
        return self._legal

    # ----------------------------------------------------------------- actions
    def submit_pass(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Seat confirms three of its cards; the exchange happens when all four have (R7, R9)."""
        _check_seat(seat)
        if self._phase != "pass":
            raise IllegalPlay("there is no pass to make now")
        if self._passes[seat] is not None:
            raise IllegalPlay(f"seat {seat} has already passed")
        chosen = tuple(sorted(c if isinstance(c, Card) else Card.parse(c) for c in cards))
        if len(chosen) != 3 or len(set(chosen)) != 3:
            raise IllegalPlay("a pass is exactly three different cards")
        hand = self._hands[seat]
        missing = [str(c) for c in chosen if c not in hand]
        if missing:
            raise IllegalPlay(f"seat {seat} does not hold {', '.join(missing)}")
        self._passes[seat] = chosen
        self._actions.append(f"P{seat} {format_cards(chosen)}")
        if all(p is not None for p in self._passes):
            self._exchange()

    def _exchange(self) -> None:
        passes = [p for p in self._passes if p is not None]
        for seat, cards in enumerate(passes):
            target = rules.pass_target(seat, self._direction)
            self._received[target] = cards
        for seat in rules.SEATS:
            kept = [c for c in self._hands[seat] if c not in passes[seat]]
            self._hands[seat] = sorted(kept + list(self._received[seat]))
        self._start_play()

    def play(self, seat: int, card: Card | str) -> None:
        """Play a card; refused with :class:`IllegalPlay` (state unchanged) unless legal."""
        if not isinstance(card, Card):
            card = Card.parse(card)
        if self._to_act != seat or type(seat) is not int:
            _check_seat(seat)
            raise IllegalPlay(self._why_not_your_turn(seat))
        if card not in self.legal_plays(seat):
            raise IllegalPlay(self._why_illegal(seat, card))
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        self._legal = None
        self._to_act = None if len(self._trick) == 4 else (seat + 1) % 4
        if SUIT_OF[card] == HEARTS:
            self._hearts_broken = True
        self._actions.append(f"{seat} {CARD_TEXT[card]}")

    def gather_trick(self) -> int:
        """Gather the finished trick to its winner (R20); returns the winning seat."""
        if len(self._trick) != 4:
            raise IllegalPlay("there is no finished trick to gather")
        winner = rules.trick_winner(self._trick)
        self._taken[winner] += sum(POINTS_OF[c] for _, c in self._trick)
        self._tricks.append(tuple(self._trick))
        self._trick = []
        self._leader = winner
        self._actions.append("G")
        if len(self._tricks) == 13:
            self._end_hand()
        else:
            self._to_act = winner
        return winner

    def _end_hand(self) -> None:
        self._hand_points = rules.hand_score(self._taken)
        self._scores = [s + p for s, p in zip(self._scores, self._hand_points, strict=True)]
        self._phase = "game_over" if rules.game_over(self._scores) else "hand_over"

    def next_hand(self) -> None:
        """Deal the next hand after a hand is over."""
        if self._phase != "hand_over":
            raise IllegalPlay("the hand is not over")
        self._actions.append("N")
        number = self._hand_number + 1
        self._begin_hand(number, deal(self._seed, number))

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon in the hand just finished, if any (R33)."""
        if self._phase not in ("hand_over", "game_over"):
            return None
        return rules.shooter(self._taken)

    # ----------------------------------------------------------------- CPU seats
    def seat_view(self, seat: int, level: str | None = None) -> SeatView:
        """What ``seat`` may know right now (R23), for a CPU decision at ``level``."""
        _check_seat(seat)
        level = self._level if level is None else level
        _check_level(level)
        position = f"{self._phase}/{self._hand_number}/{len(self._tricks)}/{len(self._trick)}"
        digest = hashlib.sha256(f"hearts/1/{self._seed}/cpu/{position}/{seat}".encode())
        return SeatView(
            seat=seat,
            level=level,
            phase=self._phase,
            hand_number=self._hand_number,
            pass_direction=self._direction,
            hand=tuple(self._hands[seat]),
            legal=self.legal_plays(seat),
            tricks=tuple(self._tricks),
            current_trick=tuple(self._trick),
            hearts_broken=self._hearts_broken,
            points_taken=(self._taken[0], self._taken[1], self._taken[2], self._taken[3]),
            scores=self.scores,
            tiebreak=int.from_bytes(digest.digest()[:8], "big"),
        )

    def cpu_pass(self, seat: int, level: str | None = None) -> tuple[Card, Card, Card]:
        """The three cards a CPU at ``level`` would pass from ``seat`` (not applied)."""
        if self._phase != "pass" or self._passes[seat] is not None:
            raise IllegalPlay(f"seat {seat} has no pass to make now")
        return cpu.choose_pass(self.seat_view(seat, level))

    def cpu_play(self, seat: int, level: str | None = None) -> Card:
        """The card a CPU at ``level`` would play from ``seat`` now (not applied)."""
        if self.to_act != seat:
            _check_seat(seat)
            raise IllegalPlay(self._why_not_your_turn(seat))
        return cpu.choose_play(self.seat_view(seat, level))

    # ----------------------------------------------------------------- messages
    def _why_not_your_turn(self, seat: int) -> str:
        if self._phase != "play":
            return f"no card can be played in the {self._phase.replace('_', ' ')} phase"
        if len(self._trick) == 4:
            return "the finished trick must be gathered first"
        return f"it is seat {self.to_act}'s turn, not seat {seat}'s"

    def _why_illegal(self, seat: int, card: Card) -> str:
        hand = self._hands[seat]
        if card not in hand:
            return f"seat {seat} does not hold {card}"
        if self._trick:
            led = SUIT_OF[self._trick[0][1]]
            if any(SUIT_OF[c] == led for c in hand):
                return f"{card} does not follow suit: {'CDSH'[led]} was led (R13)"
            return f"{card} carries points, which the first trick does not allow (R14)"
        if not self._tricks:
            return "the 2♣ must open the hand (R12)"
        return f"{card} may not lead: hearts are not broken yet (R15)"

    # ----------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The compact, versioned save: seed, level, start and the action log."""
        from .save import dump_game

        return dump_game(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game a save describes; :class:`~hearts.errors.SaveError` if it is not valid."""
        from .save import load_game

        return load_game(text)

    def state(self) -> dict[str, object]:
        """Everything a position consists of, as plain data (for tests and cross-checks)."""
        return {
            "seed": self._seed,
            "level": self._level,
            "phase": self._phase,
            "hand_number": self._hand_number,
            "pass_direction": self._direction,
            "scores": list(self._scores),
            "hand_points": list(self.hand_points),
            "hands": [format_cards(h) for h in self._hands],
            "passed": [format_cards(p) if p else None for p in self._passes],
            "received": [format_cards(r) for r in self._received],
            "tricks": [[f"{s}{c}" for s, c in t] for t in self._tricks],
            "current_trick": [f"{s}{c}" for s, c in self._trick],
            "hearts_broken": self._hearts_broken,
            "to_act": self.to_act,
            "result": self.result,
        }

    def apply(self, action: str) -> None:
        """Apply one action in its save-format text form (``"P0 2C 3C 4C"``, ``"1 QS"``, …)."""
        if action == "G":
            self.gather_trick()
        elif action == "N":
            self.next_hand()
        elif len(action) == 4 and action[0] in "0123" and action[1] == " ":
            self.play(int(action[0]), action[2:])
        elif len(action) == 11 and action[0] == "P" and action[1] in "0123" and action[2] == " ":
            self.submit_pass(int(action[1]), parse_cards(action[3:]))
        else:
            raise IllegalPlay(f"not an action: {action!r}")

    def copy(self) -> Game:
        """An independent copy (the replay of this game's actions)."""
        from .save import replay

        return replay(self._seed, self._level, self._start, self._actions)
