"""The running page: after every intent or timer step, draw, announce and set the timer.

:class:`Page` owns the controller and the parts that show its state (painter, dialogs,
timer) and the little state that is the page's own (messages shown, confirmations
asked, a waiting app update).  Every entry point runs inside :meth:`run_safely`: a Python
error shows a message and leaves a working page, never a dead one.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Sequence

from ..errors import SaveError
from ..record import parse_json
from ..view import build as table_view
from ..view import dialogs as views
from . import render
from .announce import spoken
from .controller import Controller
from .dialogs import Dialogs
from .events import Event, Outcome
from .painter import Painter
from .ports import Dom, Intent
from .records import PICTURE_KEY
from .schedule import CADENCE_MS, Pending, Timing
from .timer import Timer

PERF_KEEP = 2000


def _object(text: str) -> dict[str, object]:
    """A JSON object from the boot module (the picture it painted, as stored): parsed
    within the records' limits, as any stored text is (issue 20); ``{}`` if it is not one."""
    try:
        found = parse_json(text)
    except SaveError:
        return {}
    return found if isinstance(found, dict) else {}


def queued_intents(text: str) -> list[Intent]:
    """The boot module's queue (``[{"tap": "QS"}, {"action": "confirm-pass"}]``) as intents;
    anything else in it is dropped, like a tap on nothing."""
    try:
        items = parse_json(text)
    except SaveError:
        return []
    intents = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("tap"), str):
            intents.append(Intent("tap", item["tap"]))
        elif isinstance(item, dict) and item.get("action") == "confirm-pass":
            intents.append(Intent("confirm-pass"))
    return intents


def motion_speed(timing: Timing) -> float:
    """Flights as long as the default cadence allows, shorter at a faster one, none at 0."""
    return min(1.0, timing.cadence_ms / CADENCE_MS)


