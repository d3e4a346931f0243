"""The page's state and every intent a player can express, without any browser.

Data flows one way: an intent (tap a card, confirm the pass, continue, new game…) goes
to the engine, which applies or refuses it.  Every intent that does something is one
transaction (:meth:`Controller._transact`): validate, apply the change, commit (the table
first, then the statistics, written once), set the clock, and return an :class:`Outcome`
(the events that happened, the messages to show), or ``None`` when the intent did
nothing.  The controller speaks no language: the page puts the events into words
(:mod:`hearts.web.announce`), builds the view and asks :meth:`pending` what to schedule.
Tests drive this class directly with fake storage and clocks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from ..cards import Card
from ..driver import CPU, take_step
from ..enums import Level, Phase, level_of
from ..game import Game
from ..rules import pass_target, trick_points, trick_winner
from ..stats import FINISHED, PLAYED, Stats
from ..steps import StepKind
from .clock import PlayClock
from .events import (
    CpuPlayed,
    Dealt,
    Event,
    Exchanged,
    HandOver,
    HeartsBroken,
    NewGame,
    Outcome,
    PassFull,
    TrickTaken,
    YouPlayed,
)
from .params import Params, choose_lang
from .records import Records
from .safe_storage import SafeStorage, StorageNotices
from .schedule import Pending, pending
from .settings import Settings
from .table_record import TableRecord, valid_selection

__all__ = ["Controller", "Outcome", "random_id"]

OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
Change = Callable[[], Sequence[Event]]


def random_id() -> str:
    """A game id: 64 random bits, so two games of the same seed are still two games."""
    return os.urandom(8).hex()


def _nothing() -> Sequence[Event]:
    return ()


class Controller:
    """Holds the game, the pass selection, the lifted card, statistics and settings."""

    def __init__(
        self,
        storage: SafeStorage,
        *,
        now: Callable[[], float],
        new_seed: Callable[[], int],
        params: Params | None = None,
        browser_langs: Sequence[str] = (),
        new_id: Callable[[], str] = random_id,
    ) -> None:
        self.storage = storage
        self.records = Records(storage)
        self.now = now
        self.new_seed = new_seed
        self.new_id = new_id
        self.params = params = params or Params()
        self.browser_langs = tuple(browser_langs)
        self.clock = PlayClock()
        self.visible = True
        self.settings = Settings()
        self.stats = Stats()
        self.table: TableRecord | None = None
        self._seed_hook = params.seed
        self.told = StorageNotices(storage)  # what the player was told about storage
        # Fourth cards tapped since the pass selection last changed: the pass panel says
        # what to do (and pulses anew at each); page state, not the game's (not saved).
        self.refused = 0

    # ------------------------------------------------------------------ start-up
    def start(self) -> Outcome:
        """Load what storage holds (setting bad records aside) and resume or deal; the
        commit folds in what a failed or cut-off write left for the statistics."""
        loaded = self.records.load()
        self.settings = loaded.settings
        self.stats = loaded.stats
        self.table = loaded.table
        notices = tuple(f"notice.bad_{problem}" for problem in loaded.problems)
        change = _nothing if self.table is not None else self._deal
        return self._transact(change, notices=notices)

    @property
    def lang(self) -> str:
        return choose_lang(self.params.lang, self.settings.lang, self.browser_langs)

    @property
    def record(self) -> TableRecord:
        assert self.table is not None, "start() deals a game"
        return self.table

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def in_progress(self) -> bool:
        return self.table is not None and self.game.phase != Phase.GAME_OVER

    def pending(self) -> Pending | None:
        return pending(self.game, self.params.timing)

    # ------------------------------------------------------------------ intents
    def tap(self, code: str) -> Outcome | None:
        """A tap (or Enter/Space) on one of your cards; ``None`` if it does nothing.

        Pass phase: select or deselect (at most 3, R7; not a move, R10).  Play phase, your
        turn: the first tap lifts, a tap on the lifted card plays it, a tap on another
        playable card moves the lift (R17).  Forbidden cards do nothing (R18).  A fourth card
        with three chosen changes nothing but says so (:class:`PassFull`).  Before Python runs,
        static/boot/hand.mjs decides the same (both run tests/shared_cases/tap.json).
        """
        try:
            card = Card.parse(code)
        except ValueError:
            return None
        record, game = self.record, self.game
        if game.phase == Phase.PASS and not game.has_passed(0):
            if card not in game.hand(0):
                return None
            if card in record.selection:
                chosen = tuple(c for c in record.selection if c != card)
            elif len(record.selection) < 3:
                chosen = (*record.selection, card)
            else:
                self.refused += 1
                return self._outcome((PassFull(card),))
            return self._transact(lambda: self._select(chosen))
        if game.phase != Phase.PLAY or card not in game.legal_plays(0):
            return None
        if record.lifted == card:
            return self._transact(lambda: self._play(card))
        return self._transact(lambda: self._lift(card))

    def lower(self) -> Outcome | None:
        """Escape or a tap on the felt: the lifted card goes back down; nothing is played
        (static/boot/hand.mjs ``putDown`` before Python runs, tests/shared_cases/tap.json)."""
        if self.table is None or self.record.lifted is None:
            return None
        return self._transact(self._lower)

    def confirm_pass(self) -> Outcome | None:
        """Pass your 3 chosen cards; the CPU seats' passes go first (R9, R11)."""
        record, game = self.record, self.game
        if game.phase != Phase.PASS or game.has_passed(0) or len(record.selection) != 3:
            return None
        return self._transact(self._pass)

    def continue_hand(self) -> Outcome | None:
        """Deal the next hand from the summary."""
        if self.game.phase != Phase.HAND_OVER:
            return None
        return self._transact(self._next_hand)

    def new_game(self, level: Level | str | None = None) -> Outcome:
        """Start a new game; one in progress is abandoned, which is not a loss (R37)."""
        if level is not None:
            self.set_next_level(level)

        def deal() -> Sequence[Event]:
            dealt = self._deal()
            return (NewGame(self.settings.level), *dealt)

        return self._transact(deal)

    def set_next_level(self, level: Level | str) -> Outcome:
        """The difficulty for the next game (R5); the game in progress keeps its own."""
        chosen = level_of(level)
        if chosen == self.settings.level:
            return self._outcome()
        return self._settings(self.settings._replace(level=chosen))

    def set_lang(self, lang: str) -> Outcome:
        settings = self.settings.with_lang(lang)  # ValueError for an unknown language
        self.params = self.params._replace(lang=None)  # an explicit choice beats ?lang=
        return self._settings(settings)

    def set_four_colour(self, on: bool) -> Outcome:
        """The four-colour deck on or off (U11)."""
        return self._settings(self.settings._replace(four_colour=on))

    def set_sound(self, on: bool) -> Outcome:
        """Sound on or off (U10)."""
        return self._settings(self.settings._replace(sound=on))

    def reset_stats(self) -> Outcome:
        """Start counting again.  The game on the table is not counted as played until it
        ends (then it is, with its result, R37); earlier games owed are forgotten too."""

        def reset() -> Sequence[Event]:
            record = self.record
            record.settle()
            self.stats = Stats().mark(record.game_id, FINISHED if record.game.result else PLAYED)
            return ()

        return self._transact(reset)

    def set_visible(self, visible: bool) -> Outcome:
        """The page became visible or hidden: playing time runs only while visible."""
        self.visible = visible
        return self._transact(_nothing, table=False)

    def flush(self) -> Outcome:
        """Store the playing time so far and retry what storage could not take yet (the
        page is being hidden or closed: space may have been freed meanwhile)."""
        outcome = self._transact(_nothing, table=False)
        self.storage.retry()
        return outcome

    # ------------------------------------------------------------------ CPU steps
    def run(self, step: Pending) -> Outcome | None:
        """Carry out a scheduled step if it is still the pending one (never twice, R22)."""
        current = self.pending()
        if current is None or current.key != step.key:
            return None
        return self._transact(self._cpu_step)

    # ------------------------------------------------------------------ the changes
    # Each applies one intent to the table (already validated) and says what happened.
    def _select(self, chosen: tuple[Card, ...]) -> Sequence[Event]:
        self.record.selection = chosen
        self.refused = 0
        return ()

    def _lower(self) -> Sequence[Event]:
        self.record.lifted = None
        return ()

    def _lift(self, card: Card) -> Sequence[Event]:
        self.record.lifted = card
        return ()

    def _play(self, card: Card) -> Sequence[Event]:
        self.record.lifted = None
        broken = self.game.hearts_broken
        self.game.play(0, card)
        return (YouPlayed(card), *self._breaking(broken))

    def _pass(self) -> Sequence[Event]:
        record, game = self.record, self.game
        step = game.next_step  # the CPU seats still to pass go first (steps.CPU_FIRST)
        while step is not None and step.kind == StepKind.PASS and step.seat != 0:
            take_step(game, CPU)
            step = game.next_step
        passed, direction = record.selection, game.pass_direction
        game.submit_pass(0, passed)
        record.selection = ()
        giver = next(seat for seat in range(1, 4) if pass_target(seat, direction) == 0)
        return (Exchanged(game.received(0), passed, pass_target(0, direction), giver),)

    def _next_hand(self) -> Sequence[Event]:
        self.game.next_hand()
        return (Dealt(self.game.hand(0)),)

    def _cpu_step(self) -> Sequence[Event]:
        trick = self.game.current_trick  # what a gathered trick held and was worth
        broken = self.game.hearts_broken
        taken = take_step(self.game, CPU)  # the one step loop: the pending step, no other
        if taken.kind == StepKind.PASS:
            return ()
        if taken.kind == StepKind.PLAY and taken.seat is not None:
            return (CpuPlayed(taken.seat, taken.cards[0]), *self._breaking(broken))
        if taken.kind != StepKind.GATHER:
            raise ValueError(f"not a CPU step: {taken!r}")
        cards = tuple(card for _seat, card in trick)
        return (TrickTaken(trick_winner(trick), trick_points(trick), cards),)

    def _breaking(self, broken_before: bool) -> Sequence[Event]:
        """:class:`HeartsBroken` if the play just made broke hearts."""
        return (HeartsBroken(),) if self.game.hearts_broken and not broken_before else ()

    def _deal(self) -> Sequence[Event]:
        """A new game at the next game's level; the one it replaces is carried as owed
        until the stored statistics have it.  Counted as played the moment it begins (R37)."""
        seed = self._seed_hook if self._seed_hook is not None else self.new_seed()
        self._seed_hook = None  # ?seed=N applies to the next new game only
        owed = () if self.table is None else self.records.owed_after(self.table)
        game = Game.new(seed, self.settings.level)
        self.table = TableRecord(game=game, game_id=self.new_id(), owed=owed)
        return (Dealt(game.hand(0)),)

    # ------------------------------------------------------------------ the transaction
    def _transact(
        self, change: Change, *, table: bool = True, notices: Sequence[str] = ()
    ) -> Outcome:
        """Every intent that does something, the same way: the playing time so far is
        taken (it belongs to the table as it was), ``change`` is applied, the table (unless
        ``table`` is false) and the statistics are committed, the statistics written at
        most once, the clock set running or not, and what happened is returned."""
        now = self.now()
        elapsed = self.clock.take(now)
        if elapsed:
            self.stats = self.stats.add_time(elapsed)
        was_over = self.table is not None and self.game.phase in OVER
        events = list(change())
        if self.table is not None and self.game.phase in OVER and not was_over:
            events.append(HandOver(self.game.hand_number))
        record = self.table if table else None
        if record is not None:
            record.selection = valid_selection(record.game, record.selection)
            if record.lifted is not None and record.lifted not in record.game.legal_plays(0):
                record.lifted = None
        self.stats = self.records.commit(record, self.stats)
        self.clock.update(now, self.visible and self.in_progress)
        return self._outcome(events, notices)

    def sound_unavailable(self) -> Outcome:
        """The browser refused to play sound: the switch goes off, and the player is told."""
        off = self.settings._replace(sound=False)
        return self._settings(off, notices=("notice.sound_unavailable",))

    def _settings(self, settings: Settings, notices: Sequence[str] = ()) -> Outcome:
        """Settings are their own record, not part of the table's commit."""
        self.settings = settings
        self.records.save_settings(settings)
        return self._outcome(notices=notices)

    def _outcome(self, events: Sequence[Event] = (), notices: Sequence[str] = ()) -> Outcome:
        """What happened, and any new messages about storage."""
        told, cleared = self.told.update()
        return Outcome(tuple(events), (*notices, *told), cleared)

    def keep_picture(self, picture: dict[str, object]) -> None:
        """Store what the table shows now, beside the save it belongs to."""
        if self.table is not None:
            self.records.save_picture(picture)
