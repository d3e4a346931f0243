"""Persistence: the three records the page keeps and their validation.

Three separate keys.  A key names a slot and never changes (a new key would lose every save):
its ``.v1`` is part of the slot's name, not the version of what is stored.  Each record
carries its own kind and version (``"v"``), and a newer page reads the older versions too:
``hearts.game.v1`` holds a table record (:mod:`hearts.web.table_record`), and a version-1
record found there is still loaded and rewritten as the current version.

* ``hearts.game.v1``     the game in progress: its id, the engine JSON, the unfinished
                         pass selection (R10), the lifted card, and the earlier games whose
                         counting the stored statistics may not have yet (``owed``);
* ``hearts.stats.v1``    the engine's statistics record (:class:`hearts.stats.Stats`);
* ``hearts.settings.v1`` language, the difficulty for the next game (R5), four colours
                         (U11) and sound (U10).

Beside them, the table's *picture* (:data:`PICTURE_KEY`) keeps what the table showed: not a
record the game reads back, but the HTML static/boot.js paints before Python starts, if it
matches the saved game and was drawn by this very build.  Builds before this one kept it
under :data:`FORMER_PICTURE_KEYS` (it was once called a "snapshot", now the interpreter's
memory snapshot's name): no build paints another build's picture, so one found there is
only freed, as a cache, the first time a picture is written (nothing a player keeps is in
it: the game is drawn again from its record).

One intent is one commit (:meth:`Records.commit`): the table is written first, then the
statistics, at most once, which count each game by its id exactly once
(:meth:`hearts.stats.Stats.fold`); the table carries what the stored statistics may still
lack (:meth:`TableRecord.counted_in`, :meth:`Records.owed_after`).  Whatever write fails
or is cut off, the table holds everything the statistics still need, and loading folds it
in again: a finished game is counted once, an abandoned one never as a loss (R36, R37).

A record that fails to load is copied to ``<key>.bad`` (set aside, never silently lost)
before anything new is written under its key.  Each refusal keeps its own copy, at most
:data:`BAD_KEEP` of them, each at most :data:`BAD_MAX` characters: the newest is
``<key>.bad``, older ones move down to ``<key>.bad.2`` and ``<key>.bad.3``, but only as far
as the first free slot; with every slot taken the last one stays, the oldest copy (the first
set aside: usually the player's real game, before the new games dealt after it failed too),
and the copy before it is dropped.  The copies are written before the key is freed, in the
storage's order (:func:`game_storage`): storage full half-way loses nothing, and the record
stays under its key until its copy is stored.  static/boot/set-aside.mjs sets records aside
the same way when Python could not start (both run the cases of
tests/shared_cases/set_aside.json).  :mod:`hearts.web.safe_storage` keeps the game going
when the browser's storage fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import SaveError
from ..stats import Fold, Stats
from .safe_storage import OK, SafeStorage, Storage
from .settings import Settings, dump_settings, load_settings
from .table_record import MAX_OWED, TableRecord, load_table, sealed_table

# The slots (see above: the names never change; the records inside carry their versions).
GAME_KEY = "hearts.game.v1"
STATS_KEY = "hearts.stats.v1"
SETTINGS_KEY = "hearts.settings.v1"
# The table's picture, for static/boot.js, and where builds before this one kept it.
PICTURE_KEY = "hearts.picture.v1"
FORMER_PICTURE_KEYS = ("hearts.snapshot.v1",)
PICTURE_KEYS = (PICTURE_KEY, *FORMER_PICTURE_KEYS)
BAD_SUFFIX = ".bad"
BAD_KEEP = 3  # copies kept per key, the newest first and the oldest last (at least 2)
BAD_MAX = 64_000  # characters kept of one copy: more than any record the game writes

PICTURE_KIND = "hearts-picture"
PICTURE_VERSION = 1


def game_storage(backend: Storage | None, state: str = OK) -> SafeStorage:
    """The page's storage: the table before the statistics and the settings; the
    picture only a cache.

    Each record's set-aside copies come before it, the last slot first (as
    :meth:`Records.set_aside` moves them down): while storage is full, a copy waits and so
    does everything after it, so a copy is never overwritten before it is kept further down
    and the record's key is never freed or written over before its copy is stored.
    """
    order = tuple(
        name for key in (GAME_KEY, STATS_KEY, SETTINGS_KEY) for name in (*bad_keys(key)[::-1], key)
    )
    return SafeStorage(backend, order=order, caches=PICTURE_KEYS, state=state)


def bad_keys(key: str) -> tuple[str, ...]:
    """Where the records set aside from ``key`` are kept, the newest first."""
    return (key + BAD_SUFFIX, *(f"{key}{BAD_SUFFIX}.{n}" for n in range(2, BAD_KEEP + 1)))


# ----------------------------------------------------------------------------- loading
@dataclass
class Loaded:
    """What the page found in storage at start-up, and what it had to set aside."""

    table: TableRecord | None
    stats: Stats
    settings: Settings
    problems: tuple[str, ...]  # "game", "stats", "settings": records set aside


class Records:
    """Reads and writes the three records through a :class:`SafeStorage`."""

    def __init__(self, storage: SafeStorage) -> None:
        self.storage = storage
        # Told the key of each record before it is parsed, and None after the last one:
        # the boot module sets aside what was being read if Python dies meanwhile.
        self.reading: Callable[[str | None], None] = lambda _key: None
        self.table_check: str | None = None  # of the table record last loaded or written
        self._picture: str | None = None  # the picture last written
        self._stats: Stats | None = None  # the statistics last loaded or written

    def set_aside(self, key: str, text: str) -> bool:
        """Keep a record that failed to load as the newest of its ``.bad`` copies, then
        free ``key``; ``True`` if the copy is stored.

        The older copies move down one slot, only as far as the first free one; with every
        slot taken the last one (the oldest: the first set aside) stays and the copy before
        it is dropped, so the player's first refused record survives any number of failed
        starts.  While storage is full the copies and the freeing of ``key`` wait in order
        (:func:`game_storage`; the picture is freed first): ``False``, and the record stays
        stored under ``key`` until its copy is.
        """
        copy = text[:BAD_MAX]
        keys = bad_keys(key)
        kept = [self.storage.get(k) for k in keys]
        if kept[0] != copy:  # the same record refused again is kept once
            # every slot taken: the last one stays, the one before it is written over
            last = kept.index(None) if None in kept else len(keys) - 2
            for slot in range(last, 0, -1):
                newer = kept[slot - 1]
                if newer is not None and newer != kept[slot]:
                    self.storage.set(keys[slot], newer)
            self.storage.set(keys[0], copy)
        self.storage.remove(key)
        return self.storage.persisted(keys[0])

    def load(self) -> Loaded:
        problems: list[str] = []

        def read(key: str, name: str, loader: Any, default: Any) -> Any:
            text = self.storage.get(key)
            if text is None:
                return default
            self.reading(key)
            try:
                return loader(text)
            except SaveError:
                self.set_aside(key, text)
                problems.append(name)
                return default

        settings = read(SETTINGS_KEY, "settings", load_settings, Settings())
        stats = read(STATS_KEY, "stats", Stats.from_json, Stats())
        table = read(GAME_KEY, "game", load_table, None)
        self.reading(None)
        self._stats = stats
        if table is not None:
            self.table_check = json.loads(str(self.storage.get(GAME_KEY)))["check"]
        return Loaded(table=table, stats=stats, settings=settings, problems=tuple(problems))

    def commit(self, table: TableRecord | None, stats: Stats) -> Stats:
        """One commit: ``table`` (if given) first, then the statistics, with everything the
        table owes them, written only if they changed, and once.  Returns the statistics as
        committed.

        Folding is idempotent (by game id), so whichever write fails or is cut off, the
        next commit or the next load counts every game exactly once.  Before the records
        were loaded nothing is written: the stored statistics are not known yet and must
        not be overwritten (a start that failed half-way, then hidden or closed).
        """
        if self._stats is None:
            return stats
        if table is not None:
            stats = table.counted_in(stats)
            self.save_table(table)
        if stats != self._stats:
            self.save_stats(stats)
        if table is not None and self.storage.persisted(STATS_KEY):
            table.settle()
        return stats

    def owed_after(self, old: TableRecord) -> tuple[Fold, ...]:
        """What the table that replaces ``old`` must carry for the statistics: ``old``'s
        own debts, and ``old`` itself if the stored statistics may lack it (an abandoned
        game counts as played only, a finished one with its result, R37)."""
        if self.storage.persisted(STATS_KEY):
            return old.owed
        return (*old.owed, old.fold())[-MAX_OWED:]

    def save_table(self, record: TableRecord) -> None:
        text, self.table_check = sealed_table(record)
        self.storage.set(GAME_KEY, text)

    def save_picture(self, picture: dict[str, Any]) -> None:
        """What the table shows, for static/boot.js to paint before Python starts.

        Keyed to the table record by its check value: the boot module paints it only while
        it belongs to exactly the saved game.  Not sealed: it holds nothing to protect, and
        a seal would not stop whatever can write the save too; what the boot module paints
        of it is checked instead, every element (:mod:`hearts.web.markup`) and every word
        (:mod:`hearts.web.phrases`).
        """
        body = {"kind": PICTURE_KIND, "v": PICTURE_VERSION, "table": self.table_check}
        text = json.dumps({**body, **picture}, separators=(",", ":"), sort_keys=True)
        if text != self._picture:
            if self._picture is None:  # the first this page writes: free the former keys
                for key in FORMER_PICTURE_KEYS:
                    self.storage.remove(key)
            self._picture = text
            self.storage.set(PICTURE_KEY, text)

    def save_stats(self, stats: Stats) -> None:
        self._stats = stats
        self.storage.set(STATS_KEY, stats.to_json())

    def save_settings(self, settings: Settings) -> None:
        self.storage.set(SETTINGS_KEY, dump_settings(settings))
