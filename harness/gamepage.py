"""Driving the game page in tests and tools: open it, read its state, tap cards like a player.

State is read through ``window.heartsDebug.state()`` (read-only); every move goes through
the page's own buttons.  Waits poll with ``page.wait_for_timeout`` instead of
``wait_for_function``, which the site's CSP (no 'unsafe-eval') blocks.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOOT_TIMEOUT_S = 90


def open_game(page: Any, query: str = "?seed=7&cadence=0&lang=en") -> dict[str, Any]:
    """Load the game page (or reload it with ``query``) and wait for the dealt table."""
    page.goto("/" + query)
    return wait_ready(page)


def wait_ready(page: Any) -> dict[str, Any]:
    try:
        page.wait_for_selector(
            "html[data-state=ready], .py-error", state="attached", timeout=BOOT_TIMEOUT_S * 1000
        )
    except PlaywrightTimeout as timeout:
        stands = where_the_start_stands(page)
        raise AssertionError(f"the game never got ready: {stands}") from timeout
    error = page.query_selector(".py-error")
    if error is not None:
        raise AssertionError(f"Python error on the page:\n{error.text_content()}")
    return state(page)


def where_the_start_stands(page: Any) -> str:
    """The page's own account of its start (<html>'s data attributes, the #boot text), read
    with short bounds: a page whose main thread is stuck answers nothing, and says so."""
    try:
        html = page.locator("html")
        marks = {
            name: html.get_attribute(f"data-{name}", timeout=5_000)
            for name in ("state", "python", "boot-error", "pwa")
        }
        boot = page.locator("#boot")
        told = boot.inner_text(timeout=5_000) if boot.count() else ""
    except Exception as error:  # any failure to read is the finding
        return f"{page.url}: the page did not answer ({type(error).__name__})"
    return f"{page.url}: {marks}, #boot says {told.strip()!r}"


def state(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(page.evaluate("heartsDebug.state()"))
    result["actions"] = json.loads(result["game"])["actions"]
    return result


def next_frame(page: Any) -> None:
    """Wait until the browser has laid out and painted what changed (two frames)."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def poll(page: Any, read: Any, check: Any, timeout_s: float = 20, what: str = "") -> Any:
    """``read()`` every few milliseconds until ``check`` holds for what it read."""
    deadline = time.monotonic() + timeout_s
    while True:
        now = read()
        if check(now):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}: {str(now)[:2000]}")
        # Not time.sleep: this lets Playwright run the page's events between two reads (a
        # read may count routes in Python, test_lifecycle_seams' Held, and ask the page nothing).
        page.wait_for_timeout(20)


# No card flies (the motion layer's flights) and no animation or transition with an end runs
# (a card sinking or rising in the hand, a fade): what a test reads next is the table at rest.
MOTION_RUNNING = """() => (window.heartsMotion?.running?.() ?? 0)
    + document.getAnimations().filter((a) => a.playState === "running"
        && a.effect?.getComputedTiming().endTime !== Infinity).length"""


def motion_settled(page: Any, timeout_s: float = 10) -> None:
    """Until nothing moves on the table: the flights landed, the hand's moves ended."""
    poll(page, lambda: page.evaluate(MOTION_RUNNING), lambda n: n == 0, timeout_s, "the motion")


def wait_until(page: Any, check: Any, timeout_s: float = 20, what: str = "") -> dict[str, Any]:
    result: dict[str, Any] = poll(page, lambda: state(page), check, timeout_s, what)
    return result


def settle(page: Any, timeout_s: float = 20) -> dict[str, Any]:
    """Until no CPU step is pending: your move, or a button to press."""
    return wait_until(page, lambda s: s["pending"] is None, timeout_s, "the CPU seats")


def card(page: Any, code: str) -> Any:
    return page.locator(f'#hand button[data-card="{code}"]')


def tap(page: Any, code: str, **kwargs: Any) -> None:
    """Tap the visible strip of a card (on phones the cards overlap)."""
    card(page, code).click(position={"x": 8, "y": 24}, **kwargs)


def hand_codes(page: Any) -> list[str]:
    return [str(b.get_attribute("data-card")) for b in page.locator("#hand button").all()]


def playable_codes(page: Any) -> list[str]:
    """Your cards that are not aria-disabled: what the page lets you play."""
    return [
        str(b.get_attribute("data-card"))
        for b in page.locator("#hand button:not([aria-disabled])").all()
    ]


def blocked_codes(page: Any) -> list[str]:
    return [
        str(b.get_attribute("data-card"))
        for b in page.locator('#hand button[aria-disabled="true"]').all()
    ]


def confirm_button(page: Any) -> Any:
    return page.locator('[data-intent="confirm-pass"]')


def pass_first_three(page: Any) -> list[str]:
    chosen = hand_codes(page)[:3]
    for code in chosen:
        tap(page, code)
    confirm_button(page).click()
    return chosen


def play_first_playable(page: Any) -> str:
    code = playable_codes(page)[0]
    tap(page, code)
    tap(page, code)
    return code


def my_move(page: Any) -> dict[str, Any]:
    """One of your moves with fixed choices; returns the settled state after it."""
    now = settle(page)
    if now["phase"] == "pass":
        pass_first_three(page)
    elif now["phase"] == "play" and now["to_act"] == 0:
        play_first_playable(page)
    elif now["phase"] == "hand_over":
        page.locator('#dlg-summary [data-intent="continue"]').click()
    return settle(page)


def to_my_turn(page: Any, want: Any = None, limit: int = 400) -> dict[str, Any]:
    """Play on (fixed choices) until it is your turn and ``want(state, page)`` holds."""
    now = settle(page)
    for _ in range(limit):
        if now["phase"] == "play" and now["to_act"] == 0 and (want is None or want(now, page)):
            return now
        now = my_move(page)
    raise AssertionError("never reached the wanted position")
