"""Storage that never loses the game to a failing browser: records written in order.

Browsers fail ``localStorage`` in ways that need different answers:

* **unavailable** (no storage at all, or reading it fails: storage disabled, some private
  modes): nothing is kept this session.  Whatever could be read is resumed; everything
  written goes to memory, and the page says so once.  (A key that could not be read is
  never written over: it may hold good statistics.)
* **full** (``QuotaExceededError``) and **failing** (any other error on a write, such as a
  ``SecurityError`` mid-session): each record that could not be written waits in memory,
  and every later write tries again (so does :meth:`SafeStorage.retry`, when the page is
  hidden), always in the records' order: the game table before the statistics, so the
  stored statistics are never ahead of the stored game.  Once a write succeeds again,
  everything waiting is written and nothing is lost: a passing fault costs nothing
  (before, one such error switched saving off for the rest of the session).

A cache (the picture boot.js paints) is written only while nothing waits, is the first
thing freed when storage is full, and its failures are silent: it is never worth a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import Protocol

OK, FULL, FAILING, UNAVAILABLE = "ok", "full", "failing", "unavailable"


PROBE_KEY = "hearts.probe"  # written and removed at start-up, never kept
# Chromium and Safari name it QuotaExceededError; old Firefox NS_ERROR_DOM_QUOTA_REACHED.
QUOTA_ERRORS = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")


class StorageFull(Exception):
    """The backend refused a write for lack of space (the browser's quota)."""


def is_quota_error(exc: BaseException) -> bool:
    """A JavaScript error that means "storage is full", not "storage is unavailable".

    Pyodide gives an ``Error`` its ``name``; a thrown ``DOMException`` it may wrap in an
    Error whose message quotes it ("… gives QuotaExceededError: …"), so both are read.
    """
    name = getattr(exc, "name", None)
    message = str(getattr(exc, "message", "") or exc)
    return name in QUOTA_ERRORS or any(quota in message for quota in QUOTA_ERRORS)


class Storage(Protocol):
    """The part of ``window.localStorage`` the game uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


def probe(backend: Storage) -> str:
    """What a tiny write says about ``backend`` at start-up: :data:`OK`, :data:`FULL` (the
    quota) or :data:`FAILING` (any other error).  Either way it is still read, and written
    again with every write until one succeeds."""
    try:
        backend.set(PROBE_KEY, "1")
        backend.remove(PROBE_KEY)
    except StorageFull:
        return FULL
    except Exception:
        return FAILING
    return OK


class SafeStorage:
    """Wraps a real storage; see the module docstring for what happens when it fails.

    ``order``: the keys that must reach the backend in this order (later ones wait while
    an earlier one cannot be written).  ``caches``: keys that are only a cache.
    """

    def __init__(
        self,
        backend: Storage | None,
        *,
        order: Sequence[str] = (),
        caches: Sequence[str] = (),
        state: str = OK,
    ) -> None:
        self._backend = backend
        self._order = tuple(order)
        self._caches = frozenset(caches)
        # Values the backend does not have (yet): waiting while full, for good once
        # unavailable.  ``None`` is a removal.
        self._local: dict[str, str | None] = {}
        self._readable = backend is not None
        self.state = UNAVAILABLE if backend is None else state

    @property
    def degraded(self) -> bool:
        """Something written may not be kept: the page says so."""
        return self.state != OK or bool(self._local)

    def persisted(self, key: str) -> bool:
        """The backend holds the value last written under ``key``."""
        return self.state != UNAVAILABLE and key not in self._local

    def get(self, key: str) -> str | None:
        if key in self._local:
            return self._local[key]
        if not self._readable or self._backend is None:
            return None
        try:
            value = self._backend.get(key)
        except Exception:
            # A key that could not be read is never overwritten (it may hold good
            # statistics): everything from here on stays in memory.
            self._readable = False
            self.state = UNAVAILABLE
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if key in self._caches:
            self._set_cache(key, value)
            return
        self._local[key] = value
        self.retry()

    def remove(self, key: str) -> None:
        self._local[key] = None
        self.retry()

    def retry(self) -> None:
        """Write what waits, in order, up to the first write that fails."""
        if self.state == UNAVAILABLE or self._backend is None:
            return
        for key in sorted(self._local, key=self._rank):
            if not self._write(key, self._local[key]):
                return
            del self._local[key]
        self.state = OK

    def _rank(self, key: str) -> int:
        return self._order.index(key) if key in self._order else len(self._order)

    def _write(self, key: str, value: str | None) -> bool:
        assert self._backend is not None
        for attempt in (1, 2):
            try:
                if value is None:
                    self._backend.remove(key)
                else:
                    self._backend.set(key, value)
                return True
            except StorageFull:
                if attempt == 2 or not self._free_caches():
                    self.state = FULL
                    return False
            except Exception:
                self.state = FAILING  # not the quota: tried again with the next write
                return False
        return False  # not reached: the second attempt returns

    def _free_caches(self) -> bool:
        """Remove the caches from the backend to make room; ``True`` if any was there."""
        assert self._backend is not None
        freed = False
        for key in sorted(self._caches):
            with suppress(Exception):
                if self._backend.get(key) is not None:
                    self._backend.remove(key)
                    freed = True
        return freed

    def _set_cache(self, key: str, value: str) -> None:
        if self.state == UNAVAILABLE or self._backend is None:
            return
        with suppress(Exception):
            if self.state == OK and not self._local:
                self._backend.set(key, value)
                return
        with suppress(Exception):  # a cache that cannot be kept up to date is dropped
            self._backend.remove(key)


STORAGE_NOTICES = {
    FULL: "notice.storage_full",
    FAILING: "notice.storage_failing",
    UNAVAILABLE: "notice.storage_unavailable",
}


class StorageNotices:
    """What the player is told about the storage: a message only while it is true (a
    storage that writes again withdraws it, and a later failure is told again), and once
    per state, no nagging on every move."""

    def __init__(self, storage: SafeStorage) -> None:
        self.storage = storage
        self.told: set[str] = set()

    def update(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The messages to show now and those to withdraw."""
        state = self.storage.state if self.storage.degraded else OK
        cleared = tuple(STORAGE_NOTICES[old] for old in sorted(self.told) if old != state)
        self.told.intersection_update({state})
        if state not in STORAGE_NOTICES or state in self.told:
            return (), cleared
        self.told.add(state)
        return (STORAGE_NOTICES[state],), cleared
