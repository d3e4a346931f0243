"""Persistence (R10, R36, R37): versioned records, bad data set aside, safe storage."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Card, Game, SaveError, Stats
from hearts.record import seal
from hearts.save import dump_game
from hearts.web.store import (
    GAME_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryStorage,
    Records,
    SafeStorage,
    Settings,
    TableRecord,
    dump_settings,
    dump_table,
    load_settings,
    load_table,
)


def table(selection: int = 2) -> TableRecord:
    game = Game.new(3)
    game.submit_pass(1, game.hand(1)[:3])
    return TableRecord(game=game, selection=game.hand(0)[:selection])


def test_keys_are_separate_and_versioned():
    assert len({GAME_KEY, STATS_KEY, SETTINGS_KEY}) == 3
    assert all(key.endswith(".v1") for key in (GAME_KEY, STATS_KEY, SETTINGS_KEY))


def test_table_round_trip_keeps_the_unfinished_pass_selection():
    record = table()
    loaded = load_table(dump_table(record))
    assert dump_game(loaded.game) == dump_game(record.game)
    assert loaded.selection == record.selection
    assert loaded.lifted is None and loaded.counted is False


def test_lifted_card_round_trip_and_dropped_when_not_playable():
    game = Game.new(4)
    for seat in range(4):
        game.submit_pass(seat, game.hand(seat)[:3])
    while game.to_act != 0:
        game.play(game.to_act, game.legal_plays(game.to_act)[0])
    lifted = game.legal_plays(0)[0]
    assert load_table(dump_table(TableRecord(game, (), lifted))).lifted == lifted
    blocked = [c for c in game.hand(0) if c not in game.legal_plays(0)]
    if blocked:
        assert load_table(dump_table(TableRecord(game, (), blocked[0]))).lifted is None


def test_selection_of_cards_you_do_not_hold_is_dropped():
    record = table()
    foreign = tuple(c for c in record.game.hand(1)[:2])
    text = dump_table(TableRecord(record.game, foreign))
    assert load_table(text).selection == ()


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: {**b, "v": 2},
        lambda b: {**b, "kind": "other"},
        lambda b: {**b, "selection": 5},
        lambda b: {**b, "lifted": 7},
        lambda b: {**b, "counted": "yes"},
        lambda b: {**b, "counted": True},  # a game in progress cannot be counted
        lambda b: {**b, "game": "{}"},
        lambda b: {**b, "extra": 1},
        lambda b: {**b, "selection": "ZZ"},
    ],
)
def test_bad_table_records_raise_save_error(mutate):
    body = json.loads(dump_table(table()))
    body.pop("check")
    with pytest.raises(SaveError):
        load_table(seal(mutate(body)))


def test_edited_record_fails_its_check_value():
    text = dump_table(table())
    with pytest.raises(SaveError):
        load_table(text.replace('"counted":false', '"counted":true'))


def test_settings_round_trip_and_validation():
    settings = Settings(lang="de", level="hard")
    assert load_settings(dump_settings(settings)) == settings
    assert load_settings(dump_settings(Settings())) == Settings(None, "medium")
    body = json.loads(dump_settings(settings))
    body.pop("check")
    with pytest.raises(SaveError):
        load_settings(seal({**body, "level": "expert"}))
    with pytest.raises(SaveError):
        load_settings(seal({**body, "lang": "fr"}))


def test_a_bad_game_is_set_aside_and_statistics_survive():
    stats = Stats().game_started("hard").game_finished("hard", "win")
    memory = MemoryStorage({GAME_KEY: "{not json", STATS_KEY: stats.to_json()})
    loaded = Records(SafeStorage(memory)).load()
    assert loaded.table is None
    assert loaded.problems == ("game",)
    assert loaded.stats == stats
    assert memory.data[GAME_KEY + ".bad"] == "{not json"
    assert GAME_KEY not in memory.data
    assert memory.data[STATS_KEY] == stats.to_json()  # untouched


def test_bad_statistics_are_set_aside_not_overwritten_silently():
    good_game = dump_table(table())
    memory = MemoryStorage({STATS_KEY: '{"kind":"hearts-stats","v":1}', GAME_KEY: good_game})
    loaded = Records(SafeStorage(memory)).load()
    assert loaded.problems == ("stats",)
    assert loaded.stats == Stats()
    assert loaded.table is not None
    assert memory.data[STATS_KEY + ".bad"] == '{"kind":"hearts-stats","v":1}'


def test_bad_settings_fall_back_to_defaults():
    memory = MemoryStorage({SETTINGS_KEY: "[]"})
    loaded = Records(SafeStorage(memory)).load()
    assert loaded.settings == Settings() and loaded.problems == ("settings",)


class Broken:
    """A storage that throws, like localStorage in some private modes or when full."""

    def __init__(self, *, get: bool = False, set: bool = False) -> None:
        self.fail_get, self.fail_set = get, set
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        if self.fail_get:
            raise RuntimeError("SecurityError")
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.fail_set:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def test_no_storage_at_all_works_in_memory():
    storage = SafeStorage(None)
    assert storage.degraded
    storage.set("k", "v")
    assert storage.get("k") == "v"


def test_quota_errors_switch_to_memory_and_keep_playing():
    backend = Broken(set=True)
    storage = SafeStorage(backend)
    storage.set("k", "v")
    assert storage.degraded and storage.get("k") == "v" and backend.data == {}


def test_a_storage_that_cannot_be_read_is_never_written():
    backend = Broken(get=True)
    backend.data[STATS_KEY] = "precious"
    storage = SafeStorage(backend)
    records = Records(storage)
    loaded = records.load()
    records.save_stats(loaded.stats)
    assert storage.degraded
    assert backend.data == {STATS_KEY: "precious"}


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=200).map(lambda b: b.hex())))
def test_loaders_raise_only_save_error_on_garbage(text):
    for loader in (load_table, load_settings):
        with contextlib.suppress(SaveError):
            loader(text)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0), st.integers(min_value=0, max_value=255))
def test_mutated_table_records_raise_only_save_error(position, value):
    text = dump_table(table())
    index = position % len(text)
    mutated = text[:index] + chr(value) + text[index + 1 :]
    try:
        record = load_table(mutated)
    except SaveError:
        return
    assert isinstance(record.game, Game)
    assert all(isinstance(c, Card) for c in record.selection)
