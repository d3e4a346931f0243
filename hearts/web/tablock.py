"""One tab drives the saved game; another tab of it waits, or takes over.

Two tabs playing one saved game would overwrite each other's progress and could count a
result twice.  The page therefore holds a Web Lock named :data:`LOCK_NAME` while it plays
(the browser releases it when the tab closes or crashes, and ``steal`` hands it over).
This module is the decision logic, without any browser: the shell reports what the lock
manager said and does what the answer tells it.

* At start the shell asks for the lock without waiting (``ifAvailable``).  Granted: start
  the game.  Refused: say the game is open in another tab, offer to take over, and queue a
  waiting request, so that closing the other tab hands the game to this one.
* Take over: the waiting request is withdrawn and the lock is stolen.  The tab that loses
  it stops at once (no timer, no more writes), says so, offers to take it back, and queues
  a waiting request of its own.
* A tab that gets the lock back resumes from storage: the other tab's progress, not its
  own stale copy.
* The lock that comes to a waiting tab because the playing tab unloaded is *held* for
  :data:`GRACE_MS` before this tab plays: a reload of the playing tab takes it back in
  that time (static/handover.mjs steals it as the page loads), and the waiting tab simply
  waits again.  Only a playing tab that stays away (closed) hands the game over; so does
  the take-over button, at once.

A browser without Web Locks plays as before (one tab, no coordination); so does one whose
lock manager rejects the first request or does not answer it within
:data:`hearts.web.lifecycle.CLAIM_MS` (site storage blocked).
"""

from __future__ import annotations

from dataclasses import dataclass

LOCK_NAME = "hearts.game"
GRACE_MS = 3000  # far longer than a reload takes to run static/handover.mjs
LOCK_MODES = ("if_available", "wait", "steal")
# What static/handover.mjs may hand over after a reload: a lock it asks for or holds.
HANDOVER_STATES = ("asking", "held")


def lock_options(mode: str) -> tuple[dict[str, bool], bool]:
    """The Web Locks request options for ``mode`` (:data:`LOCK_MODES`), and whether the
    request can be withdrawn (only a waiting one: the facade gives it an AbortSignal)."""
    if mode == "if_available":
        return {"ifAvailable": True}, False
    if mode == "steal":
        return {"steal": True}, False
    if mode == "wait":
        return {}, True
    raise ValueError(f"unknown lock mode {mode!r}")


def adoptable(handover_state: str) -> bool:
    """static/handover.mjs has a lock this tab can take over (it asked for it or holds it)."""
    return handover_state in HANDOVER_STATES


@dataclass
class TabLock:
    """What this tab may do with the saved game.

    ``status``: ``"asking"`` (start-up), ``"owner"`` (plays and saves), ``"elsewhere"``
    (another tab had it when this one started), ``"taken"`` (another tab took it over),
    ``"holding"`` (waited, got it, and gives the tab that left a grace period to return).
    Requests are numbered; an answer to a request that is no longer current is ignored.
    """

    status: str = "asking"
    started: bool = False  # this tab has loaded and played the game before
    request: int = 0  # the number of the current lock request
    held: int | None = None  # the request whose lock this tab holds
    waited_as: str = "elsewhere"  # the waiting status to go back to from "holding"

    @property
    def owner(self) -> bool:
        return self.status == "owner"

    @property
    def waiting(self) -> bool:
        """Another tab has the game: show the message and the take-over button."""
        return self.status in ("elsewhere", "taken", "holding")

    def ask(self) -> int:
        """A new lock request (at start, waiting, or stealing): its number."""
        self.request += 1
        return self.request

    def granted(self, request: int, waited: bool = False) -> str | None:
        """The lock manager granted ``request``: ``"start"``, ``"resume"``, ``"hold"`` or
        ``None``.

        ``"start"`` loads and deals for the first time; ``"resume"`` reloads the game
        another tab played meanwhile; ``"hold"``: a waiting request was granted, so keep it
        for :data:`GRACE_MS`, then :meth:`settle`.  A stale grant changes nothing.
        """
        if request != self.request or self.owner or self.status == "holding":
            return None
        self.held = request
        if waited:
            self.waited_as, self.status = self.status, "holding"
            return "hold"
        return self._own()

    def settle(self, request: int) -> str | None:
        """The grace period is over (or the player asked): play, unless it was taken back."""
        if self.status != "holding" or self.held != request:
            return None
        return self._own()

    def _own(self) -> str:
        self.status = "owner"
        first = not self.started
        self.started = True
        return "start" if first else "resume"

    def unanswered(self, request: int) -> str | None:
        """The browser refused ``request`` (rejected it before any grant) or did not answer
        it in time: play as where there are no Web Locks (``"start"``), unless an answer
        came meanwhile or the request is no longer current."""
        if self.status != "asking" or request != self.request:
            return None
        self.held = None
        return self._own()

    def refused(self, request: int) -> bool:
        """``ifAvailable`` found the lock held elsewhere; ``True``: show it and wait."""
        if request != self.request or self.owner:
            return False
        self.status = "elsewhere"
        return True

    def lost(self, request: int) -> str | None:
        """``request`` ended with an error (stolen or withdrawn): ``"stop"`` playing,
        ``"wait"`` again (the tab that left came back within the grace period), or
        ``None``."""
        if request != self.held:
            return None
        self.held = None
        if self.status == "holding":
            self.status = self.waited_as
            return "wait"
        if not self.owner:
            return None
        self.status = "taken"
        return "stop"

    def may_take_over(self) -> bool:
        return self.waiting
