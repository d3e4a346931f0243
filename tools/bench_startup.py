"""Start-up benchmark: the table on screen, and the engine ready, against two floor pages.

    make bench-startup                       (= python -m tools.bench_startup)
    make bench-lighthouse                    (the same, plus Lighthouse on the game and the
                                              bare PyScript pages: --lighthouse; desktop
                                              preset, LIGHTHOUSE_PRESET=mobile for the
                                              mobile one: --lighthouse-preset mobile;
                                              LIGHTHOUSE_THROTTLING=devtools to load it
                                              really throttled: --lighthouse-throttling)
    python -m tools.bench_startup --runs 7 --json startup.json

For each run and each page, Chromium starts with a fresh profile (empty HTTP cache, no
service worker, no compiled-code cache):

    cold  first navigation in that profile
    warm  a return visit in the same profile: a new tab, after the first visit's service
          worker (if the page has one) has activated and the browser had a moment to
          write its caches

Moments are `performance.now()` in the page (0 = navigation start) when a selector first
matches, observed by a MutationObserver that Playwright injects before any page script:

    app            / (index.html):
                     visible  your hand is on screen (static/boot.js painted the saved
                              table, or the neutral table's face-down hand on a first visit)
                     ready    the engine answers a tap (<html data-state="ready">)
                   each run line also says how Python started, cold/warm: "snapshot"
                   (from its memory snapshot) or "fresh" (static/interpreter.mjs)
    pyscript-bare  bench/pyscript-bare.html: the same PyScript + Pyodide as the game, the
                   site's own runtime files (the trimmed, compiled standard library, the
                   brotli copies: scripts/build_vendor.mjs), shows "ready"
    pyodide-bare   bench/pyodide-bare.html: loadPyodide() alone, no PyScript (site's files)
    pyscript-stock bench/pyscript-stock.html: PyScript + Pyodide exactly as npm ships them
                   (node_modules/@pyscript/core/dist, node_modules/pyodide: the full
                   python_stdlib.zip, no brotli copies, so the server gzips), served at
                   static/vendor/stock/ beside the site (tools/browser.py with_stock_runtime, never
                   part of dist/), with the same immutable caching as the site's runtime
    pyodide-stock  bench/pyodide-stock.html: loadPyodide() alone on the stock pyodide

The two kinds of floor answer two questions. The STOCK floor is the baseline the start-up
targets are stated against ("the bare PyScript page" was then the stock runtime): the
game against what any PyScript page gets out of the box. The TRIMMED floor is stricter:
the game against a bare page that gets every byte-saving of the site too, so it shows what
the game's own start (the update gate, the snapshot, importing and drawing the game) costs.

Per engine (--engines chromium,firefox,webkit; `make bench-startup` runs all three):
the game's "ready" against the same engine's bare PyScript page, cold and warm, each run
in a fresh browser (harness/engines.py: Chromium through Playwright, Firefox ESR over
WebDriver BiDi, WebKitGTK through WebKitWebDriver). There the moment is the page's own
<html data-ready-ms> (performance.now() when it got ready: no script can be injected
before the page's in every engine), and the warm visit is a new navigation in the same
tab once the service worker is active and the memory snapshot kept.

Before the runs, one unrecorded first visit per page (--warmup) lets the server compress
each file once, as a production host has its compressed copies ready. Prints the median
(and min..max) per page and moment, and the ratios against both floors with the start-up
targets (stated against the stock floor, their baseline; shown against the trimmed
one too). The site is served by scripts/serve.py with the production headers
(netlify.toml) and gzip. Needs the dev venv (Playwright) and Chromium (`make chromium`);
Lighthouse needs `make bench-lighthouse` (its own npm folder, tools/lighthouse/). The
machine's load shows in the figures, so compare pages only within one run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SITE,
    launch_options,
    require_chromium,
    serve,
    with_stock_runtime,
)

# Moments per page: name -> CSS selector that first matches at that moment.
APP = {"visible": "#hand .card", "ready": "html[data-state=ready]"}
FLOOR = {"ready": "html[data-ready-ms]"}
PAGES = {
    "app": ("", APP),
    "pyscript-bare": ("bench/pyscript-bare.html", FLOOR),
    "pyscript-stock": ("bench/pyscript-stock.html", FLOOR),
    "pyodide-bare": ("bench/pyodide-bare.html", FLOOR),
    "pyodide-stock": ("bench/pyodide-stock.html", FLOOR),
}
# Each floor in two builds: (stock: npm's files as shipped, trimmed: the site's own).
FLOORS = {
    "pyscript": ("pyscript-stock", "pyscript-bare"),
    "pyodide": ("pyodide-stock", "pyodide-bare"),
}
# (kind, moment of the app, floor, the target ratio or None). The cold "ready"
# target is 1.0 on loopback and 0.8 on an emulated phone (--network/--cpu-slowdown):
# COLD_READY_TARGETS.
RATIOS = (
    ("warm", "visible", "pyodide", 0.25),
    ("cold", "visible", "pyodide", None),
    ("warm", "ready", "pyscript", 0.5),
    ("cold", "ready", "pyscript", "cold-ready"),
    ("warm", "ready", "pyodide", None),
    ("cold", "ready", "pyodide", None),
)
COLD_READY_TARGETS = {"loopback": 1.0, "emulated": 0.8}
LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"
LIGHTHOUSE_AUDITS = (
    ("first-contentful-paint", "FCP"),
    ("largest-contentful-paint", "LCP"),
    ("speed-index", "SI"),
    ("total-blocking-time", "TBT"),
    ("interactive", "TTI"),
    ("cumulative-layout-shift", "CLS"),
)

PROBE = """
(() => {
  const moments = %s;
  const check = () => {
    const root = document.documentElement;
    if (!root) return;
    let left = 0;
    for (const [name, selector] of Object.entries(moments)) {
      const key = "bench" + name[0].toUpperCase() + name.slice(1) + "Ms";
      if (root.dataset[key]) continue;
      const now = String(Math.round(performance.now()));
      if (document.querySelector(selector)) root.dataset[key] = now;
      else left += 1;
    }
    if (!left) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def visit(
    context,
    url: str,
    moments: dict[str, str],
    timeout_s: float,
    then=None,
    network=None,
    cpu_slowdown: float = 1,
):
    """Milliseconds from navigation start to each moment, in a new tab.

    then(page): called after the measurement, before the tab closes.
    network: (megabits per second, round-trip ms) to emulate, or None (localhost as is).
    cpu_slowdown: Chromium's CPU throttling factor for the page (e.g. 4 for a phone)."""
    page = context.new_page()
    try:
        if cpu_slowdown != 1:
            context.new_cdp_session(page).send(
                "Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown}
            )
        if network:
            mbps, rtt = network
            context.new_cdp_session(page).send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": rtt,
                    "downloadThroughput": mbps * 1e6 / 8,
                    "uploadThroughput": mbps * 1e6 / 8,
                },
            )
        page.add_init_script(PROBE % json.dumps(moments))
        page.goto(url, wait_until="commit")
        attrs = [f"data-bench-{name}-ms" for name in moments]
        page.wait_for_selector(
            "html" + "".join(f"[{a}]" for a in attrs) + ", .py-error",
            state="attached",
            timeout=timeout_s * 1000,
        )
        error = page.query_selector(".py-error")
        if error is not None:
            raise RuntimeError(f"{url}: Python error:\n{error.text_content()}")
        pairs = zip(moments, attrs, strict=True)
        found = {name: float(page.get_attribute("html", attr)) for name, attr in pairs}
        if then is not None:
            then(page)
        return found
    finally:
        page.close()


def settle(page, timeout_s: float) -> bool:
    """After a first visit: wait for the page's service worker to be active, if it has one.

    The game registers its worker only a few seconds after the table is ready (static/pwa.mjs),
    so this waits for ``navigator.serviceWorker.ready`` on pages that load static/pwa.mjs.
    (Returning early would start the return visit while the worker downloads its 20 MB
    precache, and measure that visit uncontrolled, from the HTTP cache.) True if one did."""
    state = page.evaluate(
        """async (timeoutMs) => {
                if (!("serviceWorker" in navigator)) return "unsupported";
                if (!window.heartsPWA) return "none"; // no static/pwa.mjs: no worker
                const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs, "timeout"));
                const ready = navigator.serviceWorker.ready.then(async (registration) => {
                    while (registration.active.state !== "activated") {
                        await new Promise((resolve) => setTimeout(resolve, 50));
                    }
                    return "activated";
                });
                return Promise.race([ready, timeout]);
            }""",
        timeout_s * 1000,
    )
    if state == "timeout":
        raise RuntimeError(f"{page.url}: the service worker did not activate in {timeout_s} s")
    return state == "activated"


def snapshot_kept(page, timeout_s: float) -> str:
    """After a fresh start of the game: wait until the memory snapshot for the next start
    is kept (<html data-python-kept>, static/interpreter.mjs), up to ``timeout_s``; its
    size in bytes, or "" (a floor page, a start from a snapshot, or none made in time)."""
    return page.evaluate(
        """async (ms) => {
            const root = document.documentElement;
            if (root.dataset.python !== "fresh") return root.dataset.pythonKept || "";
            const end = performance.now() + ms;
            while (performance.now() < end && !root.dataset.pythonKept) {
                await new Promise((r) => setTimeout(r, 100));
            }
            return root.dataset.pythonKept || "";
        }""",
        timeout_s * 1000,
    )


@contextlib.contextmanager
def fresh_browser(playwright):
    """Chromium with a fresh profile: empty HTTP cache, no service worker, no code cache."""
    profile = tempfile.mkdtemp(prefix="hearts-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_options(service_workers="allow")
        )
        try:
            yield context
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def python_start(page) -> str:
    """How the page's Python started: "snapshot" or "fresh" (static/interpreter.mjs), or
    "" on pages that do not say (the floor pages)."""
    return page.get_attribute("html", "data-python") or ""


def measure(
    playwright, url: str, moments: dict[str, str], args
) -> tuple[dict, dict, bool, list[str]]:
    with fresh_browser(playwright) as context:
        sw = []
        starts: list[str] = []

        def after_cold(page) -> None:
            starts.append(python_start(page))
            sw.append(settle(page, args.timeout))
            # Made in the browser for the return visit: the warm visit starts only once it
            # is in Cache Storage, or it would measure a fresh start under the warm label.
            if starts[-1] == "fresh" and not snapshot_kept(page, args.timeout):
                raise RuntimeError(f"{url}: no memory snapshot kept in {args.timeout} s")

        cold = visit(
            context, url, moments, args.timeout, after_cold, args.network, args.cpu_slowdown
        )
        time.sleep(args.pause)  # a return visit comes later; let caches be written
        warm = visit(
            context,
            url,
            moments,
            args.timeout,
            lambda page: starts.append(python_start(page)),
            args.network,
            args.cpu_slowdown,
        )
    if starts[0] and starts[-1] != "snapshot":
        raise RuntimeError(f"{url}: the return visit started {starts[-1]!r}, not from the snapshot")
    return cold, warm, sw[0], starts


def warm_up(playwright, url: str, moments: dict[str, str], args) -> None:
    """One unrecorded first visit: the server compresses each file once and keeps it (as a
    production host serves its compressed copies at once), so the page measured first does
    not pay for compressing the 10 MB runtime; the OS has the browser's files in memory."""
    with fresh_browser(playwright) as context:
        visit(context, url, moments, args.timeout, None, args.network, args.cpu_slowdown)


def lighthouse(url: str, preset: str = "desktop", throttling: str = "simulate") -> dict | None:
    """One Lighthouse run (a fresh profile): the score and key timings.

    preset "desktop" (Lighthouse's --preset=desktop) or "mobile": Lighthouse's default
    configuration, a phone's screen, a CPU 4x slower and a slow 4G network (150 ms,
    1.6 Mbit/s). throttling "simulate" (Lighthouse's default: the page loads unthrottled and
    Lantern estimates the slow load from that trace) or "devtools" (the page really loads
    throttled: slower to measure, but what the slow phone would see; docs/performance.md).
    None when Lighthouse could not load the page (the stock page under applied throttling: its
    main thread stops answering for longer than Lighthouse waits)."""
    if not LIGHTHOUSE.is_file():
        raise SystemExit("Lighthouse is missing: run `make bench-lighthouse` (installs it)")
    with tempfile.TemporaryDirectory(prefix="hearts-lh-") as tmp:
        out = Path(tmp) / "report.json"
        flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
        subprocess.run(
            [
                "node",
                str(LIGHTHOUSE),
                url,
                *(["--preset=desktop"] if preset == "desktop" else []),
                f"--throttling-method={throttling}",
                *(["--max-wait-for-load=120000"] if throttling == "devtools" else []),
                "--output=json",
                "--quiet",
                f"--output-path={out}",
                f"--chrome-flags={flags}",
            ],
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            timeout=600,
        )
        if not out.is_file():
            return None  # Lighthouse printed why
        report = json.loads(out.read_text(encoding="utf-8"))
    found = {"score": report["categories"]["performance"]["score"]}
    for audit, name in LIGHTHOUSE_AUDITS:
        found[name] = report["audits"][audit]["numericValue"]
    tasks = report["audits"].get("long-tasks", {}).get("details", {}).get("items", [])
    found["long tasks"] = [round(t["duration"]) for t in tasks[:3]]
    return found


ENGINE_PAGES = {
    "app": "?cadence=0",
    "pyscript-stock": "bench/pyscript-stock.html",
    "pyscript-bare": "bench/pyscript-bare.html",
}
READY = "!!(document.documentElement.dataset.readyMs || document.querySelector('.py-error'))"
# The snapshot kept: <html data-python-kept> (static/interpreter.mjs), not the cache's name
# (the page opens that cache as it starts, before any snapshot is in it).
RETURN_VISIT_READY = """async () => {
  if (!window.heartsPWA) return true; // the bare page: no worker, nothing kept
  const worker = await navigator.serviceWorker.getRegistration();
  const python = document.documentElement.dataset;
  const kept = Boolean(python.pythonKept) || python.python === "snapshot";
  return !!(worker && worker.active && worker.active.state === "activated" && kept);
}"""


def engine_visit(engine, url: str, timeout_s: float) -> tuple[float, str]:
    """(ms from navigation to the page's ready, how Python started) for one visit."""
    engine.goto(url)
    engine.wait_for(READY, timeout_s, f"{url} ready")
    error = engine.evaluate("(document.querySelector('.py-error') || {}).textContent || ''")
    if error:
        raise RuntimeError(f"{engine.name} {url}: Python error:\n{error}")
    root = "document.documentElement.dataset"
    return float(engine.evaluate(f"{root}.readyMs")), str(engine.evaluate(f"{root}.python || ''"))


def engine_runs(names: list[str], site: str, args) -> dict:
    """Cold and warm "ready" of the game and the bare PyScript page in each engine."""
    from harness.engines import launch

    results: dict = {}
    playwright = chromium = None
    try:
        if "chromium" in names:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
            chromium = playwright.chromium.launch(**launch_options())
        for name in names:
            results[name] = {page: {"cold": [], "warm": [], "python": []} for page in ENGINE_PAGES}
            for run in range(args.runs + args.warmup):
                for page, path in ENGINE_PAGES.items():
                    with launch(name, site, playwright_browser=chromium) as engine:
                        cold, cold_start = engine_visit(engine, site + path, args.timeout)
                        engine.wait_for(RETURN_VISIT_READY, args.timeout, "caches written")
                        time.sleep(args.pause)  # as the Chromium runs: caches settle
                        engine.goto("about:blank")
                        warm, warm_start = engine_visit(engine, site + path, args.timeout)
                        version = engine.version
                    if run < args.warmup:
                        continue  # unrecorded: the server compresses each file once
                    found = results[name][page]
                    found["cold"].append(cold)
                    found["warm"].append(warm)
                    found["python"].append(f"{cold_start or '-'}/{warm_start or '-'}")
                    print(
                        f"  {name:8} {version:16} run {run - args.warmup + 1}  {page:14}"
                        f"  cold ready {cold:6.0f} ms  warm ready {warm:6.0f} ms"
                        + (f"  python {found['python'][-1]}" if cold_start else "")
                    )
    finally:
        if chromium is not None:
            chromium.close()
        if playwright is not None:
            playwright.stop()
    return results


def report_engines(results: dict) -> None:
    print("\nper engine, median (min..max)      cold                     warm")
    for name, pages in results.items():
        for page, found in pages.items():
            label = f"{name} {page}"
            print(f"  {label:28}  {summary(found['cold'])}   {summary(found['warm'])}")
        for kind in ("cold", "warm"):
            app = statistics.median(pages["app"][kind])
            stock, bare = (statistics.median(pages[floor][kind]) for floor in FLOORS["pyscript"])
            print(
                f"  {name} {kind} ready: app / bare PyScript  stock {app / stock:5.2f}"
                f"   trimmed {app / bare:5.2f}"
            )


def summary(values: list[float]) -> str:
    low, mid, high = min(values) / 1000, statistics.median(values) / 1000, max(values) / 1000
    return f"{mid:5.2f} s  ({low:.2f}..{high:.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--app", default=PAGES["app"][0], help="app page path (default /)")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated subset")
    parser.add_argument("--pause", type=float, default=3.0, help="seconds before warm visit")
    parser.add_argument(
        "--warmup", type=int, default=1, help="unrecorded first visits per page (default 1)"
    )
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per visit")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument(
        "--network",
        type=lambda v: tuple(float(x) for x in v.split(",")),
        help="emulate a network: MBIT_PER_S,RTT_MS (e.g. 20,40); default: localhost as is",
    )
    parser.add_argument(
        "--cpu-slowdown",
        type=float,
        default=1,
        metavar="N",
        help="throttle the page's CPU N times (Chromium emulation; 4 ~ a mid-range phone)",
    )
    parser.add_argument("--root", type=Path, default=SITE, help="site directory to serve")
    parser.add_argument(
        "--engines",
        default="",
        help="comma-separated engines (chromium,firefox,webkit): also ready per engine",
    )
    parser.add_argument(
        "--lighthouse",
        type=int,
        default=0,
        metavar="N",
        help="also N Lighthouse runs of the game and of the bare PyScript pages",
    )
    parser.add_argument(
        "--lighthouse-preset",
        choices=("desktop", "mobile"),
        default="desktop",
        help="Lighthouse's desktop preset (default) or its mobile default (slow 4G, 4x CPU)",
    )
    parser.add_argument(
        "--lighthouse-throttling",
        choices=("simulate", "devtools"),
        default="simulate",
        help="Lighthouse's simulated throttling (default) or throttling applied while loading",
    )
    args = parser.parse_args(argv)

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit(
            "Playwright is missing: run `make bench-startup` (installs the venv)"
        ) from None
    require_chromium()

    pages = dict(PAGES)
    pages["app"] = (args.app.lstrip("/"), APP)
    names = [n for n in args.pages.split(",") if n]
    unknown = set(names) - set(pages)
    if unknown:
        raise SystemExit(f"unknown pages: {sorted(unknown)}")
    results = {
        n: {
            "cold": {m: [] for m in pages[n][1]},
            "warm": {m: [] for m in pages[n][1]},
            "service_worker": False,
        }
        for n in names
    }
    audits: dict[str, list[dict]] = {"app": [], "pyscript-stock": [], "pyscript-bare": []}

    with (
        with_stock_runtime(args.root) as root,
        serve(root) as site,
        sync_playwright() as playwright,
    ):
        print(f"{args.runs} runs x {len(names)} pages, fresh Chromium profile each, {site}")
        for _ in range(args.warmup):
            for name in names:  # unrecorded
                warm_up(playwright, site + pages[name][0], pages[name][1], args)
        for run in range(args.runs if names else 0):
            order = names[run % len(names) :] + names[: run % len(names)]  # rotate the order
            for name in order:
                path, moments = pages[name]
                cold, warm, has_sw, starts = measure(playwright, site + path, moments, args)
                for kind, found in (("cold", cold), ("warm", warm)):
                    for moment, ms in found.items():
                        results[name][kind][moment].append(ms)
                results[name]["service_worker"] |= has_sw
                shown = "  ".join(
                    f"{kind} {moment} {ms:6.0f} ms"
                    for kind, found in (("cold", cold), ("warm", warm))
                    for moment, ms in found.items()
                )
                python = "  python " + "/".join(starts) if any(starts) else ""
                print(f"  run {run + 1}  {name:14} {shown}{python}")
        for run in range(args.lighthouse):
            for name in audits:
                found = lighthouse(
                    site + pages[name][0], args.lighthouse_preset, args.lighthouse_throttling
                )
                if found is None:
                    print(f"  lighthouse {run + 1}  {name:14} did not load")
                    continue
                audits[name].append(found)
                print(f"  lighthouse {run + 1}  {name:14} score {found['score']:.2f}")

    engines = [e for e in args.engines.split(",") if e]
    engine_results = {}
    if engines and args.runs:  # after Playwright's session above: one at a time
        with with_stock_runtime(args.root) as root, serve(root) as site:
            print(f"{args.runs} runs x {len(ENGINE_PAGES)} pages x {engines}, fresh browser each")
            engine_results = engine_runs(engines, site, args)

    emulated = bool(args.network) or args.cpu_slowdown != 1
    if args.runs and names:
        report(names, results, COLD_READY_TARGETS["emulated" if emulated else "loopback"])
    if engine_results:
        report_engines(engine_results)
    if args.lighthouse:
        report_lighthouse(audits, f"{args.lighthouse_preset} preset, {args.lighthouse_throttling}")
    if args.json:
        raw = {"runs": results, "lighthouse": audits, "engines": engine_results}
        args.json.write_text(json.dumps(raw, indent=2) + "\n")
    return 0


