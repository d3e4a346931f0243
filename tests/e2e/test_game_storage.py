"""What the page keeps in localStorage, as a player meets it: a bad saved game set aside
with a message (statistics kept), statistics reset only after confirmation (R36)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from harness.gamepage import my_move, open_game, settle, state, wait_ready
from hearts.web.records import GAME_KEY, bad_keys

from .drive import open_dialog

BAD_TABLE = '{"kind":"hearts-table"'  # cut off: not a record


@pytest.fixture
def page(warm_page):
    """A game page that starts from the kept memory snapshot (conftest's warm pages):
    these tests are about the records, not the start."""
    return warm_page


def test_a_bad_saved_game_is_set_aside_with_a_clear_message(page):
    open_game(page)
    settle(page)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [GAME_KEY, BAD_TABLE])
    page.reload()
    now = wait_ready(page)
    notice = page.locator("#notice")
    assert "could not be loaded and was set aside" in notice.inner_text()
    assert "statistics are kept" in notice.inner_text()
    backup = page.evaluate("(key) => localStorage.getItem(key)", bad_keys(GAME_KEY)[0])
    assert backup == BAD_TABLE
    assert json.loads(now["stats"])["levels"]["medium"][0] == 2  # kept, plus the new game
    assert now["phase"] == "pass"
    page.locator('#notice [data-intent="dismiss"]').click()
    assert page.locator("#notice").inner_text() == ""


def test_statistics_reset_asks_first_and_focus_returns(page):
    open_game(page)
    settle(page)
    dialog = open_dialog(page, "stats")
    dialog.locator('[data-intent="reset"]').click()
    assert "cannot be undone" in dialog.locator(".confirm").inner_text()
    dialog.locator('[data-intent="reset-no"]').click()
    assert json.loads(state(page)["stats"])["levels"]["medium"][0] == 1
    dialog.locator('[data-intent="reset"]').click()
    dialog.locator('[data-intent="reset-yes"]').click()
    assert json.loads(state(page)["stats"])["levels"]["medium"] == [0, 0, 0, 0]
    medium = dialog.locator("tbody td:nth-of-type(2)")  # a column per level: Medium second
    assert medium.all_inner_texts() == ["0"] * 4
    dialog.locator('.buttons [data-intent="close"]').click()
    expect(page.locator("#menu-button")).to_be_focused()  # focus returns where it was


def test_escape_does_not_hide_the_hand_summary(page):
    open_game(page, "?seed=3&cadence=0&lang=en")
    now = settle(page)
    while now["phase"] != "hand_over":
        now = my_move(page)
    page.keyboard.press("Escape")
    assert page.locator("#dlg-summary").is_visible()
    assert page.evaluate("document.activeElement.dataset.intent") == "continue"
    page.keyboard.press("Enter")
    assert settle(page)["hand_number"] == 2
    assert not page.locator("#dlg-summary").is_visible()
