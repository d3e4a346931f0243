"""Fast driving of the game page for long tests (reload chaos, both runtimes), and its storage.

Moves are clicks on the page's own buttons, dispatched inside the page
(``element.click()``), which goes through the same delegated listeners as a tap but
skips Playwright's per-click actionability round trips: a whole game takes seconds, not
minutes.  The policy is fixed (pass the first three cards of the hand, play the first
legal card, continue every summary), so :func:`replay_policy` repeats a game in CPython.

Also the two steps every kind of e2e test takes: :func:`collect_errors` (a page's console
errors and uncaught errors, behind the ``console_errors`` fixture) and :func:`open_dialog`
(the menu, one of its items, the dialog it opens), with Playwright's real clicks.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import ConsoleMessage, Locator

from harness.browser import favicon_miss
from harness.gamepage import settle
from hearts import Game, bots
from hearts.driver import CPU, FIRST_VS_CPU, drive, take_step
from hearts.save import dump_game, load_game
from hearts.steps import Action, StepKind
from hearts.web.schedule import CPU_SEATS, pending

CLICK = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  el.click();
  return true;
}"""


def collect_errors(page: Any, sink: list[str] | None = None, name: str = "") -> list[str]:
    """``sink`` (a new list by default), from now on gathering ``page``'s console errors
    and uncaught page errors as they come, each led by ``name`` (to tell pages apart)."""
    errors = [] if sink is None else sink
    lead = f"{name}: " if name else ""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not favicon_miss(message):
            errors.append(f"{lead}console: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda e: errors.append(f"{lead}pageerror: {e}"))
    return errors


def open_dialog(page: Any, name: str) -> Locator:
    """Open the menu (``#dlg-menu``) and, for any other ``name``, choose its item
    ``open-<name>``; wait until ``#dlg-<name>`` is open and return it."""
    page.locator("#menu-button").click()
    if name != "menu":
        page.locator(f'#dlg-menu [data-intent="open-{name}"]').click()
    page.locator(f"#dlg-{name}[open]").wait_for()
    dialog: Locator = page.locator(f"#dlg-{name}")
    return dialog


def stored(page: Any, *keys: str) -> dict[str, str | None]:
    """What localStorage holds under ``keys`` (None for a key it lacks)."""
    found: dict[str, str | None] = page.evaluate(
        "(ks) => Object.fromEntries(ks.map((k) => [k, localStorage.getItem(k)]))", list(keys)
    )
    return found


def written(page: Any, *keys: str) -> dict[str, str]:
    """What localStorage holds under ``keys``, every one of which must be there."""
    found = stored(page, *keys)
    missing = [key for key, text in found.items() if text is None]
    assert not missing, f"nothing stored under {missing}"
    return {key: text for key, text in found.items() if text is not None}


def click(page: Any, selector: str) -> None:
    assert page.evaluate(CLICK, selector), f"nothing to click at {selector}"


def tap(page: Any, code: str) -> None:
    click(page, f'#hand button[data-card="{code}"]')


def hand(page: Any) -> list[str]:
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#hand button[data-card]')].map((b) => b.dataset.card)"
    )
    return found


def act(page: Any, now: dict[str, Any], press: Any = click) -> None:
    """One move of the fixed policy in a settled position (not game over).

    press(page, selector) clicks a button: by default inside the page (fast); the
    cross-engine suite passes real pointer clicks (harness.engines.Engine.click)."""

    def tap_card(code: str) -> None:
        press(page, f'#hand button[data-card="{code}"]')

    if now["phase"] == "pass":
        chosen, first = now["selection"], hand(page)[:3]
        for code in chosen:
            if code not in first:
                tap_card(code)  # deselect
        for code in first:
            if code not in chosen:
                tap_card(code)
        press(page, '[data-intent="confirm-pass"]')
    elif now["phase"] == "play":
        assert now["to_act"] == 0, now
        code = now["legal"][0]
        if now["lifted"] != code:
            tap_card(code)
        tap_card(code)
    elif now["phase"] == "hand_over":
        press(page, '#dlg-summary [data-intent="continue"]')
    else:
        raise AssertionError(f"no move in phase {now['phase']}")


def play_to_end(page: Any, timeout_s: float = 30) -> dict[str, Any]:
    now = settle(page, timeout_s)
    while now["phase"] != "game_over":
        act(page, now)
        now = settle(page, timeout_s)
    return now


def replay_policy(seed: int, level: str = "medium") -> Game:
    """The game :func:`act` plays, in CPython (CPU passes go first, R11)."""
    return drive(Game.new(seed, level), FIRST_VS_CPU)


def cpu_step(game: Game) -> str:
    """The action the page's scheduler takes next in ``game`` (it must be pending): the
    engine's own step loop (hearts.driver.take_step), applied to a copy."""
    assert pending(game) is not None, "no CPU step is pending"
    probe = game.copy()
    take_step(probe, CPU)
    return str(probe.actions[-1])


def check_cpu_choices(saved_json: str) -> int:
    """Replay a saved game in CPython; every CPU action in its log must be exactly the
    CPython CPU's choice in that position.  Returns the number of CPU actions checked."""
    game = load_game(saved_json)
    probe = load_game(_with_actions(saved_json, []))
    checked = 0
    for text in json.loads(saved_json)["actions"]:
        action = Action.parse(text)
        if action.seat in CPU_SEATS:
            if action.kind == StepKind.PASS:
                mine = Action.passing(action.seat, tuple(sorted(bots.cpu_pass(probe, action.seat))))
            else:
                mine = Action.playing(action.seat, bots.cpu_play(probe, action.seat))
            assert action == mine, (checked, text, str(mine))
            checked += 1
        probe.apply(action)
    assert dump_game(probe) == dump_game(game)
    return checked


def _with_actions(saved_json: str, actions: list[str]) -> str:
    from hearts.sealed import seal

    body = json.loads(saved_json)
    body.pop("check")
    return seal({**body, "actions": actions})
