"""SafeStorage: full or failing storage waits and retries in order,
unavailable storage goes to memory, caches never cost a record, and nothing raises."""

from __future__ import annotations

from hearts.web.records import GAME_KEY, PICTURE_KEY, SETTINGS_KEY, STATS_KEY, game_storage
from hearts.web.safe_storage import (
    FAILING,
    FULL,
    OK,
    PROBE_KEY,
    UNAVAILABLE,
    SafeStorage,
    StorageFull,
    is_quota_error,
    probe,
)


class Quota:
    """A backend with room for ``room`` characters of values; over it, QuotaExceeded."""

    def __init__(self, room: int, data: dict[str, str] | None = None) -> None:
        self.room = room
        self.data: dict[str, str] = dict(data or {})
        self.writes: list[str] = []  # keys in the order they reached the backend

    def used(self, without: str = "") -> int:
        return sum(len(v) for k, v in self.data.items() if k != without)

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.used(without=key) + len(value) > self.room:
            raise StorageFull("QuotaExceededError")
        self.data[key] = value
        self.writes.append(key)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class Broken:
    """A storage that throws something other than the quota (private modes, policies)."""

    def __init__(self, *, get: bool = False, set: bool = False) -> None:
        self.fail_get, self.fail_set = get, set
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        if self.fail_get:
            raise RuntimeError("SecurityError")
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.fail_set:
            raise RuntimeError("SecurityError")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def test_no_storage_at_all_works_in_memory():
    storage = SafeStorage(None)
    assert storage.degraded and storage.state == UNAVAILABLE
    storage.set("k", "v")
    assert storage.get("k") == "v" and not storage.persisted("k")


def test_a_passing_write_fault_is_retried_with_the_next_write_in_order():
    """One SecurityError mid-session switched saving off for good
    (the next writes stayed in memory and a reload went back in the game)."""
    backend = Broken()
    writes: list[str] = []
    real_set = backend.set

    def logged(key: str, value: str) -> None:
        real_set(key, value)
        writes.append(key)

    backend.set = logged  # type: ignore[method-assign]
    storage = game_storage(backend)
    storage.set(GAME_KEY, "t1")
    backend.fail_set = True  # a passing fault
    storage.set(GAME_KEY, "t2")
    storage.set(STATS_KEY, "s2")
    assert storage.state == FAILING and storage.degraded
    assert not storage.persisted(GAME_KEY) and backend.data == {GAME_KEY: "t1"}
    assert storage.get(GAME_KEY) == "t2"  # the game goes on from memory
    backend.fail_set = False
    storage.set(SETTINGS_KEY, "c")  # the next write takes everything waiting, in order
    assert storage.state == OK and not storage.degraded
    assert backend.data == {GAME_KEY: "t2", STATS_KEY: "s2", SETTINGS_KEY: "c"}
    assert writes == [GAME_KEY, GAME_KEY, STATS_KEY, SETTINGS_KEY]  # each once, in order


def test_a_storage_that_cannot_be_read_is_never_written():
    backend = Broken(get=True)
    backend.data[STATS_KEY] = "precious"
    storage = game_storage(backend)
    assert storage.get(STATS_KEY) is None
    storage.set(STATS_KEY, "new")
    assert storage.state == UNAVAILABLE and backend.data == {STATS_KEY: "precious"}


def test_full_storage_keeps_what_waits_in_memory_and_writes_it_once_there_is_room():
    backend = Quota(room=10)
    storage = game_storage(backend)
    storage.set(GAME_KEY, "x" * 20)
    assert storage.state == FULL and storage.get(GAME_KEY) == "x" * 20
    assert not storage.persisted(GAME_KEY) and backend.data == {}
    backend.room = 100  # the player freed space
    storage.retry()
    assert storage.state == OK and backend.data == {GAME_KEY: "x" * 20}
    assert storage.persisted(GAME_KEY) and not storage.degraded


def test_while_the_table_waits_the_statistics_wait_behind_it():
    """The stored statistics are never ahead of the stored table: a smaller statistics
    record that would fit is held back until the table is written."""
    backend = Quota(room=15)
    storage = game_storage(backend)
    storage.set(GAME_KEY, "t" * 20)
    storage.set(STATS_KEY, "s")
    storage.set(SETTINGS_KEY, "c")
    assert backend.data == {} and storage.get(STATS_KEY) == "s"
    backend.room = 30
    storage.retry()
    assert backend.writes == [GAME_KEY, STATS_KEY, SETTINGS_KEY]


def test_the_picture_is_freed_to_make_room_for_a_record():
    backend = Quota(room=30)
    storage = game_storage(backend)
    storage.set(PICTURE_KEY, "p" * 20)
    storage.set(GAME_KEY, "t" * 15)  # fits only without the picture
    assert storage.state == OK
    assert backend.data == {GAME_KEY: "t" * 15}


def test_a_cache_is_dropped_rather_than_left_stale_and_never_degrades():
    backend = Quota(room=25)
    storage = game_storage(backend)
    storage.set(PICTURE_KEY, "old")
    storage.set(PICTURE_KEY, "p" * 40)  # too big: dropped, silently
    assert storage.state == OK and PICTURE_KEY not in backend.data
    storage.set(GAME_KEY, "t" * 30)  # full: the table waits
    storage.set(PICTURE_KEY, "new")  # not written while a record waits
    assert PICTURE_KEY not in backend.data and storage.state == FULL


def test_a_removal_waits_in_order_too():
    backend = Quota(room=10, data={GAME_KEY: "old"})
    storage = game_storage(backend)
    storage.set(GAME_KEY, "x" * 20)
    storage.remove(STATS_KEY + ".bad")
    storage.remove(GAME_KEY)
    assert storage.get(GAME_KEY) is None
    storage.retry()
    assert GAME_KEY not in backend.data and storage.state == OK


class JsError(Exception):
    """What Pyodide raises for a JavaScript error: it carries the error's name."""

    def __init__(self, name: str, message: str = "") -> None:
        super().__init__(message)
        self.name, self.message = name, message


def test_quota_errors_are_told_from_other_storage_errors():
    """The decision dom.py made inline: by the error's name, or its message
    when Pyodide wraps a DOMException in an Error that quotes it."""
    assert is_quota_error(JsError("QuotaExceededError"))
    assert is_quota_error(JsError("NS_ERROR_DOM_QUOTA_REACHED"))
    assert is_quota_error(JsError("Error", "setItem gives QuotaExceededError: full"))
    assert is_quota_error(RuntimeError("QuotaExceededError: the quota has been exceeded"))
    assert not is_quota_error(JsError("SecurityError", "the operation is insecure"))
    assert not is_quota_error(RuntimeError("insecure"))


def test_the_start_up_probe_reads_ok_full_or_failing_and_keeps_nothing():
    room = Quota(10)
    assert probe(room) == OK and room.data == {} and room.writes == [PROBE_KEY]
    assert probe(Quota(0)) == FULL
    assert probe(Broken(set=True)) == FAILING
