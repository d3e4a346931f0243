"""Statistics per difficulty (R36, R37) as pure values with a validated, versioned form.

A game counts as played the moment it starts; only a game played to the end counts as a
win, loss or draw, so abandoning a game is not a loss.  Total playing time is kept in
whole milliseconds.  No streaks, no best scores, no per-hand counts (R36).

Games are folded in by their id (:meth:`Stats.fold`): the statistics remember what they
counted for the last :data:`SEEN_LIMIT` games, so folding the same game again, after a
reload or a write that failed half-way, changes nothing.  A game is counted exactly once.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .enums import LEVELS, Level, Result, level_of
from .errors import SaveError
from .sealed import open_record, seal

_FIELD = {Result.WIN: "won", Result.LOSS: "lost", Result.DRAW: "drawn"}
STATS_KIND = "hearts-stats"
STATS_VERSION = 2  # 2: the ids of the games counted ("seen"); 1 is read and migrated
SEEN_LIMIT = 32  # games remembered: far more than a page ever has unconfirmed at once
PLAYED, FINISHED = "p", "f"  # what was counted for a game: played, or its result as well
_MAX_COUNT = 10**9
_MAX_ID = 40


class LevelStats(NamedTuple):
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def unfinished(self) -> int:
        """Games started but abandoned (not a loss, R37)."""
        return self.played - self.won - self.lost - self.drawn


class Fold(NamedTuple):
    """One game as the statistics count it: its id, its level, its result once over."""

    game_id: str
    level: Level
    result: Result | None = None


class Stats(NamedTuple):
    easy: LevelStats = LevelStats()
    medium: LevelStats = LevelStats()
    hard: LevelStats = LevelStats()
    time_ms: int = 0
    seen: tuple[tuple[str, str], ...] = ()  # (game id, PLAYED or FINISHED), oldest first

    def counted(self, game_id: str) -> str | None:
        """What has been counted for ``game_id``: PLAYED, FINISHED or ``None``."""
        for seen_id, mark in reversed(self.seen):
            if seen_id == game_id:
                return mark
        return None

    def fold(self, game: Fold) -> Stats:
        """Count ``game`` as played (once) and its result (once it has one, once)."""
        mark = self.counted(game.game_id)
        stats = self
        if mark is None:
            stats = stats.game_started(game.level)
            mark = PLAYED
        if game.result is not None and mark != FINISHED:
            stats = stats.game_finished(game.level, game.result)
            mark = FINISHED
        return stats.mark(game.game_id, mark)

    def mark(self, game_id: str, mark: str) -> Stats:
        """Remember what was counted for ``game_id`` without counting anything.

        Used for a game whose counting happened before ids existed (a version-1 record)
        and for the game in progress when the statistics are reset (it is counted when
        it ends, R37).  A mark only ever grows: FINISHED is never taken back.
        """
        if mark not in (PLAYED, FINISHED):
            raise ValueError(f"unknown mark {mark!r}")
        now = self.counted(game_id)
        if now in (mark, FINISHED):  # never forget a result already counted
            return self
        kept = tuple(entry for entry in self.seen if entry[0] != game_id)
        return self._replace(seen=(*kept, (game_id, mark))[-SEEN_LIMIT:])

    def level(self, level: Level | str) -> LevelStats:
        counts: LevelStats = getattr(self, level_of(level))
        return counts

    def game_started(self, level: Level | str) -> Stats:
        """Count a game as played when it begins (R37)."""
        counts = self.level(level)
        return self._with(level, counts._replace(played=counts.played + 1))

    def game_finished(self, level: Level | str, result: Result | str) -> Stats:
        """Count a game played to its end as a win, loss or draw.

        A finished game was also played: if the statistics were reset (or set aside) while
        it ran, it is counted as played again, so the counts always stay valid
        (won + lost + drawn <= played).
        """
        counts = self.level(level)
        try:
            field = _FIELD[Result(result)]
        except ValueError:
            raise ValueError(f"unknown result {result!r}") from None
        counts = counts._replace(**{field: getattr(counts, field) + 1})
        if counts.unfinished < 0:
            counts = counts._replace(played=counts.played + 1)
        return self._with(level, counts)

    def _with(self, level: Level | str, counts: LevelStats) -> Stats:
        """These statistics with ``level``'s counts replaced."""
        chosen = level_of(level)
        easy, medium, hard = (counts if lvl == chosen else self.level(lvl) for lvl in LEVELS)
        return self._replace(easy=easy, medium=medium, hard=hard)

    def add_time(self, milliseconds: int) -> Stats:
        """Add playing time (only while a game is in progress and visible)."""
        if milliseconds < 0:
            raise ValueError("playing time cannot be negative")
        return self._replace(time_ms=self.time_ms + int(milliseconds))

    def to_json(self) -> str:
        levels = {
            name: [counts.played, counts.won, counts.lost, counts.drawn]
            for name, counts in ((name, self.level(name)) for name in LEVELS)
        }
        body: dict[str, Any] = {
            "kind": STATS_KIND,
            "v": STATS_VERSION,
            "levels": levels,
            "time_ms": self.time_ms,
            "seen": [[game_id, mark] for game_id, mark in self.seen],
        }
        return seal(body)

    @classmethod
    def from_json(cls, text: object) -> Stats:
        """Statistics from their stored form; :class:`SaveError` if anything is off."""
        body = open_record(text, STATS_KIND, (1, STATS_VERSION))
        fields = {"kind", "v", "levels", "time_ms"} | ({"seen"} if body["v"] >= 2 else set())
        if set(body) != fields:
            raise SaveError("the statistics record has unexpected fields")
        seen = _seen(body.get("seen", []))
        levels, time_ms = body["levels"], body["time_ms"]
        if type(time_ms) is not int or not 0 <= time_ms < 10**15:
            raise SaveError("the statistics playing time is malformed")
        if not isinstance(levels, dict) or set(levels) != set(LEVELS):
            raise SaveError("the statistics levels are malformed")
        per_level: dict[str, LevelStats] = {}
        for name in LEVELS:
            counts = levels[name]
            if (
                not isinstance(counts, list)
                or len(counts) != 4
                or any(type(n) is not int or not 0 <= n < _MAX_COUNT for n in counts)
                or counts[1] + counts[2] + counts[3] > counts[0]
            ):
                raise SaveError(f"the statistics for {name} are malformed")
            per_level[name] = LevelStats(*counts)
        easy, medium, hard = (per_level[name] for name in LEVELS)
        return cls(easy, medium, hard, time_ms, seen)


def valid_game_id(game_id: object) -> bool:
    """A game id as the page makes them: short, lowercase letters, digits and dashes."""
    return (
        isinstance(game_id, str)
        and 0 < len(game_id) <= _MAX_ID
        and all(c.isdigit() or "a" <= c <= "z" or c == "-" for c in game_id)
    )


def _seen(entries: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(entries, list) or len(entries) > SEEN_LIMIT:
        raise SaveError("the statistics' counted games are malformed")
    seen: list[tuple[str, str]] = []
    for entry in entries:
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not valid_game_id(entry[0])
            or entry[1] not in (PLAYED, FINISHED)
            or any(entry[0] == game_id for game_id, _ in seen)
        ):
            raise SaveError("the statistics' counted games are malformed")
        seen.append((entry[0], entry[1]))
    return tuple(seen)
