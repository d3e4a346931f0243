"""Browser benchmark (``make bench-browser``): prints the in-browser figures of docs/performance.md.

* navigation → playable hand, fresh profile (new browser context) and on reload;
* Python time per CPU move in the browser: decide + apply + save (median, p99), and the
  same including drawing the table;
* tap → lifted card drawn: from the pointer event to the frame that shows the lift.

Figures come from the page itself (``performance.now()``, ``heartsDebug.perf()``), so
Playwright's own overhead is not counted.  A benchmark, not a test: it prints, it does
not judge.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from playwright.sync_api import sync_playwright

from harness.browser import launch, serve
from harness.gamepage import my_move, settle, state, tap, wait_ready

LIFT_PROBE = """
() => {
  window.__lift = [];
  document.addEventListener("click", (event) => {
    const button = event.target.closest("#hand button[data-card]");
    if (!button) return;
    const code = button.dataset.card;
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => {
      const lifted = document.querySelector("#hand button.lifted");
      if (lifted && lifted.dataset.card === code) window.__lift.push(performance.now() - start);
    }, 0));
  }, { capture: true });
}
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ready_ms(page: Any) -> float:
    wait_ready(page)
    page.wait_for_selector("#hand button", state="attached")
    return float(page.locator("html").get_attribute("data-ready-ms"))


def startup(browser: Any, base: str, runs: int) -> tuple[list[float], list[float]]:
    fresh, reload = [], []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.goto(base + "?cadence=0")
        fresh.append(ready_ms(page))
        page.reload()
        reload.append(ready_ms(page))
        context.close()
    return fresh, reload


def play_games(browser: Any, base: str, levels: list[str]) -> dict[str, Any]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "?seed=101&cadence=0&lang=en")
    wait_ready(page)
    page.evaluate(LIFT_PROBE)
    for index, level in enumerate(levels):
        if index or level != "medium":
            over = page.locator('#dlg-summary [data-intent="menu"]')
            (over if over.count() else page.locator("#menu-button")).click()
            page.locator('#dlg-menu [data-intent="open-newgame"]').click()
            page.locator(f'#dlg-newgame input[value="{level}"]').check()
            page.locator('#dlg-newgame [data-intent="start-new"]').click()
            abandon = page.locator('#dlg-newgame [data-intent="abandon"]')
            if abandon.count():
                abandon.click()
        lifts = 0
        while state(page)["phase"] != "game_over":
            now = settle(page)
            if lifts < 12 and now["phase"] == "play" and now["to_act"] == 0:
                legal = now["legal"]
                if len(legal) >= 2:
                    tap(page, legal[0])  # lift
                    tap(page, legal[1])  # move the lift
                    lifts += 2
            my_move(page)
    perf = json.loads(page.evaluate("heartsDebug.perf()"))
    perf["lift_ms"] = page.evaluate("window.__lift")
    context.close()
    return perf


def report(name: str, values: list[float], unit: str = "ms") -> None:
    print(
        f"  {name:<44} median {statistics.median(values):8.1f} {unit}   "
        f"p99 {pct(values, 0.99):8.1f} {unit}   (n={len(values)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads per start-up figure")
    parser.add_argument("--levels", default="medium,hard", help="games to play for CPU timing")
    parser.add_argument("--startup-only", action="store_true", help="skip the played games")
    args = parser.parse_args(argv)
    with serve() as base, sync_playwright() as pw:
        browser = launch(pw)
        fresh, reload = startup(browser, base, args.runs)
        perf = None if args.startup_only else play_games(browser, base, args.levels.split(","))
        browser.close()
    print("Hearts in Chromium (headless, this machine)")
    print("navigation → playable hand")
    report("fresh profile", fresh)
    report("reload", reload)
    if perf is None:
        return 0
    print(f"Python time per CPU move ({args.levels} games, in Pyodide)")
    report("decide + apply + save", perf["cpu_ms"])
    report("… plus drawing the table", perf["move_ms"])
    print("tap → lifted card drawn")
    report("click event → frame showing the lift", perf["lift_ms"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
