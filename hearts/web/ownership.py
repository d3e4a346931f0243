"""The Web Lock glue: this tab plays the saved game only while it holds the lock.

The decisions are :class:`hearts.web.tablock.TabLock`'s; this part asks the browser for
the lock, tells the page to start, stop or resume, and shows the "open in another tab"
dialog, which has its own listeners because the page ignores events while it waits.
"""

from __future__ import annotations

from collections.abc import Callable

from ..view import dialog_views as views
from . import lifecycle, render
from .lifecycle import CLAIM_MS
from .names import Boot
from .ports import Dom, DomEvent
from .tablock import GRACE_MS, LOCK_NAME, TabLock


class TabOwnership:
    """Whether this tab owns the saved game (holds the Web Lock), and what follows from it."""

    def __init__(
        self,
        dom: Dom,
        *,
        start: Callable[[], None],
        resume: Callable[[], None],
        stop: Callable[[], None],
        lang: Callable[[], str],
        run_safely: Callable[..., None],
    ) -> None:
        self.dom = dom
        self.start, self.resume, self.stop, self.lang = start, resume, stop, lang
        self.run_safely = run_safely
        self.tab = TabLock()
        self.withdraw: Callable[[], None] | None = None  # the waiting request, if any
        self.bound: object = None  # the timer that bounds the first request's answer
        # After pagehide a lock that ends goes with the page (WebKit releases it while the
        # document unloads, and a dialog can no longer open there): nothing to say unless
        # the page comes back from the back/forward cache.
        self.leaving = False
        self.lost_while_away = False
        self.dialog = dom.by_id(render.TAB_DIALOG)
        dom.listen(render.TAB_DIALOG, "click", lambda ev: run_safely(self.on_click, ev))
        dom.listen(render.TAB_DIALOG, "cancel", lambda ev: ev.prevent_default())
        dom.listen(render.TAB_DIALOG, "close", lambda _ev: run_safely(self.on_close))
        dom.listen("window", "pagehide", lambda _ev: self.on_leave())
        dom.listen("window", "pageshow", lambda _ev: run_safely(self.on_back))

    @property
    def owner(self) -> bool:
        return self.tab.owner

    def claim(self) -> None:
        """At start: play if no other tab does, else say so and wait."""
        if not self.dom.has_locks():  # no Web Locks: play as before
            self.tab.granted(self.tab.ask())
            self.start()
            return
        self.dom.report(lifecycle.CLAIMING)
        # A lock manager that never answers is no reason to wait for ever (set first: an
        # answer may come before request() returns).
        self.bound = self.dom.set_timeout(
            lambda: self.run_safely(lambda: self.unanswered(self.tab.request)), CLAIM_MS
        )
        if not self.request("reclaim"):  # this tab was playing before its reload
            self.request("if_available")

    def answered(self) -> None:
        """The lock manager answered the first request: no more bound on it."""
        if self.bound is not None:
            self.dom.clear_timeout(self.bound)
            self.bound = None

    def unanswered(self, number: int) -> None:
        """The browser refused the lock or did not answer: play without it."""
        self.bound = None
        action = self.tab.unanswered(number)
        if action is not None:
            self.begin(action)

    def request(self, mode: str) -> bool:
        """Ask for the lock (``"reclaim"``: adopt the one static/handover.mjs took back;
        ``False`` if there is none)."""
        number = self.tab.ask()

        def granted(held: bool) -> None:
            self.answered()
            if not held:
                self.run_safely(self.on_refused, number)
                return
            action = self.tab.granted(number, waited=mode == "wait")
            if action == "hold":  # the playing tab may be reloading: give it time to return
                self.dom.set_timeout(lambda: self.run_safely(self.settle, number), GRACE_MS)
            elif action is not None:
                self.begin(action)

        def ended() -> None:
            if self.tab.status == "asking" and number == self.tab.request:
                # Rejected before it was ever granted (a SecurityError where site storage
                # is blocked): the browser refuses Web Locks.
                self.answered()
                self.run_safely(self.unanswered, number)
                return
            what = self.tab.lost(number)
            if what == "stop" and self.leaving:
                self.lost_while_away = True
            elif what == "stop":
                self.run_safely(self.on_lost)
            elif what == "wait":  # it came back: wait again, the dialog still says so
                self.request("wait")

        if mode == "reclaim":
            return self.dom.adopt_lock(granted, ended)
        withdraw = self.dom.request_lock(LOCK_NAME, mode, granted, ended)
        if mode == "wait":
            self.withdraw = withdraw
        return True

    def begin(self, action: str) -> None:
        self.hide()
        self.run_safely(self.start if action == "start" else self.resume)
        self.dom.root.set_data("tab", self.tab.status)

    def settle(self, number: int) -> None:
        action = self.tab.settle(number)
        if action is not None:
            self.begin(action)

    def on_refused(self, number: int) -> None:
        if not self.tab.refused(number):
            return
        self.dom.by_id(Boot.box).set_hidden(True)
        self.dom.report(lifecycle.ELSEWHERE)
        self.show()
        self.request("wait")  # closing the other tab hands the game to this one

    def on_leave(self) -> None:
        self.leaving = True

    def on_back(self) -> None:
        """Shown again from the back/forward cache: say now what was lost while away."""
        self.leaving = False
        if self.lost_while_away:
            self.lost_while_away = False
            self.on_lost()

    def on_lost(self) -> None:
        """Another tab took the game over: stop at once, say so, offer to take it back."""
        self.stop()
        self.show()
        self.request("wait")

    def take_over(self) -> None:
        if not self.tab.may_take_over():
            return
        if self.tab.status == "holding" and self.tab.held is not None:
            self.settle(self.tab.held)  # the lock is already here: play now
            return
        if self.withdraw is not None:
            self.withdraw()
            self.withdraw = None
        self.request("steal")

    def show(self) -> None:
        taken = self.tab.status == "taken"
        self.dialog.set_html(render.other_tab(views.other_tab(self.lang(), taken)))
        self.dom.root.set_data("tab", self.tab.status)
        if not self.dialog.is_open:
            self.dialog.show_modal()
        button = self.dialog.query('[data-intent="take-over"]')
        if button is not None:
            button.focus()

    def hide(self) -> None:
        self.dom.root.set_data("tab", self.tab.status)
        if self.dialog.is_open:
            self.dialog.close()

    def on_click(self, event: DomEvent) -> None:
        if event.target is not None and event.target.closest('[data-intent="take-over"]'):
            self.take_over()

    def on_close(self) -> None:
        if self.tab.waiting:  # Escape must not uncover a table this tab does not drive
            self.show()
