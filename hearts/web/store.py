"""Persistence: the three records the page keeps, their validation, and a safe storage.

Three separate, versioned keys (the version is in the key and inside the record):

* ``hearts.game.v1``     the game in progress: engine JSON + unfinished pass selection
                         (R10), the lifted card, and whether its result was counted;
* ``hearts.stats.v1``    the engine's statistics record (:class:`hearts.stats.Stats`);
* ``hearts.settings.v1`` language and the difficulty for the next game (R5).

Beside them, ``hearts.snapshot.v1`` keeps what the table showed (not a record the game
reads back: static/boot.js paints it before Python starts, if it matches the saved game).

A record that fails to load is copied to ``<key>.bad`` (set aside, never silently lost)
before anything new is written under its key.  Storage that throws on access or on
write turns into an in-memory store with the same interface, and says so once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from ..cards import Card, format_cards, parse_cards
from ..enums import LEVELS, Level, Phase
from ..errors import SaveError
from ..game import Game
from ..i18n import LANGS
from ..record import open_record, seal, sealed
from ..save import dump_game, load_game
from ..stats import Stats

GAME_KEY = "hearts.game.v1"
STATS_KEY = "hearts.stats.v1"
SETTINGS_KEY = "hearts.settings.v1"
SNAPSHOT_KEY = "hearts.snapshot.v1"  # what the table showed, for static/boot.js
BAD_SUFFIX = ".bad"

TABLE_KIND = "hearts-table"
TABLE_VERSION = 1
SETTINGS_KIND = "hearts-settings"
SETTINGS_VERSION = 1
SNAPSHOT_KIND = "hearts-snapshot"
SNAPSHOT_VERSION = 1


class Storage(Protocol):
    """The part of ``window.localStorage`` the game uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict with the :class:`Storage` interface: the fallback and the tests' fake."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class SafeStorage:
    """Wraps a real storage; on the first failure everything continues in memory.

    ``degraded`` tells the page to say once that progress will not be kept.  Reads that
    fail are treated like failures too, so a key that could not be read is never
    overwritten (its content may be good statistics).
    """

    def __init__(self, backend: Storage | None, *, writable: bool = True) -> None:
        self._backend = backend
        self._memory = MemoryStorage()
        self._removed: set[str] = set()  # removed in memory only: never read back
        self._readable = backend is not None
        # ``writable=False``: a full storage (the write probe failed) is still read, so the
        # saved game and statistics are resumed, but nothing is written to it.
        self.degraded = backend is None or not writable

    def _fail(self) -> None:
        if not self.degraded and self._backend is not None:
            # Keep reading what was there: copy nothing, but switch writes to memory.
            self.degraded = True

    def get(self, key: str) -> str | None:
        if key in self._memory.data or key in self._removed:
            return self._memory.get(key)
        if not self._readable or self._backend is None:
            return None
        try:
            value = self._backend.get(key)
        except Exception:
            self._readable = False
            self._fail()
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self._removed.discard(key)
        if not self.degraded and self._backend is not None:
            try:
                self._backend.set(key, value)
                return
            except Exception:
                self._fail()
        self._memory.set(key, value)

    def remove(self, key: str) -> None:
        self._memory.remove(key)
        if not self.degraded and self._backend is not None:
            try:
                self._backend.remove(key)
                return
            except Exception:
                self._fail()
        self._removed.add(key)


# ----------------------------------------------------------------------------- records
@dataclass
class TableRecord:
    """The game in progress as the page keeps it."""

    game: Game
    selection: tuple[Card, ...] = ()
    lifted: Card | None = None
    counted: bool = False  # the finished game's result is already in the statistics


class Settings(NamedTuple):
    lang: str | None = None  # None: follow the browser
    level: Level = Level.MEDIUM  # difficulty of the next game (R5)


def dump_table(record: TableRecord) -> str:
    return sealed_table(record)[0]


def sealed_table(record: TableRecord) -> tuple[str, str]:
    """The table record as stored, and its check value (the snapshot's key to it)."""
    body: dict[str, Any] = {
        "kind": TABLE_KIND,
        "v": TABLE_VERSION,
        "game": dump_game(record.game),
        "selection": format_cards(record.selection),
        "lifted": None if record.lifted is None else str(record.lifted),
        "counted": record.counted,
    }
    return sealed(body)


