"""Storage faults, fuzzed (U2, U9): the loaders fed generated and mutated records.

Every example puts one record (good, missing, or generated/mutated into something bad)
under each of the three keys and starts a controller on that storage, exactly as the page
does at start-up.  Invariants, whatever the records hold:

* nothing raises (a bad record is a value, never an exception that kills the page);
* a record that does not load is kept byte for byte under ``<key>.bad`` and the player is
  told (one notice per record set aside);
* good statistics are never lost: what is stored afterwards is the good record with the
  saved table's games folded in (each counted once: played, and its result once over) or
  the new game just dealt;
* a good game is resumed exactly, a version-1 table too (migrated).

Mutations cover raw text damage (flips, truncation, cut and duplicated slices), tampering
that is re-sealed with a valid check value (so the deep validation has to catch it: fields
swapped for arbitrary JSON, removed or added, foreign kinds and versions, a move log with
moves dropped, doubled, swapped or changed), records of one kind under another key, and
arbitrary text and JSON, and records nested far deeper or grown far larger than any the
game writes (8,000 brackets killed the browser's Python; these tests also run
in it, ``make test-pyodide``).  The test counts the records it feeds and requires 10,000.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import Game, SaveError, Stats
from hearts.cards import Card
from hearts.driver import drive
from hearts.enums import Level
from hearts.save import dump_game
from hearts.sealed import seal
from hearts.stats import Fold
from hearts.web.records import (
    BAD_MAX,
    BAD_SUFFIX,
    GAME_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    game_storage,
)
from hearts.web.safe_storage import FULL, UNAVAILABLE, StorageFull
from hearts.web.settings import Settings, dump_settings, load_settings
from hearts.web.table_record import TableRecord, dump_table, load_table

from .helpers import controller, play_to, v1_table
from .memory import MemoryStorage

KEYS = (GAME_KEY, STATS_KEY, SETTINGS_KEY)
LOADERS = {GAME_KEY: load_table, STATS_KEY: Stats.from_json, SETTINGS_KEY: load_settings}
NAMES = {GAME_KEY: "game", STATS_KEY: "stats", SETTINGS_KEY: "settings"}
EXAMPLES = 3_400  # three records each: 10,200 records
# What the controller did with each record it was fed: resumed it or set it aside.
SEEN: dict[str, dict[str, int]] = {}


def _hands(seed: int) -> list[tuple[Card, ...]]:
    fresh = Game.new(seed)
    return [fresh.hand(seat) for seat in range(4)]


def _tables() -> list[str]:
    """Good game records at many moments: passing, mid-trick, summary, game over."""
    out = []
    fresh = Game.new(11)
    out.append(dump_table(TableRecord(fresh, "t1", fresh.hand(0)[:2])))
    game = Game.new(12, "hard")
    for seat in range(4):
        game.submit_pass(seat, game.hand(seat)[:3])
    drive(game, until=lambda g: g.to_act == 0)  # first legal cards up to your turn
    out.append(dump_table(TableRecord(game, "t2", (), game.legal_plays(0)[0])))
    out.append(dump_table(TableRecord(play_to(Game.new(13, "easy"), "hand_over"), "t3")))
    # One hand from the end (short logs keep the fuzzing fast).
    over = play_to(Game.from_deal(_hands(14), hand_number=6, scores=[90, 80, 85, 95]), "game_over")
    out.append(dump_table(TableRecord(over.copy(), "t4")))
    # Owed to the statistics: an abandoned game and a finished one they may lack.
    owed = (Fold("t0", Level.EASY), Fold("t9", Level.HARD, over.result))
    out.append(dump_table(TableRecord(over.copy(), "t5", owed=owed)))
    dealt = Game.from_deal(_hands(15), hand_number=3, scores=[5, 9, 0, 12])
    out.append(dump_table(TableRecord(dealt, "t6")))
    # Saved by version 1: counted at the deal, and at the end once "counted".
    out.append(v1_table(over.copy(), counted=True))
    out.append(v1_table(over.copy(), counted=False))
    out.append(v1_table(dealt))
    return out


GOOD = {
    GAME_KEY: _tables(),
    STATS_KEY: [
        Stats().to_json(),
        Stats().game_started("hard").game_finished("hard", "win").add_time(61_000).to_json(),
        Stats()
        .game_started("easy")
        .game_started("medium")
        .game_finished("medium", "draw")
        .to_json(),
    ],
    SETTINGS_KEY: [
        dump_settings(Settings()),
        dump_settings(Settings("de", Level.HARD)),
        dump_settings(Settings("en", Level.EASY)),
    ],
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
odd_chars: st.SearchStrategy[str] = st.sampled_from(
    [*'{}[]",:0123456789 \\ntrue-eE.', "\x00", "é", "\ud7ff", "𝄞"]
)


def _raw(draw: st.DrawFn, text: str) -> str:
    """Text-level damage: a flipped character, a truncation, a cut or doubled slice."""
    n = len(text)
    i = draw(st.integers(0, max(n - 1, 0)))
    j = draw(st.integers(i, n))
    how = draw(st.sampled_from(["flip", "truncate", "cut", "double", "insert"]))
    if how == "flip":
        return text[:i] + draw(odd_chars) + text[i + 1 :]
    if how == "truncate":
        return text[:i]
    if how == "cut":
        return text[:i] + text[j:]
    if how == "double":
        return text[:j] + text[i:j] + text[j:]
    return text[:i] + draw(st.text(max_size=8)) + text[i:]


def _body(text: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(text)
    body.pop("check")
    return body


def _tamper(draw: st.DrawFn, body: dict[str, Any]) -> dict[str, Any]:
    """A field changed, removed or added, or a foreign kind or version."""
    body = dict(body)
    how = draw(st.sampled_from(["value", "drop", "add", "version", "kind"]))
    field = draw(st.sampled_from(sorted(body)))
    if how == "value":
        body[field] = draw(json_values)
    elif how == "drop":
        del body[field]
    elif how == "add":
        body[draw(st.text(min_size=1, max_size=6))] = draw(json_values)
    elif how == "version":
        body["v"] = draw(st.sampled_from([0, 2, 99, -1, "1", 1.0, True, None]))
    else:
        body["kind"] = draw(st.sampled_from(["hearts-game", "hearts-stats", "hearts-table", "x"]))
    return body


def _tamper_log(draw: st.DrawFn, table_body: dict[str, Any]) -> dict[str, Any]:
    """The inner game's move log edited (dropped, doubled, swapped, changed) and re-sealed."""
    inner = _body(table_body["game"])
    actions = list(inner["actions"])
    how = draw(st.sampled_from(["drop", "double", "swap", "card", "seed", "level", "start"]))
    if actions and how in ("drop", "double", "swap", "card"):
        i = draw(st.integers(0, len(actions) - 1))
        if how == "drop":
            del actions[i]
        elif how == "double":
            actions.insert(i, actions[i])
        elif how == "swap" and i + 1 < len(actions):
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        else:
            rank = draw(st.sampled_from(list("23456789TJQKAX")))
            actions[i] = actions[i][:-2] + rank + actions[i][-1] if len(actions[i]) > 2 else "Z"
        inner["actions"] = actions
    elif how == "seed":
        inner["seed"] = draw(st.sampled_from([-1, 2**64, 10**300, 0, 1.5, "7"]))
    elif how == "level":
        inner["level"] = draw(st.sampled_from(["expert", "", None, "Hard"]))
    else:
        inner["start"] = draw(
            st.sampled_from(
                [
                    {"hand": 1, "scores": [0, 0, 0, 0], "deal": ["2C"] * 4},
                    {"hand": 0, "scores": [0, 0, 0, 0], "deal": []},
                    {"hand": 1, "scores": [100, 0, 0, 0], "deal": ["", "", "", ""]},
                    [],
                ]
            )
        )
    return {**table_body, "game": seal(inner)}