class Page:
    def __init__(self, dom: Dom, new_controller: Callable[[], Controller]) -> None:
        self.dom = dom
        self.new_controller = new_controller
        self.ctl = new_controller()
        self.painter = Painter(dom, motion_speed(self.ctl.params.timing))
        self.dialogs = Dialogs(dom, self.painter.focus_hand)
        self.timer = Timer(dom, lambda step: self.run_safely(self.on_timer, step))
        self.build: str | None = None  # static/build's id: pictures are kept for it
        self.notices: list[str] = []
        self.confirm_new = self.confirm_reset = False
        self.update_ready = dom.update_ready()  # a new app version waits (static/pwa.mjs)
        self.cpu_ms: list[float] = []  # Python time per CPU move: decide + apply + save
        self.move_ms: list[float] = []  # the same plus drawing the table

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def run_safely(self, fn: Callable[..., object], *args: object) -> None:
        """Run a handler; on any exception log it, tell the player, and keep going."""
        try:
            fn(*args)
        except Exception:
            self.dom.log_error(traceback.format_exc())
            self.show_error()

    # ------------------------------------------------------------------ life cycle
    def start(self) -> list[Intent]:
        """Load or deal, draw the table and hand it to the player.

        Returns what was tapped while the page started (static/boot.js queued it), for the
        caller to carry out in order, now that the engine can decide.
        """
        try:
            boot = self.dom.take_boot()
            self.build = boot.build
            self.ctl.records.reading = self.dom.boot_reading
            outcome = self.ctl.start()
            queued = queued_intents(boot.queued)
            if boot.painted is not None and not queued:
                self.dom.boot_reading(PICTURE_KEY)
                self.painter.adopt(_object(boot.painted))
                self.dom.boot_reading(None)
            self.ctl.set_visible(not self.dom.hidden())
            self.dom.expose("heartsDebug", {"state": self.debug_state, "perf": self.perf})
            self.update(outcome)
            self.dom.by_id("boot").set_hidden(True)
            self.dom.root.set_data("readyMs", str(round(self.dom.now())))  # for the benchmark
            self.dom.root.set_data("state", "ready")
        except Exception:
            # No dead end (issue 20): the table is not playable, so the boot module offers
            # the way on (set aside what was being read, start again) instead of waiting.
            self.dom.boot_failed()
            raise
        return queued

    def resume(self) -> None:
        """This tab has the game again: load what another tab saved, draw it afresh."""
        self.ctl = self.new_controller()
        self.painter.reset()
        self.timer.stop()
        self.update(self.ctl.start())
        self.ctl.set_visible(not self.dom.hidden())

    def stop(self) -> None:
        """Another tab took the game over: no timer, no dialogs, nothing more saved."""
        self.timer.stop()
        self.dialogs.close_all()

    # ------------------------------------------------------------------ drawing
    def update(self, outcome: Outcome | None = None) -> None:
        """Take in what happened, draw the table, say it, and set the one timer (R22)."""
        if outcome is not None:
            self.notices = [key for key in self.notices if key not in outcome.cleared]
            self.notices += [key for key in outcome.notices if key not in self.notices]
        self.draw(outcome.events if outcome is not None else ())
        if outcome is not None:
            self.painter.say(spoken(outcome.events, self.ctl.game, self.lang))
        self.timer.sync(self.ctl.pending())

    def draw(self, events: Sequence[Event] = ()) -> None:
        """Draw the table; ``events``: what just happened, for the cards' flights."""
        lang, record = self.lang, self.ctl.record
        v = table_view(record.game, lang, record.selection, record.lifted)
        notices = views.notices(lang, self.notices)
        if self.painter.paint(v, views.chrome(lang), notices, events):
            for name in self.dialogs.open_names():
                if name != "summary":
                    self.dialogs.fill(name, self.dialog_html(name))
        if self.build is not None:
            self.ctl.keep_picture({**self.painter.drawn(), "build": self.build})
        if v.summary is None:
            self.dialogs.close("summary")
        else:
            self.dialogs.show("summary", render.summary(v.summary, self.update_ready))

    def dialog_html(self, name: str) -> str:
        """The content of a dialog, from its view model."""
        lang, ctl = self.lang, self.ctl
        if name == "menu":
            return render.menu(views.menu(lang))
        if name == "newgame":
            current = ctl.game.level if ctl.in_progress else None
            return render.new_game(
                views.new_game(lang, ctl.settings.level, current, self.confirm_new)
            )
        if name == "stats":
            return render.stats(views.stats(lang, ctl.stats, self.confirm_reset))
        return render.help_text(views.help_view(lang))

    def open(self, name: str) -> None:
        self.ctl.flush()  # the statistics dialog shows up-to-date playing time
        self.dialogs.show(name, self.dialog_html(name))

    def refill(self, name: str, focus: str) -> None:
        self.dialogs.fill(name, self.dialog_html(name))
        self.dialogs.focus_action(name, focus)

    def show_error(self) -> None:
        try:
            if "notice.error" not in self.notices:
                self.notices.append("notice.error")
            self.painter.alert(True)
            self.painter.show_notices(views.notices(self.lang, self.notices))
        except Exception:
            self.dom.log_error(traceback.format_exc())

    # ------------------------------------------------------------------ the timer
    def on_timer(self, step: Pending) -> None:
        start = time.perf_counter()
        try:
            outcome = self.ctl.run(step)
            mid = time.perf_counter()
            self.update(outcome)
        finally:
            if self.timer.current is None:
                self.timer.sync(self.ctl.pending())  # never leave the table without its step
        if outcome is not None and step.kind == "cpu_play":
            end = time.perf_counter()
            self.sample(self.cpu_ms, (mid - start) * 1000)
            self.sample(self.move_ms, (end - start) * 1000)

    @staticmethod
    def sample(series: list[float], value: float) -> None:
        """Append one timing sample (ms), keeping the newest :data:`PERF_KEEP`."""
        series.append(round(value, 3))
        if len(series) > PERF_KEEP:
            del series[0]

    # ------------------------------------------------------------------ read-only hooks
    def debug_state(self) -> str:
        step = self.timer.current
        timer = None if step is None else [step.kind, step.seat, step.delay_ms]
        return json.dumps({**self.ctl.debug_state(), "timer": timer})

    def perf(self) -> str:
        return json.dumps({"cpu_ms": self.cpu_ms, "move_ms": self.move_ms})
