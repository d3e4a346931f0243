"""Motion benchmark (``make bench-motion``): frames while cards fly, at a throttled CPU.

Plays tricks at the default cadence in Chromium with the CPU slowed ``--cpu-slowdown``
times (4 ~ a mid-range phone) and records every animation frame: its interval and whether
a flight (static/motion.mjs) was running.  Prints, for frames with a flight and, as the
baseline of the same run, frames without one: the count, median / p95 / max interval and
the dropped frames (an interval over 1.5 of the idle median: at least one frame missed),
plus the long main-thread tasks (over 50 ms) that began while cards flew (not the Python
move that starts a flight: its frame belongs to the move).  A benchmark, not a
test: it prints, it does not judge.

It also reads what reaches the screen: Chromium's compositor reports every frame it
produced (a trace's ``PipelineReporter`` events).  A flight runs on the compositor, so a
frame whose main-thread part is late is still presented with the cards moved ("partial");
the figure that matters to a player is the compositor frames dropped while something was
animating on it, and, of those, the ones Chromium itself counts against smoothness.

The player it models reads the table, not Python: it looks at the page every 100 ms
(a DOM query, no call into Python, which ``gamepage.state`` would be: at 20 ms a poll
that would itself be main-thread work in the frames measured) and taps once the cards
on their way have landed, as a person taps what they see.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from playwright.sync_api import sync_playwright

from tools.browser import launch, serve
from tools.gamepage import state, tap, wait_ready

FRAMES = """
() => {
  const log = window.__motionFrames = [];
  window.__longTasks = [];
  const spans = [];  // [start, end] of the times a flight was running
  const flyingAt = (t) => spans.some(([a, b]) => a <= t && t <= b);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longTasks.push([e.startTime, e.duration, flyingAt(e.startTime)]);
    }
  }).observe({ type: "longtask", buffered: false });
  // An interval counts as "flying" when a flight ran at both of its frames: the frame
  // that ends the Python move which starts a flight belongs to the move, not the flight.
  let last = null;
  let was = false;
  const tick = (t) => {
    const now = heartsMotion.running() > 0;
    if (last !== null) log.push([t - last, now && was]);
    if (now && was) spans.push([last, t]);
    last = t;
    was = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
"""


TABLE = """
() => {
  const shown = (el) => !!el && el.getClientRects().length > 0;
  const hand = [...document.querySelectorAll("#hand button[data-card]")];
  return {
    flying: heartsMotion.running(),
    summary: shown(document.querySelector('#dlg-summary [data-action="continue"]')),
    passing: shown(document.querySelector('[data-action="confirm-pass"]')),
    chosen: hand.filter((b) => b.classList.contains("selected")).length,
    free: hand.filter((b) => !b.classList.contains("selected")).map((b) => b.dataset.card),
    playable: hand.filter((b) => !b.hasAttribute("aria-disabled")).map((b) => b.dataset.card),
  };
}
"""
LOOK_MS = 100


def play_like_a_player(page: Any, tricks: int) -> None:
    """Your moves (fixed choices) for ``tricks`` tricks, each made once nothing flies."""
    played = 0
    while played < tricks:
        page.wait_for_timeout(LOOK_MS)
        table = page.evaluate(TABLE)
        if table["flying"]:
            continue
        if table["summary"]:
            page.locator('#dlg-summary [data-action="continue"]').click()
        elif table["passing"]:
            if table["chosen"] < 3:
                tap(page, table["free"][0])
            else:
                page.locator('[data-action="confirm-pass"]').click()
        elif table["playable"]:
            tap(page, table["playable"][0])  # lift
            tap(page, table["playable"][0])  # play
            played += 1


TRACE_CATEGORIES = ["cc", "benchmark", "disabled-by-default-devtools.timeline.frame"]


def compositor_frames(trace: bytes) -> list[dict[str, Any]]:
    """Chromium's report of every frame the compositor produced (state, what animated)."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    return [
        e["args"]["frame_reporter"]
        for e in events
        if e.get("name") == "PipelineReporter"
        and e.get("ph") == "b"
        and "frame_reporter" in e.get("args", {})
    ]


def compositor_summary(reports: list[dict[str, Any]]) -> str:
    animating = [r for r in reports if r.get("has_compositor_animation")]
    if not animating:
        return f"{'screen':>14}: no compositor-animated frames"
    states = [r["state"] for r in animating]
    dropped = states.count("STATE_DROPPED")
    janky = sum(
        1 for r in animating if r["state"] == "STATE_DROPPED" and r.get("affects_smoothness")
    )
    partial = states.count("STATE_PRESENTED_PARTIAL")
    return (
        f"{'screen':>14}: {len(animating):5d} compositor frames while cards moved,"
        f" {partial} presented without the main thread's part,"
        f" dropped {dropped} ({100 * dropped / len(animating):.1f} %),"
        f" {janky} counted against smoothness ({100 * janky / len(animating):.1f} %)"
    )


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, intervals: list[float], budget: float) -> str:
    if not intervals:
        return f"{name:>14}: no frames"
    dropped = sum(1 for i in intervals if i > budget)
    median = statistics.median(intervals)
    return (
        f"{name:>14}: {len(intervals):5d} frames, interval median {median:5.1f}"
        f" ms, p95 {pct(intervals, 0.95):5.1f} ms, max {max(intervals):6.1f} ms,"
        f" dropped {dropped} ({100 * dropped / len(intervals):.1f} %)"
    )


def run(browser: Any, base: str, slowdown: float, tricks: int, size: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(base + "/static/manifest.webmanifest")
    page.evaluate("localStorage.clear()")
    page.goto(base + "?seed=7&lang=en")
    wait_ready(page)
    if slowdown != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    page.evaluate(FRAMES)
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    play_like_a_player(page, tricks)
    page.wait_for_timeout(2500)  # the last trick's pause and gather
    reports = compositor_frames(browser.stop_tracing())
    gathered = state(page)["actions"].count("G")
    frames = page.evaluate("window.__motionFrames")
    long_tasks = page.evaluate("window.__longTasks")
    flying = [i for i, moving in frames if moving]
    idle = [i for i, moving in frames if not moving]
    budget = 1.5 * statistics.median(idle or flying)
    print(f"{size[0]}x{size[1]}, CPU {slowdown:g}x slower, {gathered} tricks gathered")
    print(summary("cards flying", flying, budget))
    print(summary("baseline idle", idle, budget))
    print(compositor_summary(reports))
    if flying and idle:
        print(f"{'ratio':>14}: p95 flying / idle {pct(flying, 0.95) / pct(idle, 0.95):.2f}")
    busy = [d for _, d, moving in long_tasks if moving]
    print(
        f"{'long tasks':>14}: {len(busy)} while cards flew"
        + (f", longest {max(busy):.0f} ms" if busy else "")
        + f" ({len(long_tasks)} in all)"
    )
    print(f"{'state':>14}: {state(page)['phase']}")
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-slowdown", type=float, default=4, metavar="N")
    parser.add_argument("--tricks", type=int, default=8)
    args = parser.parse_args(argv)
    with serve() as base, sync_playwright() as p:
        browser = launch(p)
        # The baseline first: the same play with the CPU at full speed.
        run(browser, base.rstrip("/"), 1, args.tricks, (1366, 768))
        for size in ((1366, 768), (390, 844)):
            run(browser, base.rstrip("/"), args.cpu_slowdown, args.tricks, size)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