@st.composite
def records(draw: st.DrawFn, key: str) -> str | None:
    """A record for ``key``: missing, good, or generated / mutated."""
    kind = draw(
        st.sampled_from(
            ["missing", "good", "raw", "tamper", "log", "foreign", "text", "json", "deep"]
        )
    )
    if kind == "missing":
        return None
    base = draw(st.sampled_from(GOOD[key]))
    if kind == "good":
        return base
    if kind == "raw":
        return _raw(draw, base)
    if kind == "tamper":
        return seal(_tamper(draw, _body(base)))
    if kind == "log" and key == GAME_KEY:
        return seal(_tamper_log(draw, _body(base)))
    if kind == "foreign":  # a record of another kind under this key
        other = draw(st.sampled_from([k for k in KEYS if k != key]))
        return draw(st.sampled_from(GOOD[other]))
    if kind == "json":
        return json.dumps(draw(json_values))
    if kind == "deep":
        return _deep(draw, base)
    return draw(st.text(max_size=60))


def _deep(draw: st.DrawFn, base: str) -> str:
    """A record nested too deep (in place of one of its fields, or as a whole) or too big."""
    depth = draw(st.sampled_from([9, 64, 5_000, 8_000, 40_000]))
    opener = draw(st.sampled_from(["[", '{"a":']))
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + ("" if opener == "[" else "0") + closer * depth
    how = draw(st.sampled_from(["whole", "field", "big"]))
    if how == "whole":
        return nested
    if how == "big":
        return base[:-1] + ',"pad":"' + "x" * 200_001 + '"}'
    return base[: base.index(":") + 1] + nested + "," + base[base.index(":") + 1 :]


