"""Persistence (R10, R36, R37; U2): versioned records, migration, bad data set aside."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Card, Game, SaveError, Stats
from hearts.driver import drive
from hearts.enums import Level, Result
from hearts.save import dump_game
from hearts.sealed import MAX_TEXT, nesting_within, seal
from hearts.stats import FINISHED, PLAYED, SEEN_LIMIT, Fold
from hearts.web.records import (
    BAD_KEEP,
    BAD_MAX,
    GAME_KEY,
    PICTURE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    Records,
    bad_keys,
    game_storage,
)
from hearts.web.settings import Settings, dump_settings, load_settings
from hearts.web.table_record import MAX_OWED, TableRecord, dump_table, load_table

from .helpers import controller, play_to, v1_table
from .memory import MemoryStorage
from .test_safe_storage import Quota


def table(selection: int = 2) -> TableRecord:
    game = Game.new(3)
    game.submit_pass(1, game.hand(1)[:3])
    return TableRecord(game=game, game_id="a1", selection=game.hand(0)[:selection])


def test_keys_are_separate_and_versioned():
    assert len({GAME_KEY, STATS_KEY, SETTINGS_KEY}) == 3
    assert all(key.endswith(".v1") for key in (GAME_KEY, STATS_KEY, SETTINGS_KEY))


def test_table_round_trip_keeps_the_unfinished_pass_selection():
    record = table()
    loaded = load_table(dump_table(record))
    assert dump_game(loaded.game) == dump_game(record.game)
    assert loaded.selection == record.selection and loaded.game_id == "a1"
    assert loaded.lifted is None and loaded.owed == () and loaded.legacy is None


def test_owed_games_and_the_legacy_mark_round_trip():
    owed = (Fold("old-1", Level.EASY), Fold("old-2", Level.HARD, Result.LOSS))
    record = TableRecord(Game.new(3), "a2", owed=owed, legacy=PLAYED)
    loaded = load_table(dump_table(record))
    assert loaded.owed == owed and loaded.legacy == PLAYED
    assert loaded.fold() == Fold("a2", Level.MEDIUM, None)


def test_a_version_1_table_is_migrated_with_an_id_of_its_own():
    over = play_to(Game.new(3), "game_over")
    for game, counted, mark in ((Game.new(3), False, PLAYED), (over, True, FINISHED)):
        text = v1_table(game, counted)
        loaded = load_table(text)
        assert dump_game(loaded.game) == dump_game(game)
        assert loaded.legacy == mark and loaded.game_id.startswith("v1-")
        assert load_table(text).game_id == loaded.game_id  # the same on every load
    assert load_table(v1_table(Game.new(4))).game_id != load_table(v1_table(Game.new(3))).game_id
    with pytest.raises(SaveError):  # a game in progress cannot have been counted
        load_table(v1_table(Game.new(3), counted=True))


def test_lifted_card_round_trip_and_dropped_when_not_playable():
    game = Game.new(4)
    for seat in range(4):
        game.submit_pass(seat, game.hand(seat)[:3])
    drive(game, until=lambda g: g.to_act == 0)  # first legal cards up to your turn
    lifted = game.legal_plays(0)[0]
    assert load_table(dump_table(TableRecord(game, "b", (), lifted))).lifted == lifted
    blocked = [c for c in game.hand(0) if c not in game.legal_plays(0)]
    if blocked:
        assert load_table(dump_table(TableRecord(game, "b", (), blocked[0]))).lifted is None


def test_selection_of_cards_you_do_not_hold_is_dropped():
    record = table()
    foreign = tuple(c for c in record.game.hand(1)[:2])
    text = dump_table(TableRecord(record.game, "c", foreign))
    assert load_table(text).selection == ()


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: {**b, "v": 3},
        lambda b: {**b, "v": 1},  # version 1 has other fields
        lambda b: {**b, "kind": "other"},
        lambda b: {**b, "selection": 5},
        lambda b: {**b, "lifted": 7},
        lambda b: {**b, "id": ""},
        lambda b: {**b, "id": "Not An Id"},
        lambda b: {**b, "id": "x" * 41},
        lambda b: {**b, "owed": [["g1", "medium"]]},
        lambda b: {**b, "owed": [["g1", "expert", None]]},
        lambda b: {**b, "owed": [["g1", "medium", "won"]]},
        lambda b: {**b, "owed": [["g1", "medium", None]] * 17},
        lambda b: {**b, "legacy": "x"},
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
        load_table(text.replace('"legacy":null', '"legacy":"f"'))


def test_settings_round_trip_and_validation():
    settings = Settings(lang="de", level=Level.HARD)
    assert load_settings(dump_settings(settings)) == settings
    assert load_settings(dump_settings(Settings())) == Settings(None, Level.MEDIUM)
    body = json.loads(dump_settings(settings))
    body.pop("check")
    with pytest.raises(SaveError):
        load_settings(seal({**body, "level": "expert"}))
    with pytest.raises(SaveError):
        load_settings(seal({**body, "lang": "fr"}))


def test_a_bad_game_is_set_aside_and_statistics_survive():
    stats = Stats().game_started("hard").game_finished("hard", "win")
    memory = MemoryStorage({GAME_KEY: "{not json", STATS_KEY: stats.to_json()})
    loaded = Records(game_storage(memory)).load()
    assert loaded.table is None
    assert loaded.problems == ("game",)
    assert loaded.stats == stats
    assert memory.data[GAME_KEY + ".bad"] == "{not json"
    assert GAME_KEY not in memory.data
    assert memory.data[STATS_KEY] == stats.to_json()  # untouched


def test_bad_statistics_are_set_aside_not_overwritten_silently():
    good_game = dump_table(table())
    memory = MemoryStorage({STATS_KEY: '{"kind":"hearts-stats","v":1}', GAME_KEY: good_game})
    loaded = Records(game_storage(memory)).load()
    assert loaded.problems == ("stats",)
    assert loaded.stats == Stats()
    assert loaded.table is not None
    assert memory.data[STATS_KEY + ".bad"] == '{"kind":"hearts-stats","v":1}'


def test_bad_settings_fall_back_to_defaults():
    memory = MemoryStorage({SETTINGS_KEY: "[]"})
    loaded = Records(game_storage(memory)).load()
    assert loaded.settings == Settings() and loaded.problems == ("settings",)


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


def test_each_refusal_keeps_its_own_copy_newest_first_bounded_and_the_first_for_good():
    """A second refused record overwrote the first ``.bad`` copy.
    And the first one set aside (the player's real game, before the games dealt after it
    that failed too) was dropped after :data:`BAD_KEEP` more: now it stays in the last slot."""
    memory = MemoryStorage()
    for n in range(1, 6):
        memory.data[SETTINGS_KEY] = f"bad settings {n}"
        assert Records(game_storage(memory)).load().problems == ("settings",)
    assert [memory.data.get(k) for k in bad_keys(SETTINGS_KEY)] == [
        "bad settings 5",
        "bad settings 4",
        "bad settings 1",
    ]
    assert len(bad_keys(SETTINGS_KEY)) == BAD_KEEP
    others = [k for k in memory.data if k.startswith(SETTINGS_KEY + ".")]
    assert sorted(others) == sorted(bad_keys(SETTINGS_KEY))
    memory.data[SETTINGS_KEY] = "bad settings 5"  # the same record refused again: kept once
    Records(game_storage(memory)).load()
    assert memory.data[bad_keys(SETTINGS_KEY)[1]] == "bad settings 4"
    memory.data[GAME_KEY] = "x" * (BAD_MAX * 3)  # a huge one is kept in part
    Records(game_storage(memory)).load()
    assert memory.data[GAME_KEY + ".bad"] == "x" * BAD_MAX


def test_a_game_refused_on_full_storage_stays_under_its_key_until_its_copy_is_stored():
    """Storage full: the copy of a refused game could not be written, but the removal of
    its key (and then the new game's table) went through before it: the player's game was
    lost with nothing said.  Now everything waits behind the copy, the picture is freed
    first, the page says storage is full, and with room again the copy comes first."""
    original = "{not a game"
    picture = "p" * 40
    backend = Quota(room=len(original) + 5, data={GAME_KEY: original})  # no room for a copy
    backend.data[PICTURE_KEY] = picture
    ctl = controller(storage=game_storage(backend))
    notices = ctl.start().notices
    assert "notice.bad_game" in notices and "notice.storage_full" in notices
    assert ctl.table is not None  # a new game is played, in memory
    assert backend.data == {GAME_KEY: original}  # the picture freed, the game kept
    assert Records(game_storage(backend)).load().problems == ("game",)  # the next start
    assert backend.data == {GAME_KEY: original}
    backend.room = 10_000  # the player freed space: the copy first, then the new table
    ctl.storage.retry()
    assert backend.data[GAME_KEY + ".bad"] == original
    assert load_table(backend.data[GAME_KEY]).game_id == ctl.record.game_id
    assert backend.writes.index(GAME_KEY + ".bad") < backend.writes.index(GAME_KEY)


def test_set_aside_says_whether_the_copy_is_stored():
    backend = Quota(room=8, data={STATS_KEY: "bad"})
    records = Records(game_storage(backend))
    assert records.set_aside(STATS_KEY, "bad") is True
    backend.data[STATS_KEY] = "bad stats"
    records = Records(game_storage(backend))
    assert records.set_aside(STATS_KEY, "bad stats") is False  # 3 + 9 + 9 > 8
    assert backend.data == {STATS_KEY: "bad stats", STATS_KEY + ".bad": "bad"}


def test_no_record_the_game_writes_comes_near_the_limits_of_what_is_read():
    """The limits refuse only what the game never writes: a long finished game, the
    statistics with every game remembered, and a table owing the most games."""
    over = play_to(Game.new(1, "hard"), "game_over")
    owed = tuple(Fold(f"g{n}", Level.EASY) for n in range(MAX_OWED))
    stats = Stats()
    for n in range(SEEN_LIMIT):
        stats = stats.fold(Fold(f"game-{n:032d}", Level.HARD))
    record = TableRecord(game=over, game_id="a" * 40, owed=owed)
    for text in (dump_table(record), stats.to_json()):
        assert len(text) < min(MAX_TEXT, BAD_MAX) // 4 and nesting_within(text, 3)
