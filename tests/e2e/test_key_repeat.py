"""Keys play only when pressed (R17: two deliberate taps), and URL parameters that
are not plain numbers are ignored (?seed=² stopped the start).

Holding Enter on a dialog's button autorepeated into the table: the hand summary's Continue
held on lifted and played cards in the next hand, or chose a pass card.  Playwright's
``keyboard.down`` of a key already down sends the browser's autorepeat (``repeat: true``
keydowns), which each test counts so that it holds a key for real.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.gamepage import BOOT_TIMEOUT_S, open_game, poll, settle, state, wait_ready
from hearts import Game

from .positions import load_position, play_until

SEED = 7
REPEATS = 25  # after the dialog closed: over a second of a 30/s autorepeat
REPEAT_COUNTER = """
window.__repeats = 0;
window.__cardClicks = 0;
document.addEventListener("keydown", (e) => { if (e.repeat) window.__repeats += 1; }, true);
document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#hand button[data-card]")) window.__cardClicks += 1;
}, true);
"""
CONTINUE = '#dlg-summary [data-intent="continue"]'


@pytest.fixture
def page(warm_page):
    """A game page that starts from the kept memory snapshot (conftest's warm pages):
    these tests are about held keys, not the start."""
    return warm_page


@pytest.fixture
def counted(page: Any) -> Any:
    page.add_init_script(REPEAT_COUNTER)
    return page


def load(page: Any, game: Game) -> dict[str, Any]:
    """The page on ``game``, the CPU seats without waits."""
    open_game(page)  # the page's origin, for its localStorage
    return load_position(page, game, "?cadence=0&lang=en")


def summary_of_hand(page: Any, number: int) -> dict[str, Any]:
    """The summary of hand ``number`` on screen, focus on its Continue button."""
    load(page, play_until(SEED, lambda g: g.phase == "hand_over" and g.hand_number == number))
    page.locator(CONTINUE).focus()
    return settle(page)


def hold(page: Any, key: str, until: Any, what: str, onto_a_card: bool = False) -> dict[str, Any]:
    """``key`` pressed on the focused element and held, then released; ``until(state)``
    holds after.  Enter clicks a button at keydown: it is held until ``until`` holds and
    REPEATS autorepeats more (``onto_a_card``: on a card of yours, where focus is back on
    the table when the player played there).  Space clicks at keyup: it is held for REPEATS
    autorepeats."""
    before = page.evaluate("window.__repeats")

    def repeat() -> dict[str, Any]:
        page.keyboard.down(key)
        return state(page)

    page.keyboard.down(key)
    if key == "Enter":
        poll(page, repeat, until, what=what)
        if onto_a_card:
            page.locator("#hand button[data-card]").first.focus()
    for _ in range(REPEATS):
        page.keyboard.down(key)
    page.keyboard.up(key)
    assert page.evaluate("window.__repeats") - before >= REPEATS  # held, not pressed again
    poll(page, lambda: state(page), until, what=what)
    return settle(page)


def card_clicks(page: Any) -> int:
    """Clicks on your cards since the page loaded (a pass card chosen and unchosen again
    by an even number of repeats leaves no other trace)."""
    return int(page.evaluate("window.__cardClicks"))


def assert_untouched(page: Any, now: dict[str, Any]) -> None:
    """None of your 13 cards clicked, chosen, lifted or played, in the state and on screen."""
    assert card_clicks(page) == 0
    assert now["selection"] == [] and now["lifted"] is None, now
    assert page.locator("#hand button.selected, #hand button.lifted").count() == 0
    assert page.locator("#hand button").count() == 13


def dealt(page: Any, check: Any) -> Any:
    """``check(state)`` holds and your 13 cards are on the table."""
    return lambda now: check(now) and page.locator("#hand button").count() == 13


@pytest.mark.parametrize("key", ["Enter", " "])
@pytest.mark.parametrize(("number", "phase"), [(1, "pass"), (3, "play")], ids=["pass", "hold"])
def test_a_key_held_on_continue_chooses_and_plays_nothing(
    counted: Any, key: str, number: int, phase: str
) -> None:
    """Into a pass hand (hand 2) and a hold hand (hand 4, R8: it starts with play)."""
    summary_of_hand(counted, number)
    next_hand = dealt(counted, lambda s: s["hand_number"] == number + 1)
    now = hold(counted, key, next_hand, f"hand {number + 1}", onto_a_card=True)
    assert now["phase"] == phase and now["hand_number"] == number + 1
    assert_untouched(counted, now)


def my_turn_mid_hand() -> Game:
    """Hand 1, the fifth trick, your turn."""
    return play_until(SEED, lambda g: g.phase == "play" and len(g.tricks) == 4 and g.to_act == 0)


def test_enter_held_on_a_card_mid_hand_lifts_it_and_plays_nothing(counted: Any) -> None:
    load(counted, my_turn_mid_hand())
    code = settle(counted)["legal"][0]
    cards = counted.locator("#hand button").count()
    counted.locator(f'#hand button[data-card="{code}"]').focus()
    now = hold(counted, "Enter", lambda s: s["lifted"] == code, f"{code} lifted")
    assert now["lifted"] == code and counted.locator("#hand button").count() == cards
    assert card_clicks(counted) == 1  # the press, not its repeats
    counted.keyboard.press("Enter")  # the second deliberate press plays it (R17)
    poll(counted, lambda: state(counted), lambda s: s["lifted"] is None, what="the play")
    assert counted.locator("#hand button").count() == cards - 1


def open_new_game_dialog(page: Any) -> None:
    load(page, my_turn_mid_hand())
    page.locator('[data-intent="menu"]').click()
    page.locator('#dlg-menu [data-intent="open-newgame"]').click()
    page.locator('#dlg-newgame [data-intent="start-new"]').focus()


@pytest.mark.parametrize("key", ["Enter", " "])
def test_a_key_held_on_the_new_game_dialog_presses_each_button_once(counted: Any, key: str) -> None:
    open_new_game_dialog(counted)
    game = state(counted)["game"]
    hold(counted, key, lambda s: True, "start-new pressed")  # and held into the question
    keep = counted.locator('#dlg-newgame [data-intent="keep"]')
    assert keep.evaluate("(b) => b === document.activeElement")  # R37: asked, Keep focused
    assert counted.locator("#dlg-newgame").get_attribute("open") is not None
    assert state(counted)["game"] == game  # Keep, focused under the held key, was not pressed
    counted.locator('#dlg-newgame [data-intent="abandon"]').focus()
    new_game = dealt(counted, lambda s: s["game"] != game)
    now = hold(counted, key, new_game, "the new game", onto_a_card=True)
    assert counted.locator("#dlg-newgame").get_attribute("open") is None
    assert now["phase"] == "pass" and now["hand_number"] == 1
    assert_untouched(counted, now)


@pytest.mark.parametrize("query", ["?seed=²&cadence=⁵", "?seed=%E2%91%A0&cadence=%C2%B2"])
def test_unicode_digits_are_ignored_and_a_game_starts(page: Any, query: str) -> None:
    page.goto("/" + query + "&lang=en")
    page.wait_for_selector(
        "html[data-state=ready], html[data-state=stopped], .py-error",
        state="attached",
        timeout=BOOT_TIMEOUT_S * 1000,
    )
    assert "could not start" not in page.locator("body").inner_text()
    wait_ready(page)
    now = settle(page)
    assert now["phase"] == "pass" and now["hand_number"] == 1
    code = page.locator("#hand button").first.get_attribute("data-card")
    page.locator(f'#hand button[data-card="{code}"]').click(position={"x": 8, "y": 24})
    poll(page, lambda: state(page), lambda s: s["selection"] == [code], what="a chosen card")