def report(names: list[str], results: dict, cold_ready_target: float) -> None:
    print("\nmedian (min..max)                cold                     warm")
    for name in names:
        r = results[name]
        sw = "  (service worker)" if r["service_worker"] else ""
        for moment in r["cold"]:
            label = f"{name} {moment}"
            print(f"  {label:22}  {summary(r['cold'][moment])}   {summary(r['warm'][moment])}{sw}")
    if "app" not in results:
        return
    print(
        "\nratios (median / median) against both floors: stock = npm's runtime as shipped"
        " (the targets' baseline),\ntrimmed = the site's own runtime files (stricter)"
    )
    for kind, moment, floor, target in RATIOS:
        if target == "cold-ready":
            target = cold_ready_target
        app = statistics.median(results["app"][kind][moment])
        parts, verdicts = [], []
        for label, page in zip(("stock", "trimmed"), FLOORS[floor], strict=True):
            if page not in results:
                continue
            value = app / statistics.median(results[page][kind]["ready"])
            parts.append(f"{label} {value:5.2f}")
            if target is not None:
                verdicts.append(f"{label} {'met' if value <= target else 'NOT met'}")
        if not parts:
            continue
        key = f"{kind} app {moment} / {floor} ready"
        line = f"  {key:36} {'   '.join(parts)}"
        if target is not None:
            line += f"   target <= {target:.2f}: {', '.join(verdicts)}"
        print(line)


