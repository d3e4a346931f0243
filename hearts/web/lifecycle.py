"""The page's life from navigation to play, declared once.

Every part of the start (the painted picture, the memory snapshot, the tab lock, Python's
start, the service worker's take-over, the way on) reports an *event*; one owner, the
browser's ``static/lifecycle.mjs``, looks the event up in :data:`STATES`, performs the
transition and writes ``<html data-state>``.  Nothing else writes that attribute.
``scripts/build_contract.py`` generates this table into ``static/build/lifecycle.mjs``;
:func:`table` is what it writes.  An event a state has no exit for changes nothing (a
late report of a part that lost the race is no transition).

Each state says how long it may go without progress (``bound_ms``; ``None``: it waits
for the player, or it is final), who enforces that bound, and what a failure in it may
blame: a record only when that record's own reading failed, the snapshot only when a
start from it failed before anything else ran, the runtime's files only when they may be
a damaged copy.  ``static/boot/stopped.mjs`` chooses the way on from the state the start
stopped in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# No observable progress (a byte, a mark, a state) for this long: the start has failed
# (static/watch.mjs enforces it; a busy main thread counts as progress).
QUIET_MS = 45_000
# The tab lock answers in milliseconds; a browser that never answers (or rejects the
# request) plays as one without Web Locks (hearts/web/ownership.py enforces it).
CLAIM_MS = 5_000
# A waiting version that does not take over in this time leaves the page on the old one
# (static/pwa/update.mjs enforces it).
TAKE_OVER_MS = 15_000

# The states (each also the event that enters it, where one part reports it).
INITIAL = "loading"
PAINTED = "painted"
RESTORING = "restoring"
CLAIMING = "claiming"
ELSEWHERE = "elsewhere"
STARTING = "starting"
READY = "ready"
UPDATING = "updating"
STOPPED = "stopped"
# The events that enter no state of their own name.
REFUSED = "refused"  # Pyodide refused the memory snapshot: an ordinary start follows
RESUMED = "resumed"  # the waiting version did not take over: this page starts after all
FAILED = "failed"  # the event of every failure; its detail says why
DIED = "died"  # Python died after the table was playable
EVENTS: tuple[str, ...] = (PAINTED, RESTORING, REFUSED, CLAIMING, ELSEWHERE, STARTING)
EVENTS += (READY, UPDATING, RESUMED, FAILED, DIED)

# What a failure may blame (static/boot/stopped.mjs maps each to a way on).
RUNTIME = "runtime"  # a runtime file: the way on checks the copies and tries again
SNAPSHOT = "snapshot"  # the memory snapshot: the next start goes without it
RECORD = "record"  # the record whose reading failed: the way on sets it aside


@dataclass(frozen=True)
class State:
    """One state of the page: its bound, who enforces it, its exits and what it may blame."""

    meaning: str
    bound_ms: int | None
    bound_by: str | None
    exits: Mapping[str, str] = field(default_factory=dict)
    blames: tuple[str, ...] = ()
    game_runs: bool = False  # the game's Python has started (hearts.web.shell.main ran)

    @property
    def final(self) -> bool:
        return not self.exits


_STARTING_EXITS = {RESTORING: RESTORING, CLAIMING: CLAIMING, STARTING: STARTING}

STATES: Mapping[str, State] = {
    INITIAL: State(
        "the document arrives; no script of the game has run yet",
        QUIET_MS,
        "static/watch.mjs",
        {PAINTED: PAINTED, **_STARTING_EXITS, UPDATING: UPDATING, FAILED: STOPPED},
        (RUNTIME,),
    ),
    PAINTED: State(
        "the table is painted (the saved picture or the neutral table); the runtime loads",
        QUIET_MS,
        "static/watch.mjs",
        {**_STARTING_EXITS, UPDATING: UPDATING, FAILED: STOPPED},
        (RUNTIME,),
    ),
    RESTORING: State(
        "Python is restored from this browser's memory snapshot",
        QUIET_MS,
        "static/watch.mjs",
        {REFUSED: PAINTED, CLAIMING: CLAIMING, STARTING: STARTING, FAILED: STOPPED},
        (SNAPSHOT,),
    ),
    CLAIMING: State(
        "Python runs and asks for the tab lock (one tab plays the saved game)",
        CLAIM_MS,
        "hearts/web/ownership.py",
        {ELSEWHERE: ELSEWHERE, STARTING: STARTING, FAILED: STOPPED},
        game_runs=True,
    ),
    ELSEWHERE: State(
        "another tab plays the game: this one waits for it to close, or for the player",
        None,
        None,
        {STARTING: STARTING, FAILED: STOPPED},
        game_runs=True,
    ),
    STARTING: State(
        "Python reads the records and deals or resumes the game",
        QUIET_MS,
        "static/watch.mjs",
        {READY: READY, FAILED: STOPPED},
        (RECORD,),
        game_runs=True,
    ),
    READY: State(
        "the table is playable",
        None,
        None,
        {DIED: STOPPED, UPDATING: UPDATING},
        game_runs=True,
    ),
    UPDATING: State(
        "a waiting version takes over: the page reloads into it",
        TAKE_OVER_MS,
        "static/pwa/update.mjs",
        {RESUMED: PAINTED, FAILED: STOPPED},
    ),
    STOPPED: State("the start failed: the way on is shown (it reloads the page)", None, None),
}

# The states a player may find the page waiting in without a bound (the player or
# another tab moves it on).
WAITING = (ELSEWHERE, READY)


def next_state(state: str, event: str) -> str | None:
    """The state ``event`` leads to from ``state``; ``None``: no transition."""
    found = STATES.get(state)
    return found.exits.get(event) if found is not None else None


def table() -> dict[str, object]:
    """The table as ``static/build/lifecycle.mjs`` exports it (``LIFECYCLE``)."""
    return {
        "initial": INITIAL,
        "ready": READY,
        "stopped": STOPPED,
        "failed": FAILED,
        "died": DIED,
        "events": {event: event for event in EVENTS},
        "blame": {blame: blame for blame in (RUNTIME, SNAPSHOT, RECORD)},
        "states": {
            name: {
                "bound": state.bound_ms,
                "boundBy": state.bound_by,
                "exits": dict(state.exits),
                "blames": list(state.blames),
                "gameRuns": state.game_runs,
            }
            for name, state in STATES.items()
        },
    }
