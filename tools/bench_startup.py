"""Start-up benchmark: navigation -> playable hand, cold and warm, against two floor pages.

    make bench-startup                       (= python -m tools.bench_startup)
    python -m tools.bench_startup --runs 7 --json startup.json

For each run and each page, Chromium starts with a fresh profile (empty HTTP cache, no
service worker, no compiled-code cache):

    cold  first navigation in that profile
    warm  a return visit in the same profile: a new tab, after the first visit's service
          worker (if the page has one) has activated and the browser had a moment to
          write its caches

The time is `performance.now()` in the page (0 = navigation start) at the moment the
page's "ready" selector first matches, observed by a MutationObserver that Playwright
injects before any page script. Pages, in the same run, interleaved:

    app            / (index.html): ready = a hand the player can act on
    pyscript-bare  bench/pyscript-bare.html: the same PyScript + Pyodide, shows "ready"
    pyodide-bare   bench/pyodide-bare.html: loadPyodide() alone, no PyScript

Prints the median (and min..max) per page and the ratios app / floor. The site is served
by scripts/serve.py with the production headers (netlify.toml). Needs the dev venv
(Playwright) and Chromium (`make chromium`); the machine's load shows in the figures, so
compare pages only within one run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools.browser import ROOT, launch_options, require_chromium, serve

# The game page is ready when the player can act on a hand (cards to pass or to play).
APP_READY = "html[data-state=ready]"  # set by hearts/web once the hand is dealt and live

PAGES = {
    "app": ("", APP_READY),
    "pyscript-bare": ("bench/pyscript-bare.html", "html[data-ready-ms]"),
    "pyodide-bare": ("bench/pyodide-bare.html", "html[data-ready-ms]"),
}

PROBE = """
(() => {
  const selector = %s;
  const root = () => document.documentElement;
  const check = () => {
    if (!root() || root().dataset.benchReadyMs) return;
    if (document.querySelector(selector)) {
      root().dataset.benchReadyMs = String(Math.round(performance.now()));
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();
"""

def visit(context, url: str, selector: str, timeout_s: float, then=None, network=None) -> float:
    """Milliseconds from navigation start until `selector` matches, in a new tab.

    then(page): called after the measurement, before the tab closes.
    network: (megabits per second, round-trip ms) to emulate, or None (localhost as is)."""
    page = context.new_page()
    try:
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
        page.add_init_script(PROBE % json.dumps(selector))
        page.goto(url, wait_until="commit")
        page.wait_for_selector(
            "html[data-bench-ready-ms], .py-error", state="attached", timeout=timeout_s * 1000
        )
        error = page.query_selector(".py-error")
        if error is not None:
            raise RuntimeError(f"{url}: Python error:\n{error.text_content()}")
        ms = float(page.get_attribute("html", "data-bench-ready-ms"))
        if then is not None:
            then(page)
        return ms
    finally:
        page.close()


def settle(page, timeout_s: float) -> bool:
    """After a first visit: wait for its service worker (if any) to activate. True if one did."""
    state = page.evaluate(
        """async (timeoutMs) => {
                if (!("serviceWorker" in navigator)) return "unsupported";
                const registration = await navigator.serviceWorker.getRegistration();
                if (!registration) return "none";
                const deadline = Date.now() + timeoutMs;
                while (Date.now() < deadline) {
                    if (registration.active && registration.active.state === "activated") {
                        return "activated";
                    }
                    await new Promise((resolve) => setTimeout(resolve, 50));
                }
                return "timeout";
            }""",
        timeout_s * 1000,
    )
    if state == "timeout":
        raise RuntimeError(f"{page.url}: the service worker did not activate in {timeout_s} s")
    return state == "activated"


def measure(playwright, url: str, selector: str, args) -> tuple[float, float, bool]:
    profile = tempfile.mkdtemp(prefix="hearts-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_options(service_workers="allow")
        )
        try:
            sw = []
            cold = visit(
                context,
                url,
                selector,
                args.timeout,
                lambda p: sw.append(settle(p, args.timeout)),
                args.network,
            )
            time.sleep(args.pause)  # a return visit comes later; let caches be written
            warm = visit(context, url, selector, args.timeout, network=args.network)
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return cold, warm, sw[0]


def summary(values: list[float]) -> str:
    low, mid, high = min(values) / 1000, statistics.median(values) / 1000, max(values) / 1000
    return f"{mid:5.2f} s  ({low:.2f}..{high:.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--app", default=PAGES["app"][0], help="app page path (default /)")
    parser.add_argument("--app-ready", default=APP_READY, help="CSS selector: app is ready")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated subset")
    parser.add_argument("--pause", type=float, default=3.0, help="seconds before warm visit")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per visit")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument(
        "--network",
        type=lambda v: tuple(float(x) for x in v.split(",")),
        help="emulate a network: MBIT_PER_S,RTT_MS (e.g. 20,40); default: localhost as is",
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="site directory to serve")
    args = parser.parse_args(argv)

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit(
            "Playwright is missing: run `make bench-startup` (installs the venv)"
        ) from None
    require_chromium()

    pages = dict(PAGES)
    pages["app"] = (args.app.lstrip("/"), args.app_ready)
    names = [n for n in args.pages.split(",") if n]
    unknown = set(names) - set(pages)
    if unknown:
        raise SystemExit(f"unknown pages: {sorted(unknown)}")
    results = {n: {"cold": [], "warm": [], "service_worker": False} for n in names}

    with serve(args.root) as site, sync_playwright() as playwright:
        print(f"{args.runs} runs x {len(names)} pages, fresh Chromium profile each, {site}")
        for run in range(args.runs):
            order = names[run % len(names) :] + names[: run % len(names)]  # rotate the order
            for name in order:
                path, selector = pages[name]
                cold, warm, has_sw = measure(playwright, site + path, selector, args)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                results[name]["service_worker"] |= has_sw
                print(f"  run {run + 1}  {name:14} cold {cold:6.0f} ms  warm {warm:6.0f} ms")

    print("\nmedian (min..max)       cold                     warm")
    for name in names:
        r = results[name]
        sw = "  (service worker)" if r["service_worker"] else ""
        print(f"  {name:14}  {summary(r['cold'])}   {summary(r['warm'])}{sw}")
    ratios = {}
    if "app" in results:
        for floor in ("pyscript-bare", "pyodide-bare"):
            if floor in results:
                for kind in ("cold", "warm"):
                    app = statistics.median(results["app"][kind])
                    base = statistics.median(results[floor][kind])
                    ratios[f"{kind} app/{floor}"] = app / base
        if ratios:
            print("\nratios (median / median)")
            for key, value in ratios.items():
                target = "  target <= 1.25" if "pyscript-bare" in key else ""
                print(f"  {key:26} {value:4.2f}{target}")
    if args.json:
        args.json.write_text(json.dumps({"runs": results, "ratios": ratios}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
