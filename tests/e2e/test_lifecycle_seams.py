"""The start's seams, each as a browser meets it: one state machine (hearts/web/lifecycle.py,
performed by static/lifecycle.mjs) bounds every state, blames nothing without proof and
replays no tap on another game.

Each test failed before the lifecycle: Web Locks refused or silent kept the page at
"claiming" for ever; taps made on a waiting tab's picture were played in a later trick; a
throwing AudioContext stopped the start (blamed on the saved game) or the CPU seats; a
held Enter pressed the way on before Python ran; a start from a new snapshot that waited
for another tab cost the next tab its snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from harness.gamepage import (
    BOOT_TIMEOUT_S,
    open_game,
    pass_first_three,
    poll,
    settle,
    state,
    wait_ready,
)
from hearts.enums import Level
from hearts.web.records import SETTINGS_KEY
from hearts.web.settings import Settings, dump_settings

from .snapshots import KEPT_TIMEOUT_S, kept_bytes

TIMEOUT_MS = BOOT_TIMEOUT_S * 1000
REFUSE_LOCKS = """
LockManager.prototype.request = function () {
  return Promise.reject(new DOMException("The request was denied.", "SecurityError"));
};
"""
SILENT_LOCKS = "LockManager.prototype.request = function () { return new Promise(() => {}); };"
REFUSE_AUDIO = """
window.AudioContext = window.webkitAudioContext = class {
  constructor() { throw new DOMException("The audio device is refused.", "NotAllowedError"); }
};
"""


@pytest.fixture
def context(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(base_url=site_url, service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def history(page: Any) -> list[str]:
    return [step["state"] for step in json.loads(page.evaluate("heartsLifecycle.history()"))]


class Held:
    """Requests for `pattern` held back (by default the game's archive: the picture is
    painted, Python does not run yet) until release(), which lets them and every later one
    through, or fails them all (`fail`)."""

    def __init__(self, page: Any, pattern: str = "**/build/hearts.zip") -> None:
        self.page, self.released, self.fail = page, False, False
        self.routes: list[Any] = []
        page.route(pattern, self.hold)

    def hold(self, route: Any) -> None:
        if not self.released:
            self.routes.append(route)
        elif self.fail:
            route.abort("failed")
        else:
            route.continue_()

    def requested(self) -> None:
        poll(self.page, lambda: len(self.routes), bool, 60, "the held file requested")

    def release(self, fail: bool = False) -> None:
        self.requested()
        self.released, self.fail = True, fail
        for route in self.routes:
            if fail:
                route.abort("failed")
            else:
                route.continue_()


@pytest.mark.parametrize("locks", [REFUSE_LOCKS, SILENT_LOCKS], ids=["refused", "silent"])
def test_web_locks_refused_or_silent_play_within_the_claims_bound(context, locks):
    page = context.new_page()
    page.add_init_script(locks)
    now = open_game(page, "?seed=81&cadence=0&lang=en")
    assert now["phase"] == "pass"
    assert history(page)[-3:] == ["claiming", "starting", "ready"]
    assert page.locator("#dlg-tab[open]").count() == 0
    pass_first_three(page)
    assert settle(page)["phase"] == "play"


def test_taps_on_a_waiting_tabs_picture_are_not_played_on_the_game_another_tab_moved_on(
    context,
):
    first = context.new_page()
    open_game(first, "?seed=82&cadence=0&lang=en")
    second = context.new_page()
    held = Held(second)
    second.goto("/?cadence=0&lang=en", wait_until="commit")
    second.wait_for_selector("html[data-state=painted]", state="attached")
    cards = second.locator("#hand button[data-card]")
    assert cards.count() == 13, "the saved picture was not painted"
    for index in range(13):  # every card of the picture: the first three chosen, then full
        cards.nth(index).click()
    pass_first_three(first)  # meanwhile the first tab plays on, up to your turn
    moved_on = settle(first)
    assert moved_on["phase"] == "play"
    held.release()
    second.wait_for_selector("html[data-state=elsewhere]", state="attached")
    first.close()  # the second tab takes the game over after the grace period
    now = wait_ready(second)
    ahead = now["actions"][len(moved_on["actions"]) :]
    assert now["actions"][: len(moved_on["actions"])] == moved_on["actions"]
    assert not any(action.startswith("0 ") for action in ahead), ahead
    assert second.locator("#hand button.lifted, #hand button.selected").count() == 0


def test_a_browser_that_refuses_audio_turns_sound_off_and_keeps_the_game(context):
    page = context.new_page()
    page.add_init_script(REFUSE_AUDIO)
    before = open_game(page, "?seed=83&cadence=0&lang=en")
    sound_on = dump_settings(Settings("en", Level.MEDIUM, sound=True))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SETTINGS_KEY, sound_on])
    held = Held(page)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-state=painted]", state="attached")
    page.locator("#table").click(position={"x": 5, "y": 5})  # a gesture: sound may wake
    held.release()
    now = wait_ready(page)  # before the fix: "Something in your saved game stops it"
    assert now["game"] == before["game"]
    assert "does not play sound" in page.locator("#notice").inner_text()
    assert json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))["sound"] is False
    pass_first_three(page)
    assert settle(page)["phase"] == "play"  # the CPU seats moved on after the pass


def test_a_held_enter_never_presses_the_way_on_before_python_runs(context):
    page = context.new_page()
    held = Held(page, "**/pyodide.asm.wasm")  # the interpreter: failed once the key is down
    page.goto("/?seed=84&cadence=0&lang=en", wait_until="commit")
    held.requested()
    page.keyboard.down("Enter")  # held from before the start stopped
    held.release(fail=True)
    retry = page.locator('#boot button[data-boot="retry"]')
    retry.wait_for()
    poll(page, lambda: page.evaluate("document.activeElement.dataset.boot"), bool, 10, "focus")
    page.evaluate(
        """() => {
          window.__repeats = 0;
          window.__pressed = 0;
          addEventListener("keydown", (e) => { if (e.repeat) window.__repeats++; });
          document.querySelector("#boot [data-boot]").addEventListener(
            "click", () => window.__pressed++, true);
        }"""
    )
    for _ in range(10):
        page.keyboard.down("Enter")  # the browser's autorepeat
    page.keyboard.up("Enter")
    assert page.evaluate("window.__repeats") == 10
    assert page.evaluate("window.__pressed") == 0, "a held key pressed the way on"
    assert retry.is_enabled() and page.get_attribute("html", "data-state") == "stopped"
    with page.expect_navigation():  # a deliberate press still works: the way on reloads
        retry.press("Enter")


def test_a_start_from_a_new_snapshot_that_waits_for_another_tab_keeps_it(context):
    first = context.new_page()
    open_game(first, "?seed=85&cadence=0&lang=en")
    assert kept_bytes(first, KEPT_TIMEOUT_S) > 10_000_000, "no snapshot was made"
    waiting = context.new_page()  # its first start from the new snapshot: the canary tries
    waiting.goto("/?cadence=0&lang=en")
    waiting.wait_for_selector("html[data-state=elsewhere]", state="attached")
    assert waiting.get_attribute("html", "data-python") == "snapshot"
    waiting.close()  # closed while it waits: no crash
    later = context.new_page()
    later.goto("/?cadence=0&lang=en")
    later.wait_for_selector("html[data-state=elsewhere]", state="attached")
    assert later.get_attribute("html", "data-python") == "snapshot"
    assert state(first)["phase"] == "pass"


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_a_first_visit_whose_scripts_never_come_offers_a_reload_after_the_bound(
    context, reduced
):
    """The network went after the document arrived: no module loads, so no script bounds
    the start. Before, "Loading…" stayed for good with no way on."""
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    page.route("**/static/**/*.mjs", lambda route: route.abort("internetdisconnected"))
    page.route("**/static/**/*.js", lambda route: route.abort("internetdisconnected"))
    page.goto("/?seed=86&cadence=0&lang=en")
    page.wait_for_load_state("load")
    reload = page.locator("#boot a.boot-reload")
    assert page.get_attribute("html", "data-state") == "loading"
    assert not reload.is_visible(), "the way on shows before the start's bound"
    # The bound passes (its timer is the stylesheet's: run it to its end).
    page.evaluate(
        """() => { for (const a of document.getAnimations()) {
                     if (a.animationName === "boot-reload-shows") a.finish(); } }"""
    )
    assert reload.is_visible()
    with page.expect_navigation():
        reload.click()


def test_a_lock_manager_that_throws_at_once_on_a_reload_still_plays(context):
    """static/handover.mjs asks for the lock back as a reloaded tab starts; a request that
    throws at once (not a rejected promise) was an uncaught error before hearts/web began."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    before = open_game(page, "?seed=87&cadence=0&lang=en")
    page.add_init_script(
        """LockManager.prototype.request = function () {
             throw new DOMException("The request was denied.", "SecurityError"); };"""
    )
    page.reload()
    now = wait_ready(page)
    assert now["game"] == before["game"] and errors == []