def _loads(key: str, text: str) -> Any:
    try:
        return LOADERS[key](text)
    except SaveError:
        return None


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    game=records(GAME_KEY),
    stats=records(STATS_KEY),
    settings_=records(SETTINGS_KEY),
    failing=st.sampled_from(["", FULL, UNAVAILABLE]),
)
def _start_on(game: str | None, stats: str | None, settings_: str | None, failing: str) -> None:
    original = {GAME_KEY: game, STATS_KEY: stats, SETTINGS_KEY: settings_}
    memory = MemoryStorage({k: v for k, v in original.items() if v is not None})
    # Two thirds of the runs: a storage that refuses every write, full or unavailable;
    # reads still work (as the page's write probe found it).
    degraded = bool(failing)
    backend = Refusing(memory.data, failing) if failing else memory
    storage = game_storage(backend, failing) if failing else game_storage(memory)
    ctl = controller(storage=storage, seed=77)
    notices = ctl.start().notices  # must not raise, whatever storage holds

    loaded = {key: (None if text is None else _loads(key, text)) for key, text in original.items()}
    bad = [key for key, text in original.items() if text is not None and loaded[key] is None]
    assert sorted(f"notice.bad_{NAMES[k]}" for k in bad) == sorted(
        n for n in notices if n.startswith("notice.bad_")
    )
    for key in KEYS:
        if key in bad:
            # Set aside byte for byte (up to BAD_MAX); read back through the page's storage.
            assert storage.get(key + BAD_SUFFIX) == str(original[key])[:BAD_MAX]
        if original[key] is not None:
            what = "set_aside" if storage.get(key + BAD_SUFFIX) is not None else "resumed"
            counts = SEEN.setdefault(key, {"set_aside": 0, "resumed": 0})
            counts[what] += 1
    # Good statistics never lost: now = before with the table's games folded in, or the
    # game just dealt; each game at most once played and once finished.
    before = loaded[STATS_KEY] or Stats()
    after = ctl.stats
    stored = storage.get(STATS_KEY)
    assert after == (before if stored is None else Stats.from_json(stored))
    table = loaded[GAME_KEY]
    expected = before
    if table is None:
        expected = expected.fold(Fold(ctl.record.game_id, ctl.game.level))
    else:
        if table.legacy is not None:
            expected = expected.mark(table.game_id, table.legacy)
        for fold in (*table.owed, table.fold()):
            expected = expected.fold(fold)
    assert after == expected
    games = 1 + (len(table.owed) if table is not None else 0)
    for level in ("easy", "medium", "hard"):
        b, a = before.level(level), after.level(level)
        assert b.played <= a.played <= b.played + games
        ended = b.won + b.lost + b.drawn
        assert ended <= a.won + a.lost + a.drawn <= ended + games
    assert after.time_ms == before.time_ms
    if stats is not None and loaded[STATS_KEY] is not None and not degraded:
        assert Stats.from_json(memory.data[STATS_KEY]).medium.played >= before.medium.played
    # A good game resumes exactly; otherwise a fresh one was dealt (and counted as played).
    if table is not None:
        assert dump_game(ctl.game) == dump_game(table.game)
        assert ctl.record.selection == table.selection
    else:
        assert ctl.game.actions == () and ctl.game.seed == 77
    level_settings = loaded[SETTINGS_KEY] or Settings()
    assert ctl.settings == level_settings
    if degraded:
        assert f"notice.storage_{failing}" in notices
        assert all(memory.data.get(k) == original[k] for k in KEYS)  # nothing written


