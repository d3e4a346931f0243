"""Statistics per difficulty (R36, R37) as pure values with a validated, versioned form.

A game counts as played the moment it starts; only a game played to the end counts as a
win, loss or draw, so abandoning a game is not a loss.  Total playing time is kept in
whole milliseconds.  No streaks, no best scores, no per-hand counts (R36).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .enums import LEVELS, Level, Result, level_of
from .errors import SaveError
from .record import open_record, seal

_FIELD = {Result.WIN: "won", Result.LOSS: "lost", Result.DRAW: "drawn"}
STATS_KIND = "hearts-stats"
STATS_VERSION = 1
_MAX_COUNT = 10**9


class LevelStats(NamedTuple):
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def unfinished(self) -> int:
        """Games started but abandoned (not a loss, R37)."""
        return self.played - self.won - self.lost - self.drawn


class Stats(NamedTuple):
    easy: LevelStats = LevelStats()
    medium: LevelStats = LevelStats()
    hard: LevelStats = LevelStats()
    time_ms: int = 0

    def level(self, level: Level | str) -> LevelStats:
        record: LevelStats = getattr(self, level_of(level))
        return record

    def game_started(self, level: Level | str) -> Stats:
        """Count a game as played when it begins (R37)."""
        record = self.level(level)
        return self._with(level, record._replace(played=record.played + 1))

    def game_finished(self, level: Level | str, result: Result | str) -> Stats:
        """Count a game played to its end as a win, loss or draw.

        A finished game was also played: if the statistics were reset (or set aside) while
        it ran, it is counted as played again, so the record always stays valid
        (won + lost + drawn <= played).
        """
        record = self.level(level)
        try:
            field = _FIELD[Result(result)]
        except ValueError:
            raise ValueError(f"unknown result {result!r}") from None
        record = record._replace(**{field: getattr(record, field) + 1})
        if record.unfinished < 0:
            record = record._replace(played=record.played + 1)
        return self._with(level, record)

    def _with(self, level: Level | str, record: LevelStats) -> Stats:
        """These statistics with ``level``'s record replaced."""
        chosen = level_of(level)
        easy, medium, hard = (record if lvl == chosen else self.level(lvl) for lvl in LEVELS)
        return Stats(easy, medium, hard, self.time_ms)

    def add_time(self, milliseconds: int) -> Stats:
        """Add playing time (only while a game is in progress and visible)."""
        if milliseconds < 0:
            raise ValueError("playing time cannot be negative")
        return self._replace(time_ms=self.time_ms + int(milliseconds))

    def to_json(self) -> str:
        levels = {
            name: [rec.played, rec.won, rec.lost, rec.drawn]
            for name, rec in ((name, self.level(name)) for name in LEVELS)
        }
        body: dict[str, Any] = {
            "kind": STATS_KIND,
            "v": STATS_VERSION,
            "levels": levels,
            "time_ms": self.time_ms,
        }
        return seal(body)

    @classmethod
    def from_json(cls, text: object) -> Stats:
        """Statistics from their stored form; :class:`SaveError` if anything is off."""
        body = open_record(text, STATS_KIND, STATS_VERSION)
        if set(body) != {"kind", "v", "levels", "time_ms"}:
            raise SaveError("the statistics record has unexpected fields")
        levels, time_ms = body["levels"], body["time_ms"]
        if type(time_ms) is not int or not 0 <= time_ms < 10**15:
            raise SaveError("the statistics playing time is malformed")
        if not isinstance(levels, dict) or set(levels) != set(LEVELS):
            raise SaveError("the statistics levels are malformed")
        records: dict[str, LevelStats] = {}
        for name in LEVELS:
            counts = levels[name]
            if (
                not isinstance(counts, list)
                or len(counts) != 4
                or any(type(n) is not int or not 0 <= n < _MAX_COUNT for n in counts)
                or counts[1] + counts[2] + counts[3] > counts[0]
            ):
                raise SaveError(f"the statistics for {name} are malformed")
            records[name] = LevelStats(*counts)
        easy, medium, hard = (records[name] for name in LEVELS)
        return cls(easy, medium, hard, time_ms)
