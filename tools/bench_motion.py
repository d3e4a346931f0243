"""Motion benchmark (``make bench-motion``): frames while cards fly, at a throttled CPU.

Plays tricks at the default cadence in Chromium, at full speed and with the CPU slowed
``--cpu-slowdown`` times (4 ~ a mid-range phone), as a first visit (Python starts from
scratch, the memory snapshot is made during play) and then as the same player's return
visit (Python starts from the snapshot).  A benchmark, not a test: it prints, it does not
judge.

What reaches the screen comes from Chromium's compositor, which reports every frame it
produced (a trace's ``PipelineReporter`` events): the frames dropped while something was
animating, the ones Chromium counts against smoothness, and the longest run of those
(one missed frame is not seen, a run is a stutter), split by whether a card was flying
(static/motion.mjs's Web Animations, from their real start).  Those passes run nothing
every frame: a requestAnimationFrame probe is itself main-thread animation and costs
frames of its own, so the main thread's frame intervals come from a third pass.  A floor
page flying card-sized elements on an otherwise idle page gives the machine's own figure.

The player it models reads the table, not Python: it looks at the page every 100 ms
(a DOM query, no call into Python), moves the pointer onto a card and presses it a
moment later, once the cards on their way have landed, as a person taps what they see.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from playwright.sync_api import sync_playwright

from harness.browser import launch, serve
from harness.gamepage import card, poll, state, tap, wait_ready

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

SNAPSHOT_WINDOW = """
() => {
  const fetched = performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("snapshot-worker.mjs"));
  return fetched.length ? [fetched[0].startTime, window.__snapshotKept] : null;
}
"""


TABLE = """
() => {
  const shown = (el) => !!el && el.getClientRects().length > 0;
  const hand = [...document.querySelectorAll("#hand button[data-card]")];
  return {
    flying: heartsMotion.running(),
    summary: shown(document.querySelector('#dlg-summary [data-intent="continue"]')),
    passing: shown(document.querySelector('[data-intent="confirm-pass"]')),
    chosen: hand.filter((b) => b.classList.contains("selected")).length,
    free: hand.filter((b) => !b.classList.contains("selected")).map((b) => b.dataset.card),
    playable: hand.filter((b) => !b.hasAttribute("aria-disabled")).map((b) => b.dataset.card),
  };
}
"""
LOOK_MS = 100
# A person's pointer reaches a card before it presses it: Playwright's click moves and
# presses at once, which starts the card's hover transition in the very frame Python then
# keeps the main thread for the tap (frames no mouse user would see dropped).
REACT_MS = 250


def press(page: Any, code: str) -> None:
    card(page, code).hover(position={"x": 8, "y": 24})
    page.wait_for_timeout(REACT_MS)
    tap(page, code)


def play_like_a_player(page: Any, tricks: int) -> None:
    """Your moves (fixed choices) for ``tricks`` tricks, each made once nothing flies."""
    played = 0
    while played < tricks:
        page.wait_for_timeout(LOOK_MS)
        table = page.evaluate(TABLE)
        if table["flying"]:
            continue
        if table["summary"]:
            page.locator('#dlg-summary [data-intent="continue"]').click()
        elif table["passing"]:
            if table["chosen"] < 3:
                press(page, table["free"][0])
            else:
                page.locator('[data-intent="confirm-pass"]').click()
        elif table["playable"]:
            press(page, table["playable"][0])  # lift
            press(page, table["playable"][0])  # play
            played += 1


# The floor: the same kind of flights (a card-sized element flying 260 ms on translate,
# scale and opacity every 450 ms, four a trick, then the four gathered) on a page that does
# nothing else. What the screen drops here is the machine's and the browser's, not the game's.
FLOOR = """
async (tricks) => {
  document.body.style.cssText = "margin:0;background:#1f5f3a;height:100vh";
  const card = () => {
    const el = document.createElement("div");
    el.textContent = "Q♠";
    el.style.cssText = "position:absolute;left:45%;top:40%;width:72px;height:101px;"
      + "background:#fff;border-radius:6px;font:24px sans-serif;box-shadow:0 1px 3px #0006";
    document.body.append(el);
    return el;
  };
  const ease = "cubic-bezier(0.2, 0.7, 0.3, 1)";
  const from = [[0, 300], [-500, 0], [0, -300], [500, 0]];
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  window.__floorFlying = 0;
  for (let t = 0; t < tricks; t++) {
    const four = [];
    for (const [x, y] of from) {
      const el = card();
      four.push(el);
      window.__floorFlying++;
      el.animate(
        [{ translate: `${x}px ${y}px`, scale: "0.8" }, { translate: "0px 0px", scale: "1" }],
        { duration: 260, easing: ease, fill: "backwards" },
      ).finished.then(() => window.__floorFlying--);
      await pause(450);
    }
    await pause(1000);
    const gathers = four.map((el, i) => el.animate(
      [{ translate: "0px 0px", opacity: 1 }, { translate: "-500px 0px", opacity: 0 }],
      { duration: 300, delay: 15 * i, easing: ease, fill: "both" },
    ).finished);
    await Promise.all(gathers);
    four.forEach((el) => el.remove());
    await pause(450);
  }
}
"""


def run_floor(browser: Any, slowdown: float, tricks: int, size: tuple[int, int]) -> None:
    """The same tracing over the floor page's flights (FLOOR), for comparison."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_content("<!doctype html><title>floor</title><body></body>")
    if slowdown != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.evaluate(FLOOR, tricks)
    reports = compositor_frames(browser.stop_tracing())
    print(f"floor page (flights only), {size[0]}x{size[1]}, CPU {slowdown:g}x slower")
    print(compositor_summary(reports))
    context.close()


