"""The same game in both runtimes: the engine really is unmodified in WebAssembly.

A seeded game at the Hard level is played to its end in Chromium (Pyodide), its saved JSON
is taken from localStorage and replayed in CPython: the state must be byte-identical and
every CPU pass and play in the log must be exactly what CPython's CPU chooses in that
position.
"""

from __future__ import annotations

import json

import pytest

from harness.gamepage import open_game, state, wait_ready
from hearts.enums import Level
from hearts.save import dump_game, load_game
from hearts.web.records import GAME_KEY, SETTINGS_KEY
from hearts.web.settings import Settings, dump_settings

from .drive import check_cpu_choices, play_to_end, replay_policy

SEED = 31


@pytest.fixture
def page(browser, site_url):
    """A page without the service worker (its install competes for the CPU; an update of
    it could reload the page at start)."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context.new_page()
    context.close()


LEVEL = Level.HARD


def test_a_browser_game_replays_byte_identically_in_cpython(page, console_errors):
    open_game(page, f"?seed={SEED}&cadence=0&lang=en")
    # The next game at Hard (R5): settings as the page stores them, then a fresh deal.
    page.evaluate(
        "([sk, sv, gk]) => { localStorage.setItem(sk, sv); localStorage.removeItem(gk); }",
        [SETTINGS_KEY, dump_settings(Settings(level=LEVEL)), GAME_KEY],
    )
    page.reload()
    assert wait_ready(page)["level"] == LEVEL

    end = play_to_end(page)
    table = json.loads(page.evaluate("(k) => localStorage.getItem(k)", GAME_KEY))
    saved = table["game"]
    assert saved == end["game"] == state(page)["game"]

    replayed = load_game(saved)
    assert dump_game(replayed) == saved  # byte for byte
    expected = replay_policy(SEED, LEVEL)  # the same moves, chosen in CPython
    assert replayed.state() == expected.state()
    assert dump_game(expected) == saved
    assert replayed.phase == "game_over" and replayed.level == LEVEL
    checked = check_cpu_choices(saved)
    assert checked > 200  # every CPU pass and play of the whole game
    assert console_errors == []
