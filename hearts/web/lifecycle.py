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

INITIAL = "loading"
FAILED = "failed"  # the event of every failure; its detail says why
DIED = "died"  # Python died after the table was playable

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


_STARTING_EXITS = {"restoring": "restoring", "claiming": "claiming", "starting": "starting"}

STATES: Mapping[str, State] = {
    "loading": State(
        "the document arrives; no script of the game has run yet",
        QUIET_MS,
        "static/watch.mjs",
        {"painted": "painted", **_STARTING_EXITS, "updating": "updating", FAILED: "stopped"},
        (RUNTIME,),
    ),
    "painted": State(
        "the table is painted (the saved picture or the neutral table); the runtime loads",
        QUIET_MS,
        "static/watch.mjs",
        {**_STARTING_EXITS, "updating": "updating", FAILED: "stopped"},
        (RUNTIME,),
    ),
    "restoring": State(
        "Python is restored from this browser's memory snapshot",
        QUIET_MS,
        "static/watch.mjs",
        {"refused": "painted", "claiming": "claiming", "starting": "starting", FAILED: "stopped"},
        (SNAPSHOT,),
    ),
    "claiming": State(
        "Python runs and asks for the tab lock (one tab plays the saved game)",
        CLAIM_MS,
        "hearts/web/ownership.py",
        {"elsewhere": "elsewhere", "starting": "starting", FAILED: "stopped"},
        game_runs=True,
    ),
    "elsewhere": State(
        "another tab plays the game: this one waits for it to close, or for the player",
        None,
        None,
        {"starting": "starting", FAILED: "stopped"},
        game_runs=True,
    ),
    "starting": State(
        "Python reads the records and deals or resumes the game",
        QUIET_MS,
        "static/watch.mjs",
        {"ready": "ready", FAILED: "stopped"},
        (RECORD,),
        game_runs=True,
    ),
    "ready": State(
        "the table is playable",
        None,
        None,
        {DIED: "stopped", "updating": "updating"},
        game_runs=True,
    ),
    "updating": State(
        "a waiting version takes over: the page reloads into it",
        TAKE_OVER_MS,
        "static/pwa/update.mjs",
        {"resumed": "painted", FAILED: "stopped"},
    ),
    "stopped": State("the start failed: the way on is shown (it reloads the page)", None, None),
}

# The states a player may find the page waiting in without a bound (the player or
# another tab moves it on).
WAITING = ("elsewhere", "ready")


def next_state(state: str, event: str) -> str | None:
    """The state ``event`` leads to from ``state``; ``None``: no transition."""
    found = STATES.get(state)
    return found.exits.get(event) if found is not None else None


def table() -> dict[str, object]:
    """The table as ``static/build/lifecycle.mjs`` exports it (``LIFECYCLE``)."""
    return {
        "initial": INITIAL,
        "failed": FAILED,
        "died": DIED,
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
