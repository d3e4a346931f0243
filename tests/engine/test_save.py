"""Save loader: versioned, validated by replay; anything bad is a SaveError, never a crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import Game, SaveError
from hearts.driver import random_choices, take_step
from hearts.save import dump_game, load_game
from hearts.sealed import checksum
from tests.engine.scripted import make_deal, play_out


def _played_game(actions: int = 120) -> Game:
    game = Game.new(99, "easy")
    policy = random_choices(random.Random(3))
    for _ in range(actions):
        take_step(game, policy)
    return game


GAME = _played_game()
SAVE = dump_game(GAME)


def _reseal(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "check"}
    return json.dumps({**body, "check": checksum(body)})


def test_save_is_compact_and_versioned() -> None:
    data = json.loads(SAVE)
    assert data["kind"] == "hearts-game" and data["v"] == 1
    assert set(data) == {"kind", "v", "seed", "level", "start", "actions", "check"}
    assert load_game(SAVE).state() == GAME.state()


def test_from_deal_games_save_their_start() -> None:
    game = Game.from_deal(make_deal(), hand_number=6, scores=(10, 20, 30, 40), seed=5)
    play_out(game)
    restored = load_game(dump_game(game))
    assert restored.state() == game.state() and restored.hand_number == 6


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda d: {**d, "v": 2}, "version"),
        (lambda d: {**d, "kind": "chess"}, "not a hearts-game"),
        (lambda d: {**d, "check": "0" * 16}, "check value"),
    ],
)
def test_foreign_or_edited_records_are_refused(mutate, reason: str) -> None:
    data = json.loads(SAVE)
    with pytest.raises(SaveError, match=reason):
        load_game(json.dumps(mutate(data)))


def test_a_resealed_illegal_action_fails_replay_with_the_state_untouched() -> None:
    data = json.loads(SAVE)
    index = next(i for i, a in enumerate(data["actions"]) if a[0].isdigit())
    seat = data["actions"][index][0]
    data["actions"][index] = (
        f"{seat} 2C" if not data["actions"][index].endswith("2C") else f"{seat} 3C"
    )
    with pytest.raises(SaveError, match="does not replay"):
        load_game(_reseal(data))


@pytest.mark.parametrize(
    "field_value",
    [
        ("seed", -1),
        ("seed", "7"),
        ("seed", True),
        ("level", "brutal"),
        ("level", 3),
        ("actions", "G"),
        ("actions", [1]),
        ("actions", ["X"]),
        ("start", {"hand": 1}),
        ("start", {"hand": 1, "scores": [0, 0, 0, 0], "deal": ["2C"] * 4}),
    ],
)
def test_resealed_bad_fields_are_refused(field_value: tuple[str, object]) -> None:
    field, value = field_value
    data = json.loads(SAVE)
    data[field] = value
    with pytest.raises(SaveError):
        load_game(_reseal(data))


def test_lowercase_card_text_is_not_canonical() -> None:
    data = json.loads(SAVE)
    index = next(i for i, a in enumerate(data["actions"]) if a[0].isdigit())
    data["actions"][index] = data["actions"][index].lower()
    with pytest.raises(SaveError, match="canonical"):
        load_game(_reseal(data))


@pytest.mark.parametrize("text", ["", "null", "[]", "{}", "1", '"x"', "{" * 5000, "\x00"])
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(SaveError):
        load_game(text)


def test_non_text_is_refused() -> None:
    with pytest.raises(SaveError):
        load_game(None)


def _assert_loads_or_save_error(text: str, resealed: bool = False) -> None:
    try:
        game = load_game(text)
    except SaveError:
        return
    if not resealed:
        # An unsealed mutation can only load if it left the record intact (e.g. white space).
        assert game.state() == GAME.state()


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_truncated_and_mutated_saves(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(["truncate", "flip", "insert", "delete", "field"]))
    text = SAVE
    if kind == "truncate":
        text = text[: data.draw(st.integers(0, len(text) - 1))]
    elif kind == "flip":
        i = data.draw(st.integers(0, len(text) - 1))
        text = text[:i] + data.draw(st.characters()) + text[i + 1 :]
    elif kind == "insert":
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(st.text(min_size=1, max_size=5)) + text[i:]
    elif kind == "delete":
        i = data.draw(st.integers(0, len(text) - 1))
        text = text[:i] + text[i + data.draw(st.integers(1, 20)) :]
    else:
        record = json.loads(SAVE)
        key = data.draw(st.sampled_from(sorted(record)))
        record[key] = data.draw(
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                lambda inner: (
                    st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3)
                ),
                max_leaves=6,
            )
        )
        if data.draw(st.booleans()):
            _assert_loads_or_save_error(_reseal(record), resealed=True)
            return
        text = json.dumps(record)
    _assert_loads_or_save_error(text)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=100).map(lambda b: b.decode("latin-1")))
def test_fuzz_arbitrary_text(text: str) -> None:
    with pytest.raises(SaveError):
        load_game(text)
