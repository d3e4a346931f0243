"""Statistics per difficulty (R36, R37): pure values, sealed and validated like saves."""

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import SaveError, Stats
from hearts.sealed import checksum


def test_a_game_counts_as_played_when_it_starts_and_abandoning_is_not_a_loss() -> None:
    stats = Stats().game_started("hard").game_started("hard").game_finished("hard", "win")
    hard = stats.level("hard")
    assert (hard.played, hard.won, hard.lost, hard.drawn) == (2, 1, 0, 0)
    assert hard.unfinished == 1
    assert stats.level("easy").played == 0


def test_results_and_time() -> None:
    stats = Stats().game_started("easy").game_finished("easy", "draw").add_time(1500).add_time(500)
    assert stats.level("easy").drawn == 1 and stats.time_ms == 2000
    with pytest.raises(ValueError):
        stats.add_time(-1)
    with pytest.raises(ValueError):
        stats.game_finished("easy", "resign")
    with pytest.raises(ValueError):
        stats.level("brutal")


def test_round_trip() -> None:
    stats = Stats().game_started("medium").game_finished("medium", "loss").add_time(12345)
    assert Stats.from_json(stats.to_json()) == stats
    assert Stats.from_json(Stats().to_json()) == Stats()


def _reseal(body: dict[str, Any]) -> str:
    body = {k: v for k, v in body.items() if k != "check"}
    return json.dumps({**body, "check": checksum(body)})


@pytest.mark.parametrize(
    "change",
    [
        {"v": 9},
        {"time_ms": -5},
        {"time_ms": 1.5},
        {"levels": {"easy": [1, 0, 0, 0], "medium": [0, 0, 0, 0]}},
        {"levels": {"easy": [1, 2, 0, 0], "medium": [0, 0, 0, 0], "hard": [0, 0, 0, 0]}},
        {"levels": {"easy": [1, 0, 0], "medium": [0, 0, 0, 0], "hard": [0, 0, 0, 0]}},
        {"extra": 1},
    ],
)
def test_bad_records_are_refused(change: dict[str, Any]) -> None:
    body = json.loads(Stats().game_started("easy").to_json())
    body.update(change)
    with pytest.raises(SaveError):
        Stats.from_json(_reseal(body))


@settings(max_examples=1000, deadline=None)
@given(st.data())
def test_fuzz_stats_records(data: st.DataObject) -> None:
    text = Stats().game_started("easy").game_finished("easy", "win").add_time(99).to_json()
    i = data.draw(st.integers(0, len(text) - 1))
    mutated = text[:i] + data.draw(st.text(max_size=3)) + text[i + data.draw(st.integers(0, 3)) :]
    try:
        loaded = Stats.from_json(mutated)
    except SaveError:
        return
    assert loaded == Stats.from_json(text)
