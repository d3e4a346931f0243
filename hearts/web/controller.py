"""The page's state and every intent a player can express, without any browser.

Data flows one way: an intent (tap a card, confirm the pass, continue, new game…) goes
to the engine, which applies or refuses it; the result is saved at once; the method
returns an :class:`Outcome` (what to announce, what to tell the player) or ``None`` when
the intent did nothing.  The page then builds the view and asks :meth:`pending` what to
schedule.  Tests drive this class directly with fake storage and clocks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import i18n, view
from ..cards import Card
from ..enums import Level, Phase, level_of
from ..game import Game
from ..rules import trick_points
from ..save import dump_game
from ..stats import Stats
from .clock import PlayClock
from .schedule import DEFAULT_TIMING, Pending, Timing, pending
from .store import Records, SafeStorage, Settings, TableRecord, valid_selection


class Params(NamedTuple):
    """The page's test hooks: ``?seed=N``, ``?cadence=MS``, ``?lang=en|de``."""

    seed: int | None = None
    timing: Timing = DEFAULT_TIMING
    lang: str | None = None

    @classmethod
    def from_query(cls, query: dict[str, str]) -> Params:
        seed = _int(query.get("seed"))
        cadence = _int(query.get("cadence"))
        lang = query.get("lang")
        return cls(
            seed=seed if seed is not None and 0 <= seed < 2**63 else None,
            timing=DEFAULT_TIMING if cadence is None else Timing.from_cadence(cadence),
            lang=lang if lang in i18n.LANGS else None,
        )


def _int(text: str | None) -> int | None:
    if text is None or not text.strip().isdigit() or len(text) > 19:
        return None
    return int(text)


class Outcome(NamedTuple):
    """What an intent did, for the page: announcements and messages to show."""

    spoken: tuple[str, ...] = ()  # for the polite live region, in order
    notices: tuple[str, ...] = ()  # i18n keys of messages the player should see


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
    ) -> None:
        self.storage = storage
        self.records = Records(storage)
        self.now = now
        self.new_seed = new_seed
        self.params = params = params or Params()
        self.browser_langs = tuple(browser_langs)
        self.clock = PlayClock()
        self.visible = True
        self.settings = Settings()
        self.stats = Stats()
        self.table: TableRecord | None = None
        self._seed_hook = params.seed
        self._storage_noticed = False
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
            self._count_finished()
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
            self._save()
            return self._outcome()
        if game.phase != Phase.PLAY or card not in game.legal_plays(0):
            return None
        if record.lifted == card:
            record.lifted = None
            game.play(0, card)
            self._say("say.you_play", card=card.name(self.lang))
            return self._after_move()
        record.lifted = card
        self._save()
        return self._outcome()

    def confirm_pass(self) -> Outcome | None:
        """Pass your 3 chosen cards; the CPU seats' passes go first (R9, R11)."""
        record, game = self.record, self.game
        if game.phase != Phase.PASS or game.has_passed(0) or len(record.selection) != 3:
            return None
        for seat in (1, 2, 3):
            if not game.has_passed(seat):
                game.submit_pass(seat, game.cpu_pass(seat))
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
        self._tick()
        self.stats = Stats()
        self.records.save_stats(self.stats)
        return self._outcome()

    def set_visible(self, visible: bool) -> Outcome:
        """The page became visible or hidden: playing time runs only while visible."""
        self.visible = visible
        self._tick()
        return self._outcome()

    def flush(self) -> Outcome:
        """Store the playing time so far (the page is being hidden or closed)."""
        self._tick()
        return self._outcome()

    # ------------------------------------------------------------------ CPU steps
    def run(self, step: Pending) -> Outcome | None:
        """Carry out a scheduled step if it is still the pending one (never twice, R22)."""
        current = self.pending()
        if current is None or current.key != step.key:
            return None
        game, seat = self.game, step.seat
        if step.kind == "cpu_pass" and seat is not None:
            game.submit_pass(seat, game.cpu_pass(seat))
            self._save()
            return self._outcome()
        if step.kind == "cpu_play" and seat is not None:
            card = game.cpu_play(seat)
            game.play(seat, card)
            name = i18n.seat_name(self.lang, seat)
            self._say("say.cpu_plays", seat=name, card=card.name(self.lang))
            return self._after_move()
        worth = i18n.points(self.lang, trick_points(game.current_trick))
        winner = game.gather_trick()
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
        if self.storage.degraded and not self._storage_noticed:
            self._storage_noticed = True
            found.append("notice.storage")
        return Outcome(spoken, tuple(found))

    def _after_move(self) -> Outcome:
        game = self.game
        summary = view.summary_of(game, view.Texts(self.lang))
        if summary is not None:
            self._say("say.hand_over", n=game.hand_number)
            rows = "; ".join(f"{r.name} {r.hand} / {r.total}" for r in summary.rows)
            self._spoken.append(rows + ".")
            self._spoken.extend(text for text in (summary.moon, summary.result_text) if text)
        if not self._count_finished():
            self._save()
        self._tick()
        return self._outcome()

    def _deal(self, level: Level) -> None:
        seed = self._seed_hook if self._seed_hook is not None else self.new_seed()
        self._seed_hook = None  # ?seed=N applies to the next new game only
        self.table = TableRecord(game=Game.new(seed, level))
        # Counted as played the moment it begins (R37); written before the game itself.
        self.stats = self.stats.game_started(level)
        self.records.save_stats(self.stats)
        self._save()

    def _count_finished(self) -> bool:
        """Put a finished game's result into the statistics, exactly once (saves if so)."""
        record = self.record
        if record.counted or record.game.result is None:
            return False
        self.stats = self.stats.game_finished(record.game.level, record.game.result)
        # Statistics first, then the flag: both writes happen in the same JS task, so a
        # reload sees both or neither.
        self.records.save_stats(self.stats)
        record.counted = True
        self._save()
        return True

    def _tick(self) -> None:
        """Move playing time into the statistics (saved); start or stop the clock."""
        now = self.now()
        elapsed = self.clock.take(now)
        if elapsed:
            self.stats = self.stats.add_time(elapsed)
            self.records.save_stats(self.stats)
        self.clock.update(now, self.visible and self.in_progress)

    def _save(self) -> None:
        record = self.record
        record.selection = valid_selection(record.game, record.selection)
        if record.lifted is not None and record.lifted not in record.game.legal_plays(0):
            record.lifted = None
        self.records.save_table(record)

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
            "counted": record.counted,
            "pending": None if step is None else [step.kind, step.seat, step.delay_ms],
            "stats": self.stats.to_json(),
            "storage_degraded": self.storage.degraded,
        }
