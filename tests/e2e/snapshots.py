"""The kept memory snapshot in Cache Storage, as tests see it (static/snapshot-store.mjs).

Its cache and key, its seal (the headers the worker writes: byte length, SHA-256, build),
and helpers to read it and to put an entry of a test's making in its place.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import ConsoleMessage

from harness.browser import ROOT, SITE, favicon_miss

from .conftest import PINS, PYODIDE_DIR

sys.path.insert(0, str(ROOT / "scripts"))
from build_game import ARCHIVE, build_id

CACHE = f"hearts-python-memory-{PINS['pyodide']}"
# The archive as published, in the folder of the page's files (scripts/publish_app.py).
BUILD = build_id(next((SITE / "static").glob(f"app-*/build/{ARCHIVE}")).read_bytes())
KEY = f"/{PYODIDE_DIR}/memory-snapshot-{BUILD}"
CANARY_KEY = f"/{PYODIDE_DIR}/memory-snapshot-canary"
KEPT = f"""async () => {{
  const cache = await caches.open({CACHE!r});
  const hit = await cache.match(new URL({KEY!r}, location.href).href);
  return hit ? (await hit.arrayBuffer()).byteLength : 0;
}}"""
ENTRIES = f"""async () => (await (await caches.open({CACHE!r})).keys())
  .map((request) => new URL(request.url).pathname)"""
KEPT_TIMEOUT_S = 60  # 3 s after the game is playable, then a whole second Python start


BLOCK = 65536  # static/snapshot-runs.mjs: the kept form holds the runs of such blocks
RUNS_MAGIC = 0x31505348


def sparse(snapshot: bytes) -> bytes:
    """The form static/snapshot-runs.mjs keeps ``snapshot`` in: a table of its runs of
    blocks that are not all zero (the first always), then their bytes; written anew here."""
    runs: list[list[int]] = []
    for at in range(0, len(snapshot), BLOCK):
        block = snapshot[at : at + BLOCK]
        if at and not any(block):
            continue
        if runs and sum(runs[-1]) == at:
            runs[-1][1] += len(block)
        else:
            runs.append([at, len(block)])
    pairs = [word for run in runs for word in run]
    table = struct.pack(f"<{3 + len(pairs)}I", RUNS_MAGIC, len(snapshot), len(runs), *pairs)
    table += bytes(-len(table) % 8)
    return table + b"".join(snapshot[at : at + length] for at, length in runs)


def seal(stored: bytes, build: str = BUILD) -> dict[str, str]:
    """The headers the worker keeps beside ``stored``, a snapshot in its kept form
    (static/snapshot-store.mjs)."""
    return {
        "x-hearts-snapshot-bytes": str(len(stored)),
        "x-hearts-snapshot-sha256": hashlib.sha256(stored).hexdigest(),
        "x-hearts-snapshot-build": build,
        "x-hearts-snapshot-memory": str(struct.unpack_from("<I", stored, 4)[0]),
    }


def canary(snapshot: bytes, state: str) -> dict[str, str]:
    """The headers of the canary entry saying ``snapshot`` is "trying" or "good"."""
    return {
        "x-hearts-snapshot-sha256": hashlib.sha256(snapshot).hexdigest(),
        "x-hearts-snapshot-canary": state,
    }


def kept_bytes(page: Any, timeout_s: float = 0) -> int:
    """The size of the kept snapshot in Cache Storage, 0 if none (polled: the CSP blocks
    wait_for_function). With a timeout, also until the page that made it has heard so
    (<html data-python-kept>): the worker says so only after it has dropped the other
    entries, which Cache Storage still shows a moment after the new one is in."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = page.evaluate(KEPT)
        told = page.get_attribute("html", "data-python-kept") is not None
        if (found and (told or not timeout_s)) or time.monotonic() >= deadline:
            return int(found)
        page.wait_for_timeout(250)


def keep_entry(page: Any, key: str, response: str) -> None:
    """Put ``response`` (a JavaScript expression) in the snapshot's cache under ``key``,
    from a page of the same origin where no game runs."""
    page.goto("/static/vendor/manifest.json")
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open({CACHE!r});
          await cache.put(new URL({key!r}, location.href).href, {response});
        }}"""
    )


def served(scratch: Path, name: str, body: bytes, headers: dict[str, str]) -> str:
    """``body`` put where the test server serves it (the ``scratch`` fixture); returns a
    JavaScript expression, the response with ``headers`` (for :func:`keep_entry`). Bytes
    handed through Playwright's route instead cost 12 CPU-seconds for a 30 MB snapshot."""
    (scratch / name).write_bytes(body)
    return (
        f"new Response(await (await fetch('/scratch/{name}')).arrayBuffer(), "
        f"{{ headers: {json.dumps(headers)} }})"
    )


def warnings_of(page: Any) -> list[str]:
    """The console's warnings and errors from now on, but known noise."""
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # service_workers="block" makes Playwright warn about the worker itself; Chromium's
        # hint that a preloaded module was "not used within a few seconds from the window's
        # load event" is about timing (it came on a machine running two suites at once), and
        # so is static/idb-guard.mjs's bound on PyScript's package-cache database (3 s; it
        # passed twice beside a second make test). The game keeps nothing in IndexedDB: the
        # snapshot lives in Cache Storage.
        noise = (
            "blocked by Playwright",
            "was preloaded using link preload but not used",
            "Hearts: IndexedDB does not answer",
        )
        if favicon_miss(message) or any(n in message.text for n in noise):
            return
        if message.type in ("warning", "error"):
            warnings.append(message.text)

    page.on("console", on_console)
    return warnings
