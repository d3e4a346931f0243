"""What the page measures and lets tests read: the timing samples of the CPU's moves and
the read-only debug hooks (``window.heartsDebug``)."""

from __future__ import annotations

import json

from ..save import dump_game
from .controller import Controller
from .timer import Timer

PERF_KEEP = 2000


def sample(series: list[float], value: float) -> None:
    """Append one timing sample (ms), keeping the newest :data:`PERF_KEEP`."""
    series.append(round(value, 3))
    if len(series) > PERF_KEEP:
        del series[0]


class Timings:
    """The samples ``heartsDebug.perf()`` reports (tools/bench_browser.py reads them)."""

    def __init__(self) -> None:
        self.cpu_ms: list[float] = []  # Python time per CPU move: decide + apply + save
        self.move_ms: list[float] = []  # the same plus drawing the table

    def cpu_move(self, decided_ms: float, drawn_ms: float) -> None:
        """One CPU move: its time to the saved state, and to the drawn table."""
        sample(self.cpu_ms, decided_ms)
        sample(self.move_ms, drawn_ms)

    def perf(self) -> str:
        return json.dumps({"cpu_ms": self.cpu_ms, "move_ms": self.move_ms})


def debug_state(ctl: Controller, timer: Timer) -> str:
    """The controller's read-only facts and the step the timer waits for, as JSON."""
    step = timer.current
    waiting = None if step is None else [step.kind, step.seat, step.delay_ms]
    return json.dumps({**facts(ctl), "timer": waiting})


def facts(ctl: Controller) -> dict[str, object]:
    """The controller's read-only facts for tests and bug reports."""
    record, game = ctl.record, ctl.game
    step = ctl.pending()
    return {
        "game": dump_game(game),
        "phase": game.phase,
        "hand_number": game.hand_number,
        "to_act": game.to_act,
        "trick_waiting": game.trick_waiting,
        "legal": [str(c) for c in game.legal_plays(0)],
        "scores": list(game.scores),
        "level": game.level,
        "next_level": ctl.settings.level,
        "lang": ctl.lang,
        "selection": [str(c) for c in record.selection],
        "lifted": None if record.lifted is None else str(record.lifted),
        "game_id": record.game_id,
        "counted": ctl.stats.counted(record.game_id),
        "pending": None if step is None else [step.kind, step.seat, step.delay_ms],
        "stats": ctl.stats.to_json(),
        "storage_degraded": ctl.storage.degraded,
        "storage": ctl.storage.state,
    }
