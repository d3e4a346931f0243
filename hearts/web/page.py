"""The page's life cycle: start, resume and stop; after every intent or timer step, draw
(:mod:`hearts.web.drawing`), store the picture drawn, and set the timer.

:class:`Page` composes the controller with the drawing, the timer and the timing samples
(:mod:`hearts.web.timing`).  Every entry point runs inside :meth:`run_safely`: a Python
error shows a message and leaves a working page, never a dead one.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable

from ..errors import SaveError
from ..sealed import parse_json
from ..steps import StepKind
from . import lifecycle
from .controller import Controller
from .drawing import Drawing
from .events import Outcome
from .names import Boot, Globals, Intents
from .ports import Dom, Intent
from .records import PICTURE_KEY
from .schedule import Pending
from .timer import Timer
from .timing import Timings, debug_state


def _object(text: str) -> dict[str, object]:
    """A JSON object from the boot module (the picture it painted, as stored): parsed
    within the records' limits, as any stored text is; ``{}`` if it is not one."""
    try:
        found = parse_json(text)
    except SaveError:
        return {}
    return found if isinstance(found, dict) else {}


QUEUED_INTENTS = (Intents.confirmPass, Intents.lower)  # static/boot/input.mjs queues these


def queued_intents(text: str) -> list[Intent]:
    """The boot module's queue (``[{"tap": "QS"}, {"intent": "confirm-pass"}]``; the intents
    are "confirm-pass" and "lower") as intents; anything else in it is dropped, like a tap
    on nothing."""
    try:
        items = parse_json(text)
    except SaveError:
        return []
    intents = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("tap"), str):
            intents.append(Intent("tap", item["tap"]))
        elif isinstance(item, dict) and item.get("intent") in QUEUED_INTENTS:
            intents.append(Intent(str(item["intent"])))
    return intents


