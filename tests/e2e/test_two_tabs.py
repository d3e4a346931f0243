"""Two tabs of one game: one plays, the other says so and offers to take over.

Two pages in one browser context share localStorage and the Web Lock that the page holds
while it plays (hearts/web/tablock.py).  Checked: the second tab neither drives the game
nor writes anything; taking over loads the first tab's latest progress and stops the
first tab (no timer, no writes); closing the tab that plays hands the game back to the
waiting one without a click; reloading the tab that plays, at any moment, keeps the game
in that tab, and the waiting tab never plays a move.
"""

from __future__ import annotations

import json
from typing import Any

from harness.gamepage import BOOT_TIMEOUT_S, my_move, open_game, settle, state, wait_ready
from hearts.web.records import GAME_KEY, STATS_KEY

from .drive import act, collect_errors, hand, tap

URL = "?seed=21&cadence=0&lang=en"


def saved(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "(keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)]))",
        [GAME_KEY, STATS_KEY],
    )
    return found


def saved_actions(page: Any) -> list[str]:
    table = json.loads(saved(page)[GAME_KEY])
    found: list[str] = json.loads(table["game"])["actions"]
    return found


def open_waiting(page: Any, query: str = URL) -> None:
    page.goto("/" + query)
    page.wait_for_selector(
        "html[data-state=elsewhere], .py-error", state="attached", timeout=BOOT_TIMEOUT_S * 1000
    )
    assert page.query_selector(".py-error") is None


def tab_status(page: Any) -> str:
    return str(page.evaluate("document.documentElement.dataset.tab"))


def test_a_second_tab_waits_takes_over_and_gets_the_game_back(page, context):
    errors: list[str] = []
    first = page
    collect_errors(first, errors, "first")
    open_game(first, URL)
    my_move(first)  # the pass; the CPU seats answer
    now = my_move(first)  # a card
    assert tab_status(first) == "owner"
    before = saved(first)

    # A second tab: it says the game is open elsewhere, offers to take over, writes nothing.
    second = context.new_page()
    collect_errors(second, errors, "second")
    open_waiting(second)
    dialog = second.locator("#dlg-tab")
    assert dialog.is_visible()
    assert "already open in another tab" in dialog.inner_text()
    assert second.locator('#dlg-tab [data-intent="take-over"]').is_visible()
    assert tab_status(second) == "elsewhere"
    assert saved(second) == before
    second.keyboard.press("Escape")  # the message cannot be dismissed into a dead table
    assert dialog.is_visible()

    # The first tab keeps playing; the second one stays out of the way.
    now = my_move(first)
    after_move = saved(first)
    assert after_move != before and saved_actions(first) == now["actions"]
    assert tab_status(second) == "elsewhere"

    # Take over: the second tab loads exactly the first tab's progress; the first stops.
    second.locator('#dlg-tab [data-intent="take-over"]').click()
    taken = wait_ready(second)
    assert taken["actions"] == now["actions"]
    levels = json.loads(after_move[STATS_KEY])["levels"]
    assert json.loads(taken["stats"])["levels"] == levels
    first.wait_for_selector("html[data-tab=taken]", state="attached", timeout=10_000)
    assert "taken over in another tab" in first.locator("#dlg-tab").inner_text()
    assert state(first)["timer"] is None  # no CPU step left behind in the stopped tab
    assert not second.locator("#dlg-tab").is_visible()

    # The second tab plays; the first neither moves nor writes.
    frozen = state(first)["actions"]
    later = my_move(second)
    later = my_move(second)
    assert len(later["actions"]) > len(now["actions"])
    first.wait_for_timeout(200)
    assert state(first)["actions"] == frozen
    assert saved_actions(second) == later["actions"]

    # Closing the tab that plays hands the game back to the waiting one, no click needed,
    # with the second tab's progress (not the first tab's stale copy).
    second.close()
    first.wait_for_selector("html[data-tab=owner]", state="attached", timeout=10_000)
    back = settle(first)
    assert back["actions"][: len(later["actions"])] == later["actions"]
    assert not first.locator("#dlg-tab").is_visible()
    assert json.loads(back["stats"])["levels"]["medium"][0] == 1  # one game, counted once
    my_move(first)  # and it plays on
    assert len(state(first)["actions"]) > len(later["actions"])
    assert errors == []


# The waiting tab records whether it ever took the game: it must not, while the playing
# tab only reloads.
WATCH_OWNER = """() => {
  window.__played = false;
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root.dataset.tab === "owner" || root.dataset.state === "ready") window.__played = true;
  }).observe(document.documentElement, { attributes: true });
  return true;
}"""


def reach(page: Any, moment: str) -> None:
    """Play on (fixed choices) until the playing tab is at ``moment``, then stop there."""
    for _ in range(400):
        now = state(page)
        if moment == "pause" and now["trick_waiting"]:
            return
        if now["pending"] is not None:
            page.wait_for_timeout(15)
            continue
        if moment == "summary" and now["phase"] == "hand_over":
            return
        if moment == "pass" and now["phase"] == "pass" and not now["selection"]:
            tap(page, hand(page)[1])  # a card chosen, not yet passed (R10)
            return
        if moment in ("lifted", "pending") and now["phase"] == "play" and now["to_act"] == 0:
            code = now["lifted"] or now["legal"][-1]
            if now["lifted"] != code:
                tap(page, code)  # lifted (R17)
            if moment == "pending":
                tap(page, code)  # played: the CPU seats' steps are now pending
            return
        act(page, now)
    raise AssertionError(f"never reached {moment}")


def test_reloading_the_playing_tab_keeps_the_game_and_the_other_tab_never_plays(page, context):
    errors: list[str] = []
    playing = page
    collect_errors(playing, errors, "playing")
    open_game(playing, "?seed=22&cadence=60&lang=en")
    waiting = context.new_page()
    collect_errors(waiting, errors, "waiting")
    open_waiting(waiting, "?seed=22&cadence=60&lang=en")
    assert waiting.evaluate(WATCH_OWNER)
    moments = ["pass", "lifted", "pending", "pause", "summary"] * 2 + ["pending", "pause"]
    for number, moment in enumerate(moments):
        reach(playing, moment)
        before = saved_actions(playing)
        playing.reload()
        now = wait_ready(playing)
        where = f"reload {number + 1} at {moment}"
        assert tab_status(playing) == "owner", where
        assert now["actions"][: len(before)] == before, where  # nothing lost, nothing twice
        assert not playing.locator("#dlg-tab").is_visible(), where
        assert tab_status(waiting) == "elsewhere", where
    # The waiting tab's grace period has passed every time: it never took the game.
    playing.wait_for_timeout(3500)
    assert waiting.evaluate("window.__played") is False
    assert waiting.locator("#dlg-tab").is_visible() and tab_status(playing) == "owner"
    assert errors == []
