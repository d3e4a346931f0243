"""Sealed records are read within the limits their formats need.

``json.loads`` recurses once per nesting level.  CPython 3.11 turns 8,000 levels into a
clean ``RecursionError``; the browser's Python (Pyodide, WebAssembly) runs out of stack
first and dies with a fatal error, which stopped the game at every start.  These tests
also run inside the pinned Pyodide (``make test-pyodide``): there, before the fix, the
first deep record below killed the interpreter.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import SaveError, Stats
from hearts.save import load_game
from hearts.sealed import MAX_DEPTH, MAX_TEXT, nesting_within, open_record, parse_json, seal

DEEP = [10, 1_000, 8_000, 30_000]


def _nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def _objects(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("shape", ["arrays", "objects", "inside-a-record"])
def test_a_deeply_nested_record_is_refused_before_it_is_parsed(depth, shape):
    text = {
        "arrays": _nested(depth),
        "objects": _objects(depth),
        "inside-a-record": '{"kind":"hearts-stats","v":2,"levels":' + _nested(depth) + "}",
    }[shape]
    with pytest.raises(SaveError, match="nested too deeply"):
        open_record(text, "hearts-stats", 2)
    with pytest.raises(SaveError):
        Stats.from_json(text)
    with pytest.raises(SaveError):
        load_game(text)


def test_nesting_counts_brackets_outside_strings_only():
    assert nesting_within(_nested(MAX_DEPTH)) and not nesting_within(_nested(MAX_DEPTH + 1))
    assert nesting_within(json.dumps({"a": "[" * 10_000, "b": ['x"]]]', "\\"]}))
    assert nesting_within(json.dumps([[["\\\\[[[["]]]), 3)
    assert not nesting_within(json.dumps([[["\\\\"]]]), 2)
    assert not nesting_within("[[[")  # unbalanced: refused (json.loads would refuse it too)
    assert nesting_within("") and nesting_within("12") and nesting_within('"[[["')


def test_a_record_too_large_is_refused_before_it_is_parsed():
    with pytest.raises(SaveError, match="too large"):
        parse_json(" " * (MAX_TEXT + 1))


def test_hostile_texts_are_scanned_in_one_pass():
    """Unterminated strings and escaped quotes cannot make the scan quadratic."""
    for text in ('"\\"' * 60_000, '"' + "[" * 150_000, "\\" * 150_000, _nested(90_000)):
        with pytest.raises(SaveError):
            open_record(text, "hearts-stats", 2)


@settings(max_examples=300, deadline=None, database=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=30,
    )
)
def test_the_scan_agrees_with_the_real_depth_of_any_json(value):
    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0

    text = json.dumps(value)
    for limit in range(6):
        assert nesting_within(text, limit) == (depth(value) <= limit)


def test_a_good_record_is_still_read():
    body = {"kind": "k", "v": 1, "x": [[[1]]], "y": {"z": "]]]]]]]]]]]]"}}
    assert open_record(seal(body), "k", 1) == body
