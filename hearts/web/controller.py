"""The page's state and every intent a player can express, without any browser.

Data flows one way: an intent (tap a card, confirm the pass, continue, new game…) goes
to the engine, which applies or refuses it; the result is saved at once; the method
returns an :class:`Outcome` (what to announce, what to tell the player) or ``None`` when
the intent did nothing.  The page then builds the view and asks :meth:`pending` what to
schedule.  Tests drive this class directly with fake storage and clocks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import i18n, view
from ..cards import Card
from ..driver import CPU, take_step
from ..enums import Level, Phase, level_of
from ..game import Game
from ..rules import trick_points
from ..save import dump_game
from ..stats import FINISHED, PLAYED, Fold, Stats
from ..steps import StepKind
from .clock import PlayClock
from .params import Params
from .schedule import Pending, pending
from .storage import FAILING, FULL, OK, UNAVAILABLE, SafeStorage
from .store import MAX_OWED, STATS_KEY, Records, Settings, TableRecord, valid_selection

STORAGE_NOTICES = {
    FULL: "notice.storage_full",
    FAILING: "notice.storage_failing",
    UNAVAILABLE: "notice.storage_unavailable",
}


def random_id() -> str:
    """A game id: 64 random bits, so two games of the same seed are still two games."""
    return os.urandom(8).hex()


class Outcome(NamedTuple):
    """What an intent did, for the page: announcements and messages to show."""

    spoken: tuple[str, ...] = ()  # for the polite live region, in order
    notices: tuple[str, ...] = ()  # i18n keys of messages the player should see
    cleared: tuple[str, ...] = ()  # messages no longer true (storage writes again)


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
        self._noticed: set[str] = set()  # storage states already told to the player
        self._spoken: list[str] = []  # gathered while one intent runs, then returned

    # ------------------------------------------------------------------ start-up
    def start(self) -> Outcome:
        """Load what storage holds (setting bad records aside) and resume or deal."""
        loaded = self.records.load()
        self.settings = loaded.settings
        self.stats = loaded.stats
        notices = [f"notice.bad_{problem}" for problem in loaded.problems]
        self.table = loaded.table
        if self.table is None:
            self._deal(self.settings.level)
        else:
            self._commit()  # folds in what a failed or cut-off write left for the statistics
        self._tick()
        return self._outcome(notices)

    @property
    def lang(self) -> str:
        return self.params.lang or self.settings.lang or i18n.pick_language(self.browser_langs)

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

    def view(self) -> view.TableView:
        record = self.record
        return view.build(record.game, self.lang, record.selection, record.lifted)

    def pending(self) -> Pending | None:
        return pending(self.game, self.params.timing)

    # ------------------------------------------------------------------ intents
    def tap(self, code: str) -> Outcome | None:
        """A tap (or Enter/Space) on one of your cards; ``None`` if it does nothing.

        Pass phase: select or deselect (at most 3, R7; not a move, R10).  Play phase, your
        turn: the first tap lifts, a tap on the lifted card plays it, a tap on another
        playable card moves the lift (R17).  Forbidden cards do nothing (R18).
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
                record.selection = tuple(c for c in record.selection if c != card)
            elif len(record.selection) < 3:
                record.selection = (*record.selection, card)
            else:
                return None
            self._commit()
            return self._outcome()
        if game.phase != Phase.PLAY or card not in game.legal_plays(0):
            return None
        if record.lifted == card:
            record.lifted = None
            game.play(0, card)
            self._say("say.you_play", card=card.name(self.lang))
            return self._after_move()
        record.lifted = card
        self._commit()
        return self._outcome()

    def confirm_pass(self) -> Outcome | None:
        """Pass your 3 chosen cards; the CPU seats' passes go first (R9, R11)."""
        record, game = self.record, self.game
        if game.phase != Phase.PASS or game.has_passed(0) or len(record.selection) != 3:
            return None
        step = game.next_step  # the CPU seats still to pass go first (steps.CPU_FIRST)
        while step is not None and step.kind == StepKind.PASS and step.seat != 0:
            take_step(game, CPU)
            step = game.next_step
        game.submit_pass(0, record.selection)
        record.selection = ()
        names = ", ".join(card.name(self.lang) for card in game.received(0))
        self._say("say.exchange", cards=names)
        return self._after_move()

    def continue_hand(self) -> Outcome | None:
        """Deal the next hand from the summary."""
        if self.game.phase != Phase.HAND_OVER:
            return None
        self.game.next_hand()
        return self._after_move()

    def new_game(self, level: Level | str | None = None) -> Outcome:
        """Start a new game; one in progress is abandoned, which is not a loss (R37)."""
        if level is not None:
            self.set_next_level(level)
        self._tick()  # playing time up to now belongs to the old game
        self._deal(self.settings.level)
        self._say("say.new_game", level=i18n.text(self.lang, f"level.{self.settings.level}"))
        self._tick()
        return self._outcome()

    def set_next_level(self, level: Level | str) -> Outcome:
        """The difficulty for the next game (R5); the game in progress keeps its own."""
        chosen = level_of(level)
        if chosen != self.settings.level:
            self.settings = self.settings._replace(level=chosen)
            self.records.save_settings(self.settings)
        return self._outcome()

    def set_lang(self, lang: str) -> Outcome:
        if lang not in i18n.LANGS:
            raise ValueError(f"unknown language {lang!r}")
        self.settings = self.settings._replace(lang=lang)
        self.params = self.params._replace(lang=None)  # an explicit choice beats ?lang=
        self.records.save_settings(self.settings)
        return self._outcome()

    def reset_stats(self) -> Outcome:
        """Start counting again.  The game on the table is not counted as played until it
        ends (then it is, with its result, R37); earlier games owed are forgotten too."""
        self._tick()
        record = self.record
        record.owed, record.legacy = (), None
        self.stats = Stats().mark(record.game_id, FINISHED if record.game.result else PLAYED)
        self.records.save_table(record)
        self.records.save_stats(self.stats)
        return self._outcome()

    def set_visible(self, visible: bool) -> Outcome:
        """The page became visible or hidden: playing time runs only while visible."""
        self.visible = visible
        self._tick()
        return self._outcome()

    def flush(self) -> Outcome:
        """Store the playing time so far and retry what storage could not take yet (the
        page is being hidden or closed: space may have been freed meanwhile)."""
        self._tick()
        self.storage.retry()
        return self._outcome()

    # ------------------------------------------------------------------ CPU steps
    def run(self, step: Pending) -> Outcome | None:
        """Carry out a scheduled step if it is still the pending one (never twice, R22)."""
        current = self.pending()
        if current is None or current.key != step.key:
            return None
        trick = self.game.current_trick  # what a gathered trick was worth
        taken = take_step(self.game, CPU)  # the one step loop: the pending step, no other
        if taken.step.kind == StepKind.PASS:
            self._commit()
            return self._outcome()
        if taken.step.kind == StepKind.PLAY and taken.seat is not None:
            name = i18n.seat_name(self.lang, taken.seat)
            self._say("say.cpu_plays", seat=name, card=taken.cards[0].name(self.lang))
            return self._after_move()
        winner = taken.winner
        if winner is None:  # only a gathered trick is left, and it has a winner
            raise ValueError(f"not a CPU step: {taken.step!r}")
        worth = i18n.points(self.lang, trick_points(trick))
        if winner == 0:
            self._say("say.you_take", points=worth)
        else:
            self._say("say.cpu_takes", seat=i18n.seat_name(self.lang, winner), points=worth)
        return self._after_move()

    # ------------------------------------------------------------------ internals
    def _say(self, key: str, **fields: object) -> None:
        self._spoken.append(i18n.text(self.lang, key, **fields))

    def _outcome(self, notices: Sequence[str] = ()) -> Outcome:
        """The announcements gathered since the last outcome, and any new messages."""
        spoken, self._spoken = tuple(self._spoken), []
        found = list(notices)
        state = self.storage.state if self.storage.degraded else OK
        # Told only while it is true: a storage that writes again withdraws its message
        # (and a later failure is told again); once per state, no nagging on every move.
        cleared = tuple(STORAGE_NOTICES[old] for old in sorted(self._noticed) if old != state)
        self._noticed.intersection_update({state})
        if state in STORAGE_NOTICES and state not in self._noticed:
            self._noticed.add(state)
            found.append(STORAGE_NOTICES[state])
        return Outcome(spoken, tuple(found), cleared)

    def _after_move(self) -> Outcome:
        game = self.game
        summary = view.summary_of(game, view.Texts(self.lang))
        if summary is not None:
            self._say("say.hand_over", n=game.hand_number)
            rows = "; ".join(f"{r.name} {r.hand} / {r.total}" for r in summary.rows)
            self._spoken.append(rows + ".")
            self._spoken.extend(text for text in (summary.moon, summary.result_text) if text)
        self._commit()
        self._tick()
        return self._outcome()

    def _deal(self, level: Level) -> None:
        seed = self._seed_hook if self._seed_hook is not None else self.new_seed()
        self._seed_hook = None  # ?seed=N applies to the next new game only
        owed: tuple[Fold, ...] = ()
        if self.table is not None:
            # The game being replaced: if the stored statistics may lack it, the new
            # table carries it until they are stored (an abandoned game counts as played
            # only, a finished one with its result, R37).
            old = self.table
            owed = old.owed
            if not self.storage.persisted(STATS_KEY):
                owed = (*owed, old.fold())[-MAX_OWED:]
        self.table = TableRecord(game=Game.new(seed, level), game_id=self.new_id(), owed=owed)
        self._commit()  # counted as played the moment it begins (R37)

    def _commit(self) -> None:
        """One move, one commit: the table first, then the statistics it changed.

        Folding is idempotent (by game id), so whichever write fails or is cut off, the
        next commit or the next load counts every game exactly once.
        """
        record = self.record
        record.selection = valid_selection(record.game, record.selection)
        if record.lifted is not None and record.lifted not in record.game.legal_plays(0):
            record.lifted = None
        before = self.stats
        if record.legacy is not None:
            self.stats = self.stats.mark(record.game_id, record.legacy)
        for game in (*record.owed, record.fold()):
            self.stats = self.stats.fold(game)
        self.records.save_table(record)
        if self.stats != before:
            self.records.save_stats(self.stats)
        if self.storage.persisted(STATS_KEY):
            # The stored statistics have it all: the next table write drops these.
            record.owed, record.legacy = (), None

    def _tick(self) -> None:
        """Move playing time into the statistics (saved); start or stop the clock."""
        now = self.now()
        elapsed = self.clock.take(now)
        if elapsed:
            self.stats = self.stats.add_time(elapsed)
            self.records.save_stats(self.stats)
        self.clock.update(now, self.visible and self.in_progress)

    def keep_snapshot(self, snapshot: dict[str, object]) -> None:
        """Store what the table shows now, beside the save it belongs to."""
        if self.table is not None:
            self.records.save_snapshot(snapshot)

    def debug_state(self) -> dict[str, object]:
        """Read-only facts for tests and bug reports (``window.heartsDebug.state()``)."""
        record, game = self.record, self.game
        step = self.pending()
        return {
            "game": dump_game(game),
            "phase": game.phase,
            "hand_number": game.hand_number,
            "to_act": game.to_act,
            "trick_waiting": game.trick_waiting,
            "legal": [str(c) for c in game.legal_plays(0)],
            "scores": list(game.scores),
            "level": game.level,
            "next_level": self.settings.level,
            "lang": self.lang,
            "selection": [str(c) for c in record.selection],
            "lifted": None if record.lifted is None else str(record.lifted),
            "game_id": record.game_id,
            "counted": self.stats.counted(record.game_id),
            "pending": None if step is None else [step.kind, step.seat, step.delay_ms],
            "stats": self.stats.to_json(),
            "storage_degraded": self.storage.degraded,
            "storage": self.storage.state,
        }
