"""The page's state and every intent a player can express, without any browser.

Data flows one way: an intent (tap a card, confirm the pass, continue, new game…) goes
to the engine, which applies or refuses it; the result is saved at once; the shell then
builds the view (:mod:`hearts.view`) and asks :func:`pending` what to schedule.  The
shell is the only caller; tests drive this class directly with fake storage and clocks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .. import i18n, view
from ..cards import Card
from ..enums import LEVELS
from ..errors import IllegalPlay
from ..game import Game
from ..save import dump_game
from ..stats import Stats
from .clock import PlayClock
from .schedule import DEFAULT_TIMING, Pending, Timing, pending
from .store import Records, SafeStorage, Settings, TableRecord, valid_selection


@dataclass(frozen=True)
class Params:
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
        self.notices: list[str] = []  # i18n keys of messages to show once
        self.spoken: list[str] = []  # announcements for the live region, drained by the shell
        self.settings = Settings()
        self.stats = Stats()
        self.table: TableRecord | None = None
        self._seed_hook = params.seed
        self._storage_noticed = False

    # ------------------------------------------------------------------ start-up
    def start(self) -> None:
        """Load what storage holds (setting bad records aside) and resume or deal."""
        loaded = self.records.load()
        self.settings = loaded.settings
        self.stats = loaded.stats
        for problem in loaded.problems:
            self.notices.append(f"notice.bad_{problem}")
        self.table = loaded.table
        if self.table is None:
            self._deal(self.settings.level)
        else:
            self._count_finished()
        self._check_storage()
        self._tick()

    @property
    def lang(self) -> str:
        return self.params.lang or self.settings.lang or i18n.pick_language(self.browser_langs)

    @property
    def game(self) -> Game:
        assert self.table is not None, "start() deals a game"
        return self.table.game

    @property
    def in_progress(self) -> bool:
        return self.table is not None and self.game.phase != "game_over"

    def view(self) -> view.TableView:
        record = self.table
        assert record is not None
        return view.build(record.game, self.lang, record.selection, record.lifted)

    def pending(self) -> Pending | None:
        return pending(self.game, self.params.timing)

    # ------------------------------------------------------------------ intents
    def tap(self, code: str) -> bool:
        """A tap (or Enter/Space) on one of your cards; ``False`` if it does nothing.

        Pass phase: select or deselect (at most 3, R7; not a move, R10).  Play phase, your
        turn: the first tap lifts, a tap on the lifted card plays it, a tap on another
        playable card moves the lift (R17).  Forbidden cards do nothing (R18).
        """
        try:
            card = Card.parse(code)
        except ValueError:
            return False
        record, game = self.table, self.game
        assert record is not None
        if game.phase == "pass" and not game.has_passed(0):
            if card not in game.hand(0):
                return False
            if card in record.selection:
                record.selection = tuple(c for c in record.selection if c != card)
            elif len(record.selection) < 3:
                record.selection = (*record.selection, card)
            else:
                return False
            self._save()
            return True
        if game.phase != "play" or card not in game.legal_plays(0):
            return False
        if record.lifted == card:
            record.lifted = None
            game.play(0, card)
            self._say("say.you_play", card=card.name(self.lang))
            self._after_move()
            return True
        record.lifted = card
        self._save()
        return True

    def confirm_pass(self) -> bool:
        """Pass your 3 chosen cards; the CPU seats' passes go first (R9, R11)."""
        record, game = self.table, self.game
        assert record is not None
        if game.phase != "pass" or game.has_passed(0) or len(record.selection) != 3:
            return False
        for seat in (1, 2, 3):
            if not game.has_passed(seat):
                game.submit_pass(seat, game.cpu_pass(seat))
        game.submit_pass(0, record.selection)
        record.selection = ()
        names = ", ".join(card.name(self.lang) for card in game.received(0))
        self._say("say.exchange", cards=names)
        self._after_move()
        return True

    def continue_hand(self) -> bool:
        """Deal the next hand from the summary."""
        if self.game.phase != "hand_over":
            return False
        self.game.next_hand()
        self._after_move()
        return True

    def new_game(self, level: str | None = None) -> None:
        """Start a new game; one in progress is abandoned, which is not a loss (R37)."""
        if level is not None:
            self.set_next_level(level)
        self._tick()  # playing time up to now belongs to the old game
        self._deal(self.settings.level)
        self._say("say.new_game", level=i18n.text(self.lang, f"level.{self.settings.level}"))
        self._tick()

    def set_next_level(self, level: str) -> None:
        """The difficulty for the next game (R5); the game in progress keeps its own."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if level != self.settings.level:
            self.settings = replace(self.settings, level=level)
            self.records.save_settings(self.settings)
            self._check_storage()

    def set_lang(self, lang: str) -> None:
        if lang not in i18n.LANGS:
            raise ValueError(f"unknown language {lang!r}")
        self.settings = replace(self.settings, lang=lang)
        self.params = replace(self.params, lang=None)  # an explicit choice beats ?lang=
        self.records.save_settings(self.settings)
        self._check_storage()

    def reset_stats(self) -> None:
        self._tick()
        self.stats = Stats()
        self.records.save_stats(self.stats)
        self._check_storage()

    def set_visible(self, visible: bool) -> None:
        """The page became visible or hidden: playing time runs only while visible."""
        self.visible = visible
        self._tick()

    def flush(self) -> None:
        """Store the playing time so far (the page is being hidden or closed)."""
        self._tick()

    # ------------------------------------------------------------------ CPU steps
    def run(self, step: Pending) -> bool:
        """Carry out a scheduled step if it is still the pending one (never twice, R22)."""
        current = self.pending()
        if current is None or current.key != step.key:
            return False
        game = self.game
        if step.kind == "cpu_pass" and step.seat is not None:
            game.submit_pass(step.seat, game.cpu_pass(step.seat))
            self._save()
            return True
        if step.kind == "cpu_play" and step.seat is not None:
            card = game.cpu_play(step.seat)
            game.play(step.seat, card)
            self._say(
                "say.cpu_plays",
                seat=i18n.seat_name(self.lang, step.seat),
                card=card.name(self.lang),
            )
            self._after_move()
            return True
        if step.kind == "gather":
            trick = game.current_trick
            winner = game.gather_trick()
            points = sum(card.points for _, card in trick)
            worth = i18n.points(self.lang, points)
            if winner == 0:
                self._say("say.you_take", points=worth)
            else:
                self._say("say.cpu_takes", seat=i18n.seat_name(self.lang, winner), points=worth)
            self._after_move()
            return True
        raise IllegalPlay(f"unknown step {step!r}")

    # ------------------------------------------------------------------ internals
    def _say(self, key: str, **fields: object) -> None:
        self.spoken.append(i18n.text(self.lang, key, **fields))

    def _after_move(self) -> None:
        game = self.game
        if game.phase in ("hand_over", "game_over"):
            self._say("say.hand_over", n=game.hand_number)
            summary = view.build(game, self.lang).summary
            if summary is not None:
                rows = "; ".join(f"{r.name} {r.hand} / {r.total}" for r in summary.rows)
                self.spoken.append(rows + ".")
                if summary.moon:
                    self.spoken.append(summary.moon)
                if summary.result_text:
                    self.spoken.append(summary.result_text)
        if not self._count_finished():
            self._save()
        self._tick()

    def _deal(self, level: str) -> None:
        seed = self._seed_hook if self._seed_hook is not None else self.new_seed()
        self._seed_hook = None  # ?seed=N applies to the next new game only
        self.table = TableRecord(game=Game.new(seed, level))
        # Counted as played the moment it begins (R37); written before the game itself.
        self.stats = self.stats.game_started(level)
        self.records.save_stats(self.stats)
        self._save()

    def _count_finished(self) -> bool:
        """Put a finished game's result into the statistics, exactly once (saves if so)."""
        record = self.table
        if record is None or record.counted or record.game.phase != "game_over":
            return False
        result = record.game.result
        assert result is not None
        self.stats = self.stats.game_finished(record.game.level, result)
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
            self._check_storage()
        self.clock.update(now, self.visible and self.in_progress)

    def _save(self) -> None:
        record = self.table
        if record is None:
            return
        record.selection = valid_selection(record.game, record.selection)
        if record.lifted is not None and record.lifted not in record.game.legal_plays(0):
            record.lifted = None
        self.records.save_table(record)
        self._check_storage()

    def _check_storage(self) -> None:
        if self.storage.degraded and not self._storage_noticed:
            self._storage_noticed = True
            self.notices.append("notice.storage")

    def debug_state(self) -> dict[str, object]:
        """Read-only facts for tests and bug reports (``window.heartsDebug.state()``)."""
        record = self.table
        game = self.game
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
            "selection": [str(c) for c in record.selection] if record else [],
            "lifted": str(record.lifted) if record and record.lifted is not None else None,
            "counted": record.counted if record else False,
            "pending": None if step is None else [step.kind, step.seat, step.delay_ms],
            "stats": self.stats.to_json(),
            "storage_degraded": self.storage.degraded,
        }