class Refusing:
    """A storage that refuses every write: its quota used up (``FULL``) or blocked
    (``UNAVAILABLE``); reading works."""

    def __init__(self, data: dict[str, str], why: str = FULL) -> None:
        self.data, self.why = data, why

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        raise StorageFull("QuotaExceededError") if self.why == FULL else RuntimeError("blocked")

    def remove(self, key: str) -> None:
        self.set(key, "")


def test_loaders_survive_ten_thousand_generated_and_mutated_records():
    SEEN.clear()
    _start_on()
    fed = sum(n for counts in SEEN.values() for n in counts.values())
    assert fed >= 8_000, SEEN  # of 10,200 drawn, about 1 in 8 is "missing"
    for key in KEYS:  # both ways out of the loader were taken, many times, for every key
        assert min(SEEN[key].values()) >= 300, SEEN


# ----------------------------------------------------------------- bugs the fuzzing found
def test_statistics_reset_mid_game_stay_valid_when_that_game_ends():
    """Found by the fuzzing: a result counted on reset (or set-aside) statistics made a
    record with more results than games played, which the next start refused and set
    aside, so the statistics were lost after all."""
    from .helpers import finish_game

    memory = MemoryStorage()
    ctl = controller(memory, seed=5)
    ctl.start()
    ctl.reset_stats()
    finish_game(ctl)
    stored = Stats.from_json(memory.data[STATS_KEY])  # raised SaveError before the fix
    assert stored == ctl.stats
    assert stored.medium.played == 1 and stored.medium.unfinished == 0
    again = controller(memory, seed=5)
    assert again.start().notices == () and again.stats == stored


def test_a_full_storage_is_still_read_resuming_the_game_and_statistics():
    """A storage that cannot be written (quota) still holds the saved game and statistics:
    they are resumed in memory, nothing is written, and the player is told once."""
    memory = MemoryStorage()
    first = controller(memory, seed=5)
    first.start()
    card = str(first.game.hand(0)[0])
    first.tap(card)
    saved = dict(memory.data)
    ctl = controller(storage=game_storage(Refusing(memory.data), FULL), seed=99)
    notices = ctl.start().notices
    assert ctl.game.seed == 5 and [str(c) for c in ctl.record.selection] == [card]
    assert ctl.stats == first.stats
    assert notices == ("notice.storage_full",)
    outcome = ctl.tap(str(ctl.game.hand(0)[1]))
    assert memory.data == saved
    assert outcome is not None and outcome.notices == ()  # told once
    assert len(ctl.record.selection) == 2


def test_a_key_removed_while_degraded_is_not_read_back_from_the_backend():
    storage = game_storage(Refusing({GAME_KEY: "old"}), FULL)
    assert storage.get(GAME_KEY) == "old"
    storage.remove(GAME_KEY)
    assert storage.get(GAME_KEY) is None
    storage.set(GAME_KEY, "new")
    assert storage.get(GAME_KEY) == "new"
