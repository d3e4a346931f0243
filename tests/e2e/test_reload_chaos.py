"""Reload chaos (U1): one whole game, reloaded at 30+ seeded random moments.

Moments: during pass selection (cards chosen, not passed), while CPU passes are pending,
with a card lifted, with a CPU timer pending just after your card, during the trick pause,
at a random instant while the CPU seats play at a real cadence (150-450 ms), on the hand
summary, and after game over.  Each reload is a real navigation that re-boots Python.

After every reload:

* the engine the page had in memory at ``pagehide`` equals the record it saved, and the
  record the next page found at boot is that same record (nothing lost in between);
* the resumed engine equals it exactly, or has only moved on by the steps the scheduler
  was waiting for: every extra action is checked in CPython to be exactly the pending CPU
  pass / CPU play / gather of that position, so no CPU move is lost or doubled;
* the pass selection and the lifted card survive (R10, R17);
* the statistics count the game once as played, and its result once, only at game over.

Finally the whole log replays in CPython to the same game, every CPU action in it being
CPython's own choice.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from harness.gamepage import settle, state, wait_ready, wait_until
from hearts.save import dump_game, load_game
from hearts.web.records import GAME_KEY

from .drive import act, check_cpu_choices, cpu_step, hand, replay_policy, tap

SEED = 12
CHAOS_SEED = 20261130
MIN_RELOADS = 30

# Installed before the page's own scripts on every navigation (not subject to the CSP):
# what storage held when the page booted, and what the page held when it was unloaded.
RECORDER = """
window.__bootSaved = localStorage.getItem(GAME_KEY);
addEventListener("pagehide", () => {
  if (!window.heartsDebug) return;  // not started yet: it changed nothing
  let memory = null, error = null;
  try { memory = window.heartsDebug.state(); } catch (e) { error = String(e); }
  sessionStorage.setItem("chaos.unload", JSON.stringify({
    memory, error, saved: localStorage.getItem(GAME_KEY),
  }));
});
""".replace("GAME_KEY", json.dumps(GAME_KEY))


@pytest.fixture
def page(browser, site_url):
    """A page without the service worker: a new version of it (sw.js is rebuilt whenever
    the site changes) would reload the page by itself at start, on top of the chaos."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context.new_page()
    context.close()


class Chaos:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.rng = random.Random(CHAOS_SEED)
        self.reloads: list[str] = []
        self.cadence = 0
        self.t0 = time.monotonic()

    def go(self, cadence: int) -> None:
        self.cadence = cadence
        self.page.goto(f"/?seed={SEED}&cadence={cadence}&lang=en")

    def reload(self, moment: str, cadence: int = 0) -> dict[str, Any]:
        """Reload now (into ``cadence``) and check the page resumed what it had."""
        self.go(cadence)
        after = wait_ready(self.page)
        self.reloads.append(moment)
        print(len(self.reloads), moment, round(time.monotonic() - self.t0, 1), flush=True)
        self.check(moment, after)
        return after

    def check(self, moment: str, after: dict[str, Any]) -> None:
        page = self.page
        unload = json.loads(page.evaluate("sessionStorage.getItem('chaos.unload')"))
        assert unload["memory"], f"{moment}: {unload['error']}"
        memory = json.loads(unload["memory"])
        saved = json.loads(unload["saved"])
        where = f"reload {len(self.reloads)} ({moment})"
        # What the page held is what it saved; the next page booted from exactly that.
        assert memory["game"] == saved["game"], where
        assert page.evaluate("window.__bootSaved") == unload["saved"], where
        assert memory["selection"] == saved["selection"].split(), where
        # The resumed engine is that game, or moved on only by pending CPU steps.
        before = json.loads(memory["game"])["actions"]
        now = after["actions"]
        assert now[: len(before)] == before, f"{where}: the log was rewritten"
        if len(now) == len(before):
            assert after["game"] == memory["game"], where
        else:
            game = load_game(memory["game"])
            for action in now[len(before) :]:
                assert action == cpu_step(game), f"{where}: {action} was not the pending step"
                game.apply(action)
        assert after["selection"] == memory["selection"], where
        assert after["lifted"] == memory["lifted"], where
        # The game counted once as played; its result only once it is over.
        levels = json.loads(after["stats"])["levels"]["medium"]
        assert levels[0] == 1, f"{where}: {levels}"
        assert sum(levels[1:]) == (1 if after["phase"] == "game_over" else 0), where

    def real_cadence(self) -> int:
        return self.rng.choice([150, 300, 450])


