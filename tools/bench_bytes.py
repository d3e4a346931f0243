"""What a first visit downloads: every byte the server sends to a fresh profile.

    make bench-bytes                          (= python -m tools.bench_bytes)
    python -m tools.bench_bytes --runs 2 --json bytes.json

Chromium starts with a fresh profile (empty HTTP cache, no service worker) and opens the
game. The visit counts until the engine answers (<html data-state=ready>), the service
worker has installed its precache and is active, and the interpreter's memory snapshot
for the next start has been kept (<html data-python-kept>, if the page makes one). Then a
return visit in a new tab of the same profile, counted the same way.

The bytes are those the server wrote (scripts/serve.py --log-bytes: headers and body as
they went over the wire, compressed as the production headers say), so the page's own
requests, the service worker's precache and any worker's fetches all count. Prints one
row per path (how often it was sent, the bytes) and the totals, against the
target of 5.0 MB for the first visit.
"""

from __future__ import annotations

import argparse
import collections
import json
import tempfile
import time
from pathlib import Path

from harness.browser import SITE, require_chromium, serve
from tools.bench_startup import fresh_browser, settle, snapshot_kept

TARGET_MB = 5.0
KEPT_TIMEOUT_S = 60  # the snapshot is made at idle after the table is playable


def read_log(path: Path, start: int) -> tuple[list[dict], int]:
    """The log's lines from byte offset ``start``; and the new end."""
    with path.open(encoding="utf-8") as f:
        f.seek(start)
        text = f.read()
        end = f.tell()
    return [json.loads(line) for line in text.splitlines() if line.strip()], end


def wait_quiet(log: Path, offset: int, quiet_s: float = 1.5, limit_s: float = 30) -> None:
    """Until the server has sent nothing for ``quiet_s`` (late fetches still count)."""
    deadline = time.monotonic() + limit_s
    size = log.stat().st_size
    calm_since = time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = log.stat().st_size
        if now != size:
            size, calm_since = now, time.monotonic()
        elif time.monotonic() - calm_since >= quiet_s:
            return


def visit(context, url: str, timeout_s: float) -> dict[str, str]:
    """One visit in a new tab, until ready, the worker active and the snapshot kept."""
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_selector(
            "html[data-state=ready], .py-error", state="attached", timeout=timeout_s * 1000
        )
        if page.query_selector(".py-error") is not None:
            raise RuntimeError(f"{url}: Python error")
        settle(page, timeout_s)
        kept = snapshot_kept(page, KEPT_TIMEOUT_S)
        return {"python": page.get_attribute("html", "data-python") or "", "kept": kept}
    finally:
        page.close()


def summarise(lines: list[dict]) -> dict[str, dict[str, int]]:
    rows: dict[str, dict[str, int]] = collections.defaultdict(
        lambda: {"count": 0, "bytes": 0}
    )
    for line in lines:
        row = rows[line["path"]]
        row["count"] += 1
        row["bytes"] += line["headers"] + line["body"]
    return dict(rows)


def report(title: str, rows: dict[str, dict[str, int]], shown: int = 12) -> int:
    total = sum(r["bytes"] for r in rows.values())
    print(f"\n{title}: {total / 1e6:.2f} MB in {sum(r['count'] for r in rows.values())} responses")
    ranked = sorted(rows.items(), key=lambda item: -item[1]["bytes"])
    for path, row in ranked[:shown]:
        times = f" x{row['count']}" if row["count"] > 1 else ""
        print(f"  {row['bytes'] / 1e6:7.3f} MB  {path}{times}")
    rest = ranked[shown:]
    if rest:
        rest_bytes = sum(r["bytes"] for _, r in rest)
        print(f"  {rest_bytes / 1e6:7.3f} MB  everything else ({len(rest)} paths)")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="fresh profiles (default 1)")
    parser.add_argument("--root", type=Path, default=SITE, help="site directory to serve")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per visit")
    parser.add_argument("--json", type=Path, help="also write the per-path figures here")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    require_chromium()
    figures = []
    with tempfile.TemporaryDirectory(prefix="hearts-bytes-") as tmp:
        log = Path(tmp) / "bytes.jsonl"
        log.touch()
        with serve(args.root, "--log-bytes", str(log)) as site, sync_playwright() as pw:
            for run in range(args.runs):
                offset = log.stat().st_size
                with fresh_browser(pw) as context:
                    first = visit(context, site, args.timeout)
                    wait_quiet(log, offset)
                    cold, offset = read_log(log, offset)
                    second = visit(context, site, args.timeout)
                    wait_quiet(log, offset)
                    warm, offset = read_log(log, offset)
                print(f"run {run + 1}: first visit python {first}, return visit {second}")
                cold_rows, warm_rows = summarise(cold), summarise(warm)
                total = report("first visit", cold_rows)
                report("return visit", warm_rows, shown=5)
                figures.append({"first": cold_rows, "return": warm_rows, "total": total})
    totals = [f["total"] / 1e6 for f in figures]
    verdict = "meets" if max(totals) <= TARGET_MB else "misses"
    print(f"\nfirst visit: {', '.join(f'{t:.2f}' for t in totals)} MB ({verdict} <= {TARGET_MB})")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
