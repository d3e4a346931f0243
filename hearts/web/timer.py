"""The one timer of the page (R22): at most one ``setTimeout`` pending, for the step the
game is waiting for, never one that the state does not call for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .ports import Dom
from .schedule import Pending, TimerPlan


class Timer:
    def __init__(self, dom: Dom, fire: Callable[[Pending], None]) -> None:
        self.dom = dom
        self.fire = fire
        self.plan = TimerPlan()
        self.handle: Any = None

    @property
    def current(self) -> Pending | None:
        return self.plan.current

    def sync(self, want: Pending | None) -> None:
        """Keep the timer for ``want`` (set, kept, or replaced)."""
        cancel, step = self.plan.sync(want)
        if cancel:
            self._clear()
        if step is not None:
            self.handle = self.dom.set_timeout(self._fired, step.delay_ms)

    def stop(self) -> None:
        """No timer at all (another tab took the game over)."""
        self._clear()
        self.plan = TimerPlan()

    def _clear(self) -> None:
        if self.handle is not None:
            self.dom.clear_timeout(self.handle)
            self.handle = None

    def _fired(self) -> None:
        self.handle = None
        step = self.plan.fired()
        if step is not None:
            self.fire(step)
