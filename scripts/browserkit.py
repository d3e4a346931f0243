"""Shared by scripts/screenshots.py and scripts/bench_browser.py: serve the site with the
production headers, start the Debian Chromium, and drive the game through its own UI.

Standard library + Playwright only (the project's venv has both).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextlib.contextmanager
def serve() -> Iterator[str]:
    """``scripts/serve.py --port 0`` for the duration; yields its base URL."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts/serve.py"), "--port", "0", "--dir", str(ROOT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"running at (http://\S+/)", line)
        if not match:
            raise SystemExit(f"serve.py did not start: {line}")
        yield match.group(1).replace("://localhost:", "://127.0.0.1:")
    finally:
        proc.terminate()
        proc.wait(timeout=5)


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )


def wait_ready(page: Any, timeout_s: float = 90) -> float:
    """Seconds until the table is dealt (``<html data-state="ready">``)."""
    start = time.monotonic()
    page.wait_for_selector(
        "html[data-state=ready], .py-error", state="attached", timeout=timeout_s * 1000
    )
    if page.query_selector(".py-error") is not None:
        raise SystemExit(f"Python error on the page: {page.inner_text('.py-error')}")
    return time.monotonic() - start


def state(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(page.evaluate("heartsDebug.state()"))
    return result


def settle(page: Any, timeout_s: float = 20) -> dict[str, Any]:
    """Wait until no CPU step is pending (the table waits for you or a button)."""
    deadline = time.monotonic() + timeout_s
    while True:
        now = state(page)
        if now["pending"] is None:
            return now
        if time.monotonic() > deadline:
            raise TimeoutError(f"still pending: {now['pending']}")
        page.wait_for_timeout(15)


def card(page: Any, code: str) -> Any:
    return page.locator(f'#hand button[data-card="{code}"]')


def tap(page: Any, code: str) -> None:
    """Tap a card where a player would: on its visible strip (cards overlap on phones)."""
    card(page, code).click(position={"x": 8, "y": 24})


def pass_cards(page: Any, codes: list[str]) -> None:
    for code in codes:
        tap(page, code)
    page.locator('[data-action="confirm-pass"]').click()


def play(page: Any, code: str) -> None:
    """Two taps: lift, then play (R17)."""
    tap(page, code)
    tap(page, code)


def step(page: Any) -> dict[str, Any]:
    """Make your next move with simple choices: first three cards, first legal card."""
    now = settle(page)
    if now["phase"] == "pass":
        hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
        pass_cards(page, [c for c in hand[:3] if c])
    elif now["phase"] == "play" and now["to_act"] == 0:
        play(page, now["legal"][0])
    elif now["phase"] == "hand_over":
        page.locator('#dlg-summary [data-action="continue"]').click()
    return settle(page)