def load_table(text: object) -> TableRecord:
    """The record under :data:`GAME_KEY`; :class:`SaveError` if it is not a valid one.

    A selection or lift that no longer fits the game is dropped rather than refused:
    neither is a move (R10, R17), and the game itself is intact.
    """
    body = open_record(text, TABLE_KIND, TABLE_VERSION)
    if set(body) != {"kind", "v", "game", "selection", "lifted", "counted"}:
        raise SaveError("the saved table has unexpected fields")
    game = load_game(body["game"])
    selection_text, lifted_text, counted = body["selection"], body["lifted"], body["counted"]
    if not isinstance(selection_text, str) or len(selection_text) > 20:
        raise SaveError("the saved pass selection is malformed")
    if lifted_text is not None and not isinstance(lifted_text, str):
        raise SaveError("the saved lifted card is malformed")
    if type(counted) is not bool:
        raise SaveError("the saved counted flag is malformed")
    try:
        selection = parse_cards(selection_text)
        lifted = None if lifted_text is None else Card.parse(lifted_text)
    except ValueError:
        raise SaveError("the saved selection names an unknown card") from None
    if counted and game.phase != Phase.GAME_OVER:
        raise SaveError("a game still in progress cannot have been counted")
    return TableRecord(
        game=game,
        selection=valid_selection(game, selection),
        lifted=lifted if lifted in game.legal_plays(0) else None,
        counted=counted,
    )


def valid_selection(game: Game, selection: tuple[Card, ...]) -> tuple[Card, ...]:
    """``selection`` if it can still be your pass: at most 3 distinct cards you hold."""
    if game.phase != Phase.PASS or game.has_passed(0):
        return ()
    hand = set(game.hand(0))
    if len(selection) > 3 or len(set(selection)) != len(selection):
        return ()
    if any(card not in hand for card in selection):
        return ()
    return tuple(selection)


def dump_settings(settings: Settings) -> str:
    body = {
        "kind": SETTINGS_KIND,
        "v": SETTINGS_VERSION,
        "lang": settings.lang,
        "level": settings.level,
    }
    return seal(body)


def load_settings(text: object) -> Settings:
    body = open_record(text, SETTINGS_KIND, SETTINGS_VERSION)
    if set(body) != {"kind", "v", "lang", "level"}:
        raise SaveError("the saved settings have unexpected fields")
    lang, level = body["lang"], body["level"]
    if lang is not None and lang not in LANGS:
        raise SaveError("the saved language is unknown")
    if level not in LEVELS:
        raise SaveError("the saved difficulty is unknown")
    return Settings(lang=lang, level=Level(level))


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
        self.table_check: str | None = None  # of the table record last loaded or written
        self._snapshot: str | None = None  # the snapshot last written

    def set_aside(self, key: str, text: str) -> None:
        """Keep a record that failed to load under ``key + ".bad"``, then free ``key``."""
        self.storage.set(key + BAD_SUFFIX, text)
        self.storage.remove(key)

    def load(self) -> Loaded:
        problems: list[str] = []

        def read(key: str, name: str, loader: Any, default: Any) -> Any:
            text = self.storage.get(key)
            if text is None:
                return default
            try:
                return loader(text)
            except SaveError:
                self.set_aside(key, text)
                problems.append(name)
                return default

        settings = read(SETTINGS_KEY, "settings", load_settings, Settings())
        stats = read(STATS_KEY, "stats", Stats.from_json, Stats())
        table = read(GAME_KEY, "game", load_table, None)
        if table is not None:
            self.table_check = json.loads(str(self.storage.get(GAME_KEY)))["check"]
        return Loaded(table=table, stats=stats, settings=settings, problems=tuple(problems))

    def save_table(self, record: TableRecord) -> None:
        text, self.table_check = sealed_table(record)
        self.storage.set(GAME_KEY, text)

    def save_snapshot(self, snapshot: dict[str, Any]) -> None:
        """What the table shows, for static/boot.js to paint before Python starts.

        Keyed to the table record by its check value: the boot module paints it only while
        it belongs to exactly the saved game.  Not sealed: it holds nothing to protect and
        nothing is ever loaded from it but HTML of our own page, checked by that key.
        """
        body = {"kind": SNAPSHOT_KIND, "v": SNAPSHOT_VERSION, "table": self.table_check}
        text = json.dumps({**body, **snapshot}, separators=(",", ":"), sort_keys=True)
        if text != self._snapshot:
            self._snapshot = text
            self.storage.set(SNAPSHOT_KEY, text)

    def save_stats(self, stats: Stats) -> None:
        self.storage.set(STATS_KEY, stats.to_json())

    def save_settings(self, settings: Settings) -> None:
        self.storage.set(SETTINGS_KEY, dump_settings(settings))
