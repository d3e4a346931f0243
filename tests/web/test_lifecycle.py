"""The page's life cycle, declared once (hearts/web/lifecycle.py) and performed by one owner
(static/lifecycle.mjs): the table is walked, and no other part writes ``data-state``."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

from hearts.web import lifecycle
from hearts.web.lifecycle import FAILED, INITIAL, STATES, WAITING, next_state

ROOT = Path(__file__).resolve().parents[2]
BLAMES = {lifecycle.RUNTIME, lifecycle.SNAPSHOT, lifecycle.RECORD}


def reachable() -> set[str]:
    seen, todo = {INITIAL}, deque([INITIAL])
    while todo:
        for target in STATES[todo.popleft()].exits.values():
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_state_is_entered_from_the_start_and_every_exit_leads_to_a_state():
    assert reachable() == set(STATES), "a state no event leads to"
    for name, state in STATES.items():
        assert set(state.exits.values()) <= set(STATES), name
        assert set(state.blames) <= BLAMES, name


def test_every_state_but_the_final_one_has_a_bound_and_an_owner_of_it_or_waits_for_the_player():
    finals = [name for name, state in STATES.items() if state.final]
    assert finals == ["stopped"]
    for name, state in STATES.items():
        if state.final:
            continue
        assert state.exits, name
        if name in WAITING:
            assert state.bound_ms is None, name
            continue
        assert state.bound_ms is not None and state.bound_ms > 0, name
        owner = state.bound_by
        assert owner is not None and (ROOT / owner).is_file(), f"{name}: bound by {owner}"


def test_every_state_before_the_table_is_playable_can_fail_and_ready_can_only_die():
    for name, state in STATES.items():
        if state.final or name in ("ready",):
            continue
        assert next_state(name, FAILED) == "stopped", name
    assert next_state("ready", FAILED) is None
    assert next_state("ready", lifecycle.DIED) == "stopped"


def test_a_record_is_blamed_only_while_the_records_are_read_the_snapshot_only_while_restored():
    blamed = {name: state.blames for name, state in STATES.items() if state.blames}
    assert blamed == {
        "loading": (lifecycle.RUNTIME,),
        "painted": (lifecycle.RUNTIME,),
        "restoring": (lifecycle.SNAPSHOT,),
        "starting": (lifecycle.RECORD,),
    }


def test_an_event_without_an_exit_changes_nothing():
    assert next_state("ready", "painted") is None
    assert next_state("stopped", "ready") is None  # a late report after the way on
    assert next_state("elsewhere", "claiming") is None
    assert next_state("no such state", "painted") is None


def test_the_contract_carries_the_table_as_declared():
    table = lifecycle.table()
    states = table["states"]
    assert isinstance(states, dict) and set(states) == set(STATES)
    assert states["claiming"] == {
        "bound": lifecycle.CLAIM_MS,
        "boundBy": "hearts/web/ownership.py",
        "exits": {"elsewhere": "elsewhere", "starting": "starting", FAILED: "stopped"},
        "blames": [],
        "gameRuns": True,
    }


# Writes of <html data-state> in either language: only the owner (and, in each language,
# the last resort of a page whose owner did not load) may write it.
WRITES = re.compile(r"dataset\.state\s*=(?!=)|set_data\(\s*\"state\"")
ALLOWED = {
    "static/lifecycle.mjs": 1,
    "static/watch.mjs": 1,  # the page's modules never came: no owner to report to
    "hearts/web/dom.py": 1,  # the same table applied when static/lifecycle.mjs is missing
}


def test_one_owner_writes_data_state():
    files = [
        *(ROOT / "static").rglob("*.mjs"),
        *(ROOT / "static").rglob("*.js"),
        *(ROOT / "hearts").rglob("*.py"),
    ]
    found = {}
    for path in files:
        name = str(path.relative_to(ROOT))
        if name.startswith(("static/vendor", "static/build")):
            continue
        count = len(WRITES.findall(path.read_text(encoding="utf-8")))
        if count:
            found[name] = count
    assert found == ALLOWED


def doc_row(name: str) -> str:
    """The state's row in docs/architecture.md's table of the page's states."""
    state = STATES[name]
    if state.final:
        bound = "final: the way on reloads the page"
    elif state.bound_ms is None:
        bound = "none: the player or another tab moves it on"
    else:
        bound = f"{state.bound_ms / 1000:g} s, `{state.bound_by}`"
    targets = ", ".join(f"`{t}`" for t in dict.fromkeys(state.exits.values())) or "none"
    return f"| `{name}` | {bound} | {targets} | {', '.join(state.blames) or 'nothing'} |"


def test_the_architecture_document_draws_the_table_as_declared():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [doc_row(name) for name in STATES if doc_row(name) not in text]
    assert missing == [], "\n".join(missing)