TRACE_CATEGORIES = [
    "cc",
    "benchmark",
    "blink.user_timing",
    "disabled-by-default-devtools.timeline.frame",
]
# A performance mark at a known performance.now(): puts the trace's frames on the page's
# clock, so that they can be told apart by whether a card was flying.
ZERO_MARK = "bench-motion-zero"


def compositor_frames(trace: bytes) -> list[dict[str, Any]]:
    """Chromium's report of every frame the compositor produced (state, what animated)."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    zero = next((e["ts"] for e in events if e.get("name") == ZERO_MARK), None)
    return [
        {**e["args"]["frame_reporter"], "at_ms": None if zero is None else (e["ts"] - zero) / 1000}
        for e in sorted(events, key=lambda e: e.get("ts", 0))
        if e.get("name") == "PipelineReporter"
        and e.get("ph") == "b"
        and "frame_reporter" in e.get("args", {})
    ]


def compositor_summary(reports: list[dict[str, Any]], name: str = "screen") -> str:
    animating = [r for r in reports if r.get("has_compositor_animation")]
    if not animating:
        return f"{name:>14}: no compositor-animated frames"
    states = [r["state"] for r in animating]
    dropped = states.count("STATE_DROPPED")
    janky = sum(
        1 for r in animating if r["state"] == "STATE_DROPPED" and r.get("affects_smoothness")
    )
    partial = states.count("STATE_PRESENTED_PARTIAL")
    # A single missed frame at 60 Hz is not seen; a run of them is a visible stutter.
    run = longest = 0
    for r in animating:
        run = run + 1 if r["state"] == "STATE_DROPPED" and r.get("affects_smoothness") else 0
        longest = max(longest, run)
    return (
        f"{name:>14}: {len(animating):5d} compositor frames while cards moved,"
        f" {partial} presented without the main thread's part,"
        f" dropped {dropped} ({100 * dropped / len(animating):.1f} %),"
        f" {janky} counted against smoothness ({100 * janky / len(animating):.1f} %),"
        f" longest run {longest}"
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


# What the probe-free passes record: long tasks and when the snapshot was kept, nothing
# that runs every frame (a requestAnimationFrame loop is itself main-thread animation: it
# makes Chromium wait for the main thread in every frame and so drops frames the game's
# compositor-only flights would not).
QUIET_PROBE = """
() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration, false]);
  }).observe({ type: "longtask", buffered: false });
  // When the snapshot for the next start was kept (static/interpreter.mjs): the worker
  // that makes it starts at its script's fetch, so long tasks in between can be told apart.
  window.__snapshotKept = null;
  const root = document.documentElement;
  new MutationObserver(() => {
    if (root.dataset.pythonKept && window.__snapshotKept === null) {
      window.__snapshotKept = performance.now();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-python-kept"] });
  // Every flight's [start, end] on the page's clock, from the moment it really started
  // (its first frame on screen; until then it is pending): static/motion.mjs is the page's
  // only caller of Element.animate (CSS transitions, a hover, are not flights).
  window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const flight = animate.call(this, keyframes, options);
    flight.ready.then(() => {
      const at = (flight.startTime ?? performance.now()) + (options?.delay ?? 0);
      window.__flights.push([at, at + (options?.duration ?? 0)]);
    }, () => {});
    return flight;
  };
}
"""
ZERO = f"""() => performance.mark("{ZERO_MARK}").startTime"""
KEPT_WAIT_S = 120  # the worker waits for a quiet table, then starts a whole Python


def throttle(context: Any, page: Any, slowdown: float) -> None:
    if slowdown != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})


def traced_play(browser: Any, page: Any, tricks: int) -> list[dict[str, Any]]:
    """``tricks`` tricks played under a trace; the compositor's frame reports."""
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    zero = page.evaluate(ZERO)
    play_like_a_player(page, tricks)
    page.wait_for_timeout(2500)  # the last trick's pause and gather
    reports = compositor_frames(browser.stop_tracing())
    for r in reports:
        if r["at_ms"] is not None:
            r["at_ms"] += zero
    return reports


def print_screen(page: Any, reports: list[dict[str, Any]]) -> None:
    """The compositor's frames: all of them, and those while a card flew (static/motion.mjs)
    against the rest: a CSS transition (a hover, a lift), or flights still waiting for the
    first frame that shows them (after a dialog closes, say)."""
    spans = page.evaluate("window.__flights")
    flying = [
        r for r in reports if r["at_ms"] is not None and any(a <= r["at_ms"] <= b for a, b in spans)
    ]
    others = [r for r in reports if r not in flying]
    print(compositor_summary(reports))
    print(compositor_summary(flying, "a card flying"))
    print(compositor_summary(others, "other motion"))


def print_long_tasks(page: Any) -> None:
    long_tasks = page.evaluate("window.__longTasks")
    window = page.evaluate(SNAPSHOT_WINDOW)
    busy = [d for _, d, moving in long_tasks if moving]
    print(
        f"{'long tasks':>14}: {len(long_tasks)}"
        + (f", longest {max(d for _, d, _ in long_tasks):.0f} ms" if long_tasks else "")
        + (f"; {len(busy)} while cards flew, longest {max(busy):.0f} ms" if busy else "")
    )
    if window is not None:
        begin, end = window[0], window[1] if window[1] is not None else float("inf")
        during = [d for t, d, _ in long_tasks if begin <= t <= end]
        print(
            f"{'snapshot':>14}: made from {begin / 1000:.1f} s to "
            + (f"{end / 1000:.1f} s" if window[1] is not None else "(not kept yet)")
            + f"; {len(during)} long tasks meanwhile"
            + (f", longest {max(during):.0f} ms" if during else "")
        )


def run(browser: Any, base: str, slowdown: float, tricks: int, size: tuple[int, int]) -> None:
    """A first visit, then a return visit, of one player at one size and CPU speed."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(base + "?seed=7&lang=en")
    wait_ready(page)
    throttle(context, page, slowdown)
    page.evaluate(QUIET_PROBE)
    print(f"{size[0]}x{size[1]}, CPU {slowdown:g}x slower")
    first = traced_play(browser, page, tricks)
    print(f"  first visit (Python started {page.get_attribute('html', 'data-python')}):")
    print_screen(page, first)
    print_long_tasks(page)
    kept = lambda: page.get_attribute("html", "data-python-kept")  # noqa: E731
    poll(page, kept, bool, KEPT_WAIT_S, "the snapshot for the next start")
    page.reload()
    wait_ready(page)
    throttle(context, page, slowdown)
    page.evaluate(QUIET_PROBE)
    again = traced_play(browser, page, tricks)
    print(f"  return visit (Python started {page.get_attribute('html', 'data-python')}):")
    print_screen(page, again)
    print_long_tasks(page)
    # The main thread's frames, from a requestAnimationFrame probe (which costs frames of
    # its own on the screen: the passes above are the screen's figure).
    page.evaluate(FRAMES)
    play_like_a_player(page, tricks)
    page.wait_for_timeout(2500)
    frames = page.evaluate("window.__motionFrames")
    flying = [i for i, moving in frames if moving]
    idle = [i for i, moving in frames if not moving]
    budget = 1.5 * statistics.median(idle or flying)
    print("  main thread (requestAnimationFrame probe, return visit):")
    print(summary("cards flying", flying, budget))
    print(summary("baseline idle", idle, budget))
    if flying and idle:
        print(f"{'ratio':>14}: p95 flying / idle {pct(flying, 0.95) / pct(idle, 0.95):.2f}")
    print_long_tasks(page)
    print(f"{'state':>14}: {state(page)['phase']}, {state(page)['actions'].count('G')} tricks")
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
        run_floor(browser, 1, args.tricks, (1366, 768))
        for size in ((1366, 768), (390, 844)):
            run(browser, base.rstrip("/"), args.cpu_slowdown, args.tricks, size)
            run_floor(browser, args.cpu_slowdown, args.tricks, size)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