def test_thirty_reloads_across_one_game_lose_and_double_nothing(page, console_errors):
    page.add_init_script(RECORDER)
    chaos = Chaos(page)
    chaos.go(0)
    wait_ready(page)
    rng = chaos.rng
    kinds_pass = ["select", "select", "cpu_pass_pending"]
    # About one of your turns in six is a reload moment (30+ reloads in a whole game).
    kinds_play = ["lifted", "cpu_pending", "trick_pause", "random", *[None] * 20]
    real = {"cpu_pass_pending", "cpu_pending", "trick_pause", "random"}

    now = settle(page)
    while now["phase"] != "game_over":
        phase = now["phase"]
        kind: str | None
        if phase == "pass":
            kind = rng.choice(kinds_pass)
        elif phase == "hand_over":
            kind = "summary" if rng.random() < 0.7 else None
        else:
            kind = rng.choice(kinds_play)
        if kind in real and chaos.cadence == 0:
            # Switch to a real cadence: itself a reload at your turn / in the pass.
            now = chaos.reload(f"{phase} (to a real cadence)", chaos.real_cadence())
            if kind != "cpu_pass_pending":  # that one acts while the CPU seats still pass
                now = settle(page)
        if kind == "select":
            for code in rng.sample(hand(page), rng.choice([1, 2])):
                tap(page, code)
            chaos.reload("pass selection")
        elif kind == "cpu_pass_pending":
            tap(page, hand(page)[-1])  # choosing while the CPU seats still pass
            if state(page)["timer"] is not None:
                chaos.reload("CPU pass pending")
            else:
                chaos.reload("pass selection (CPU passes done)")
        elif kind == "lifted":
            tap(page, rng.choice(now["legal"]))
            chaos.reload("card lifted")
        elif kind in ("cpu_pending", "trick_pause", "random"):
            act(page, now)
            if kind == "cpu_pending":
                pending = state(page)["timer"]
                chaos.reload("CPU timer pending" if pending else "after your card")
            elif kind == "trick_pause":
                wait_until(
                    page,
                    lambda s: s["trick_waiting"] or s["pending"] is None,
                    what="the trick pause",
                )
                chaos.reload("trick pause" if state(page)["trick_waiting"] else "trick done")
            else:
                # A random number of the CPU seats' moves later (0-2), while more are due.
                done = len(state(page)["actions"]) + rng.randrange(0, 3)
                wait_until(
                    page,
                    lambda s, n=done: len(s["actions"]) >= n or s["pending"] is None,
                    what="the CPU seats' moves",
                )
                chaos.reload("random moment at a real cadence")
        elif kind == "summary":
            chaos.reload("hand summary")
        if kind in ("select", "cpu_pass_pending", "lifted", "summary"):
            act(page, settle(page))  # the move that was interrupted
        elif kind is None:
            if chaos.cadence and rng.random() < 0.5:
                chaos.reload("back to the fast cadence")
            now = settle(page)
            act(page, now)
        now = settle(page, timeout_s=40)

    # Just after game over, a few times (at least three): counted exactly once.
    over = 0
    while over < 3 or len(chaos.reloads) < MIN_RELOADS:
        now = chaos.reload("game over")
        assert page.locator("#dlg-summary").is_visible()
        over += 1
    final = now["game"]
    levels = json.loads(now["stats"])["levels"]["medium"]
    assert levels[0] == 1 and sum(levels[1:]) == 1

    moments = set(chaos.reloads)
    assert len(chaos.reloads) >= MIN_RELOADS, chaos.reloads
    for wanted in (
        "pass selection",
        "card lifted",
        "CPU timer pending",
        "trick pause",
        "hand summary",
        "game over",
    ):
        assert wanted in moments, (wanted, chaos.reloads)
    # The whole game: byte-identical in CPython, CPU choices CPython's own, and the
    # same game the fixed policy plays without any reload.
    assert dump_game(load_game(final)) == final
    assert check_cpu_choices(final) > 100
    assert final == dump_game(replay_policy(SEED))
    assert console_errors == []
    print(f"{len(chaos.reloads)} reloads: {sorted(moments)}")
