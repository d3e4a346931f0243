"""Python starts from a memory snapshot made in this browser, and never depends on it.

No snapshot is downloaded: a first visit starts Python as usual; once the game
is playable and the browser idle, static/snapshot-worker.mjs makes one in a worker and
keeps it in Cache Storage, without fetching anything from the server; every later start
restores it, offline too. A kept copy Pyodide refuses costs one normal start and is made
again; the game never waits for it.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import time
from pathlib import Path

import pytest

from harness.browser import ROOT, SITE, serve
from harness.gamepage import (
    hand_codes,
    open_game,
    play_first_playable,
    to_my_turn,
    wait_until,
)

from .conftest import PYODIDE_DIR
from .snapshots import (
    BUILD,
    ENTRIES,
    KEPT_TIMEOUT_S,
    KEY,
    keep_entry,
    kept_bytes,
    seal,
    served,
    sparse,
    warnings_of,
)


@pytest.fixture
def context(browser, site_url):
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context
    context.close()


def started(page) -> str:
    """Open the game, play one card (the engine answers), return how Python started."""
    open_game(page)
    to_my_turn(page)
    code = play_first_playable(page)
    wait_until(page, lambda _: code not in hand_codes(page), what="the card was played")
    found: str = page.get_attribute("html", "data-python")
    return found


def sent(log: Path) -> list[str]:
    """The paths the server has answered so far (scripts/serve.py --log-bytes)."""
    return [json.loads(line)["path"] for line in log.read_text().splitlines()]


def test_made_in_the_browser_from_what_the_first_visit_loaded(browser, tmp_path: Path):
    """The first visit starts fresh; the worker makes the snapshot without a single request
    to the server; the next start restores it and makes none."""
    log = tmp_path / "bytes.jsonl"
    with serve(SITE, "--log-bytes", str(log)) as url:
        context = browser.new_context(base_url=url, service_workers="block")
        try:
            page = context.new_page()
            warnings = warnings_of(page)
            assert started(page) == "fresh"
            playable = len(sent(log))
            size = kept_bytes(page, KEPT_TIMEOUT_S)
            assert size > 10_000_000, "the snapshot was not kept for the next start"
            assert page.get_attribute("html", "data-python-kept") == str(size)
            while_made = sent(log)[playable:]
            assert not [p for p in while_made if "/static/vendor/" in p], while_made
            assert not [p for p in sent(log) if "memory-snapshot" in p]

            page.reload()
            assert started(page) == "snapshot", warnings
            # hearts/web/preload.py: the whole game but the DOM facade was in it
            assert int(page.get_attribute("html", "data-python-game")) > 50
            # ... and the bytecode of PyScript's package, which it writes as sources
            assert int(page.get_attribute("html", "data-python-compiled")) > 5
            page.wait_for_timeout(4000)  # past the moment a fresh start would make one
            assert page.get_attribute("html", "data-python-kept") is None
            assert warnings == []
        finally:
            context.close()


def test_a_kept_copy_pyodide_refuses_is_dropped_and_made_again(context, scratch):
    page = context.new_page()
    # Sealed as the worker seals what it keeps: it passes the checks, Pyodide refuses it.
    garbage = sparse(b"garbage")
    keep_entry(page, KEY, served(scratch, "garbage", garbage, seal(garbage)))
    warnings = warnings_of(page)
    assert started(page) == "fresh"
    assert any("refused its memory snapshot" in w for w in warnings), warnings
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000, "a good one replaces it"
    page.reload()
    assert started(page) == "snapshot", warnings


def test_a_copy_kept_whole_by_an_earlier_release_is_dropped_and_made_again(context, scratch):
    """Releases before static/snapshot-runs.mjs kept the whole snapshot, sealed without its
    memory's length; a release that leaves the game's archive alone finds that copy under
    the same key. It is dropped unread (no seal of today's form), never handed to Pyodide."""
    whole = b"a whole snapshot, as kept before"
    earlier = {
        "x-hearts-snapshot-bytes": str(len(whole)),
        "x-hearts-snapshot-sha256": hashlib.sha256(whole).hexdigest(),
        "x-hearts-snapshot-build": BUILD,
    }
    page = context.new_page()
    keep_entry(page, KEY, served(scratch, "whole", whole, earlier))
    warnings = warnings_of(page)
    assert started(page) == "fresh"
    assert any("dropped" in w and "no seal" in w for w in warnings), warnings
    assert not any("refused" in w for w in warnings), warnings
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000, "a good one replaces it"


def test_a_snapshot_of_another_build_of_the_game_is_not_restored(context):
    """It holds that build's modules: today's archive must not run them. The start is an
    ordinary one, and the snapshot made after it replaces the other build's."""
    page = context.new_page()
    keep_entry(page, f"/{PYODIDE_DIR}/memory-snapshot-{'0' * 16}", 'new Response("modules")')
    warnings = warnings_of(page)
    assert started(page) == "fresh"
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000
    assert page.evaluate(ENTRIES) == [KEY]
    assert warnings == []  # not even looked at: nothing was refused
    page.reload()
    assert started(page) == "snapshot", warnings


def test_a_worker_that_fails_costs_nothing_but_the_next_fast_start(context):
    page = context.new_page()
    warnings = warnings_of(page)
    page.route("**/snapshot-worker.mjs", lambda route: route.fulfill(status=404))
    assert started(page) == "fresh"
    deadline = time.monotonic() + KEPT_TIMEOUT_S
    while not any("no memory snapshot" in w for w in warnings) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert any("no memory snapshot" in w for w in warnings), warnings
    assert kept_bytes(page) == 0
    page.reload()
    assert started(page) == "fresh", "and the next start simply tries again"


def test_the_first_offline_start_restores_the_kept_snapshot(browser, site_url):
    """After one online visit (service worker installed, snapshot kept), a start with no
    network at all is a fast one."""
    context = browser.new_context(base_url=site_url, service_workers="allow")
    try:
        page = context.new_page()
        assert started(page) == "fresh"
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # precache complete
        assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000
        context.set_offline(True)
        page.reload()
        assert started(page) == "snapshot"
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    finally:
        context.close()


NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
FOREIGN_SNAPSHOT = f"""
const {{ loadPyodide }} = await import({str(NPM_PYODIDE / "pyodide.mjs")!r});
const python = await loadPyodide({{ _makeSnapshot: true, stdout: () => {{}}, stderr: () => {{}} }});
process.stdout.write(python.makeMemorySnapshot());
"""


def test_a_kept_snapshot_of_another_stdlib_zip_still_imports(context, scratch):
    """A copy kept in Cache Storage by an earlier build: the same Pyodide (accepted), but its
    memory holds zipimport's table of that build's python_stdlib.zip (scripts/stdlib.mjs
    ships what the game imports, so the zip changes with the game). Here: Pyodide's own."""
    foreign = subprocess.run(
        ["node", "--input-type=module", "-e", FOREIGN_SNAPSHOT],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=300,
    ).stdout
    page = context.new_page()
    stored = sparse(foreign)
    keep_entry(page, KEY, served(scratch, "foreign-snapshot", stored, seal(stored)))
    warnings = warnings_of(page)
    assert started(page) == "snapshot"  # html, hashlib...: imported from today's zip
    assert page.get_attribute("html", "data-python-game") == "0"  # the game too
    assert page.get_attribute("html", "data-python-compiled") == "0"
    assert warnings == []


def test_not_made_while_a_card_flies(context):
    """The worker's start competes for the CPU (frames of a flight dropped at 4x slowdown):
    it waits for a moment the table waits for the player with nothing in flight."""
    page = context.new_page()
    open_game(page)
    page.evaluate("() => { globalThis.heartsMotion.running = () => 1; }")  # a flight forever
    page.wait_for_timeout(6000)  # past MAKE_AFTER_MS and an idle callback's timeout
    worker_started = """() => performance.getEntriesByType("resource")
        .some((e) => e.name.includes("snapshot-worker"))"""
    assert not page.evaluate(worker_started), "made while a card was in flight"
    page.evaluate("() => { globalThis.heartsMotion.running = () => 0; }")  # it lands
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10_000_000
    assert page.evaluate(worker_started)