class Page:
    def __init__(self, dom: Dom, new_controller: Callable[[], Controller]) -> None:
        self.dom = dom
        self.new_controller = new_controller
        self.ctl = new_controller()
        self.drawing = Drawing(dom, lambda: self.ctl)
        self.timer = Timer(dom, lambda step: self.run_safely(self.on_timer, step))
        self.timings = Timings()
        self.build: str | None = None  # static/build's id: pictures are kept for it

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def run_safely(self, fn: Callable[..., object], *args: object) -> None:
        """Run a handler; on any exception log it, tell the player, and keep going."""
        try:
            fn(*args)
        except Exception:
            self.dom.log_error(traceback.format_exc())
            self.drawing.show_error()

    # ------------------------------------------------------------------ life cycle
    def start(self) -> list[Intent]:
        """Load or deal, draw the table and hand it to the player.

        Returns what was tapped while the page started (static/boot.js queued it), for the
        caller to carry out in order, now that the engine can decide.
        """
        try:
            self.dom.report(lifecycle.STARTING)
            boot = self.dom.take_boot()
            self.build = boot.build
            self.ctl.records.reading = self.dom.boot_reading
            outcome = self.ctl.start()
            painted = _object(boot.painted) if boot.painted is not None else {}
            queued = queued_intents(boot.queued)
            if queued and painted.get("table") != self.ctl.records.table_check:
                # Tapped on a picture of another point of the game (another tab played on
                # while this one waited): nothing is played that was not chosen on the
                # table the player saw.
                queued = []
            if boot.painted is not None and not queued:
                self.dom.boot_reading(PICTURE_KEY)
                self.drawing.painter.adopt(painted)
                self.dom.boot_reading(None)
            self.ctl.set_visible(not self.dom.hidden())
            debug = {"state": self.debug_state, "perf": self.timings.perf}
            self.dom.expose(Globals.debug, debug)
            self.take_in(outcome)
            self.dom.by_id(Boot.box).set_hidden(True)
            self.dom.root.set_data("readyMs", str(round(self.dom.now())))  # for the benchmark
            self.dom.report(lifecycle.READY)
        except Exception:
            # No dead end: the table is not playable, so the boot module offers the way on
            # (static/boot/stopped.mjs chooses it) instead of waiting.
            self.dom.boot_failed()
            raise
        return queued

    def resume(self) -> None:
        """This tab has the game again: load what another tab saved, draw it afresh."""
        self.ctl = self.new_controller()
        self.drawing.painter.reset()
        self.timer.stop()
        self.take_in(self.ctl.start())
        self.ctl.set_visible(not self.dom.hidden())

    def stop(self) -> None:
        """Another tab took the game over: no timer, no dialogs, nothing more saved."""
        self.timer.stop()
        self.drawing.dialogs.close_all()

    # ------------------------------------------------------------------ after each step
    def take_in(self, outcome: Outcome | None = None) -> None:
        """Take in what happened, draw and say it, store the picture, and set the one
        timer (R22): set even when the drawing fails, so the CPU seats never stop."""
        try:
            self.drawing.take_in(outcome)
            if self.drawing.sound_failed and self.ctl.settings.sound:
                # The browser refuses audio: sound switches itself off, and says so (U10).
                self.drawing.take_in(self.ctl.sound_unavailable())
            self.keep_picture()
        finally:
            self.timer.sync(self.ctl.pending())

    def draw(self) -> None:
        """Draw the table again (nothing happened) and store the picture."""
        self.drawing.draw()
        self.keep_picture()

    def keep_picture(self) -> None:
        """Store what is drawn now beside the save, for static/boot.js to paint at the next
        start (after every draw: a reload shows the table as the player left it)."""
        if self.build is not None:
            self.ctl.keep_picture(self.drawing.picture(self.build))

    # ------------------------------------------------------------------ the intents' API
    # What a handler (hearts/web/handlers.py) may do to the page, each named for what it
    # changes; the handlers reach into none of the page's parts.
    def carry_out(
        self, handler: Callable[[Page, Controller, Intent], None], intent: Intent
    ) -> None:
        """Run ``handler`` for ``intent`` with this page and its controller, safely."""
        self.run_safely(handler, self, self.ctl, intent)

    def apply(self, outcome: Outcome | None) -> None:
        """Draw what the controller did; nothing if it refused the intent."""
        if outcome is not None:
            self.take_in(outcome)

    def open(self, name: str) -> None:
        """Open a dialog; the statistics it may show include the playing time up to now."""
        self.ctl.flush()
        self.drawing.open(name)

    def close(self, *names: str) -> None:
        for name in names:
            self.drawing.dialogs.close(name)

    def close_all_but(self, keep: str) -> None:
        self.drawing.dialogs.close_all(keep=keep)

    def ask(self, *, new: bool = False, reset: bool = False) -> None:
        """The confirmations the dialogs show: abandon the game, reset the statistics."""
        self.drawing.screen = self.drawing.screen._replace(confirm_new=new, confirm_reset=reset)

    def refill(self, name: str, focus: str) -> None:
        """Draw an open dialog's content again, the focus on its ``focus`` action."""
        self.drawing.refill(name, focus)

    def offer_update(self) -> None:
        """A new app version waits: the summary between hands offers it."""
        self.drawing.screen = self.drawing.screen._replace(update_ready=True)
        self.draw()

    def take_update(self) -> None:
        self.dom.apply_update()

    def dismiss_notices(self) -> None:
        self.drawing.screen = self.drawing.screen._replace(notices=())
        self.drawing.painter.alert(False)
        self.draw()
        self.focus_hand()

    def focus_hand(self) -> None:
        self.drawing.painter.focus_hand()

    def focus_card(self, code: str) -> None:
        """The card the keyboard is on (the next draw keeps the focus there)."""
        self.drawing.painter.focus_code = code

    def focus_lang(self, lang: str) -> None:
        self.drawing.dialogs.focus_lang(lang)

    def forget_focus(self) -> None:
        """The next dialog closed hands the focus to the hand, not back to its opener."""
        self.drawing.dialogs.forget_focus()

    def navigate(self, move: str) -> None:
        self.drawing.painter.navigate(move)

    def visible(self) -> bool:
        return not self.dom.hidden()

    # ------------------------------------------------------------------ the timer
    def on_timer(self, step: Pending) -> None:
        start = time.perf_counter()
        try:
            outcome = self.ctl.run(step)
            mid = time.perf_counter()
            self.take_in(outcome)
        finally:
            if self.timer.current is None:
                self.timer.sync(self.ctl.pending())  # never leave the table without its step
        if outcome is not None and step.kind == StepKind.PLAY:
            end = time.perf_counter()
            self.timings.cpu_move((mid - start) * 1000, (end - start) * 1000)

    def debug_state(self) -> str:
        """``heartsDebug.state()``: read-only facts for tests and bug reports."""
        return debug_state(self.ctl, self.timer)