def report_lighthouse(audits: dict[str, list[dict]], setting: str) -> None:
    runs_done = max(len(runs) for runs in audits.values())
    print(f"\nLighthouse ({setting}), median of {runs_done} run(s)")
    med: dict[str, dict[str, float]] = {}
    for name, runs in audits.items():
        if not runs:
            print(f"  {name:14} did not load in any run")
            continue
        med[name] = {
            k: statistics.median([r[k] for r in runs]) for k in runs[0] if k != "long tasks"
        }
        timings = "  ".join(
            f"{m} {med[name][m]:.3f}" if m == "CLS" else f"{m} {med[name][m] / 1e3:.2f}s"
            for _, m in LIGHTHOUSE_AUDITS
        )
        scores = ", ".join(f"{r['score']:.2f}" for r in runs)
        print(f"  {name:14} score {med[name]['score']:.2f} ({scores})  {timings}")
        print(f"  {'':14} longest tasks (ms): {[r['long tasks'] for r in runs]}")
    game = med.get("app")
    if game is None:
        return
    for floor in ("pyscript-stock", "pyscript-bare"):
        if floor not in med:
            print(f"  game TTI <= {floor} TTI: met ({floor} did not load)")
            continue
        tti = "met" if game["TTI"] <= med[floor]["TTI"] else "NOT met"
        score = "met" if game["score"] >= med[floor]["score"] else "NOT met"
        print(f"  game TTI <= {floor} TTI: {tti};  game score >= {floor} score: {score}")
    print(f"  game score >= 0.85: {'met' if game['score'] >= 0.85 else 'NOT met'}")


if __name__ == "__main__":
    sys.exit(main())
