"""Motion benchmark (``make bench-motion``): frames while cards fly, at a throttled CPU.

Plays tricks at the default cadence in Chromium with the CPU slowed ``--cpu-slowdown``
times (4 ~ a mid-range phone) and records every animation frame: its interval and whether
a flight (static/motion.mjs) was running.  Prints, for frames with a flight and, as the
baseline of the same run, frames without one: the count, median / p95 / max interval and
the dropped frames (an interval over 1.5 of the idle median: at least one frame missed),
plus the long main-thread tasks (over 50 ms) that began while cards flew (not the Python
move that starts a flight: its frame belongs to the move).  A benchmark, not a
test: it prints, it does not judge.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from playwright.sync_api import sync_playwright

from tools.browser import launch, serve
from tools.gamepage import my_move, settle, state, wait_ready

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
    gathered = 0
    while gathered < tricks:
        now = my_move(page)
        gathered = now["actions"].count("G")
        if now["phase"] not in ("pass", "play", "hand_over"):
            break
    settle(page)
    page.wait_for_timeout(800)
    frames = page.evaluate("window.__motionFrames")
    long_tasks = page.evaluate("window.__longTasks")
    flying = [i for i, moving in frames if moving]
    idle = [i for i, moving in frames if not moving]
    budget = 1.5 * statistics.median(idle or flying)
    print(f"{size[0]}x{size[1]}, CPU {slowdown:g}x slower, {gathered} tricks gathered")
    print(summary("cards flying", flying, budget))
    print(summary("baseline idle", idle, budget))
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
        for size in ((1366, 768), (390, 844)):
            run(browser, base.rstrip("/"), args.cpu_slowdown, args.tricks, size)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
