"""Playing time (R36): it runs only while a game is in progress and the page is visible."""

from __future__ import annotations

# A single stretch longer than this between two events is not believed (a suspended
# laptop with the tab left open, a clock that jumped); it counts as this much at most.
MAX_STRETCH_MS = 15 * 60 * 1000


class PlayClock:
    """Accumulates running time from monotonic timestamps in milliseconds."""

    def __init__(self) -> None:
        self._since: float | None = None
        self._pending = 0.0

    def update(self, now: float, running: bool) -> None:
        """Start or stop the clock at ``now``."""
        if running and self._since is None:
            self._since = now
        elif not running and self._since is not None:
            self._add(now - self._since)
            self._since = None

    def take(self, now: float) -> int:
        """Whole milliseconds run since the last take (the remainder is kept)."""
        if self._since is not None:
            self._add(now - self._since)
            self._since = now
        whole = int(self._pending)
        self._pending -= whole
        return whole

    def _add(self, stretch: float) -> None:
        if stretch > 0:
            self._pending += min(stretch, MAX_STRETCH_MS)
