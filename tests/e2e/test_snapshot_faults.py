"""A damaged, stalled or distrusted memory snapshot, or storage the browser refuses, never
stops the game (U15).

The snapshot the worker made in this browser (static/snapshot-worker.mjs), sealed with its
length, SHA-256 and build (static/snapshot-store.mjs), is taken once for the file; each test
then starts a profile of its own holding a game in progress, statistics, and that snapshot
damaged one way (or storage refused one way), and asserts an ordinary start within a bound,
a card that plays, and the saved game and statistics intact. Before a snapshot
cut short by a few bytes was restored as if whole, one cut by 8 MB hung the renderer,
flipped bytes stopped the start, a Cache Storage read that never answers and refused
IndexedDB left the page loading for ever, and nothing remembered a restore that never
became playable. One case per code path (a start costs seconds): the length check and the
digest check, each bounded read's way out, each of the IndexedDB guard's fallbacks, the
canary after a crash and after a reload.

The damage is done inside the browser, to a copy of the snapshot the file keeps in a cache
of its own: handing the page 30 MB through Playwright cost 12 CPU-seconds a test.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Error

from harness.gamepage import (
    hand_codes,
    open_game,
    playable_codes,
    poll,
    settle,
    state,
    tap,
    wait_until,
)
from hearts.web.records import GAME_KEY, STATS_KEY

from .drive import act, written
from .snapshots import (
    CACHE,
    CANARY_KEY,
    KEPT_TIMEOUT_S,
    KEY,
    canary,
    kept_bytes,
    seal,
    warnings_of,
)

QUERY = "?cadence=0&lang=en"
READY_BOUND_S = 45  # an ordinary start: 3-10 s on the 2-core machine, more under load
MB = 1_000_000
NEVER = "() => new Promise(() => {})"  # a promise that never settles

READ_SNAPSHOT = f"""async () => {{
  const cache = await caches.open({CACHE!r});
  const hit = await cache.match(new URL({KEY!r}, location.href).href);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {{
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }}
  return {{ body: btoa(text), headers: Object.fromEntries(hit.headers) }};
}}"""


@dataclass(frozen=True)
class Kept:
    """What a profile held after a first visit: the snapshot, its seal, the records."""

    snapshot: bytes
    headers: dict[str, str]
    records: dict[str, str]


@pytest.fixture(scope="module")
def profile(browser: Any, site_url: str) -> Iterator[Any]:
    """One browser profile for the file: its HTTP cache keeps the runtime's files from the
    first visit on, so each test's start neither downloads nor compiles them again (a test
    empties the profile's storage first: see context)."""
    profile = browser.new_context(base_url=site_url, service_workers="block")
    yield profile
    profile.close()


@pytest.fixture(scope="module")
def kept(profile: Any) -> Kept:
    """A first visit: a pass and a card played, the snapshot made and kept."""
    page = profile.new_page()
    now = open_game(page, "?seed=61&cadence=0&lang=en")
    for _ in range(2):
        act(page, now)
        now = settle(page)
    assert kept_bytes(page, KEPT_TIMEOUT_S) > 10 * MB, "no snapshot was kept"
    found = page.evaluate(READ_SNAPSHOT)
    page.evaluate(KEEP_PRISTINE)
    records = written(page, GAME_KEY, STATS_KEY)
    page.close()
    return Kept(base64.b64decode(found["body"]), found["headers"], records)


# The sound snapshot as the worker kept it, headers and all, in a cache the game never
# opens: each test damages a copy of it in the page (DAMAGE).
PRISTINE = "hearts-tests-pristine-snapshot"
KEEP_PRISTINE = f"""async () => {{
  const hit = await (await caches.open({CACHE!r})).match(new URL({KEY!r}, location.href).href);
  await (await caches.open({PRISTINE!r})).put("/pristine", hit);
}}"""
EMPTY = f"""async () => {{
  localStorage.clear();
  for (const name of await caches.keys()) if (name !== {PRISTINE!r}) await caches.delete(name);
}}"""


@pytest.fixture
def context(profile: Any, kept: Kept) -> Iterator[Any]:
    """The file's profile with its storage empty (the records, the snapshot and its canary
    are each test's to put), and afterwards no page of the test left open, no route."""
    page = profile.new_page()
    page.goto("/static/vendor/manifest.json")
    page.evaluate(EMPTY)
    page.close()
    yield profile
    for page in profile.pages:
        page.close()
    profile.unroute_all()


@dataclass(frozen=True)
class Damage:
    """What a test does to the snapshot's bytes: drop the last ``cut``, then invert
    ``flip_count`` of them from ``flip_at`` on."""

    cut: int = 0
    flip_at: int = 0
    flip_count: int = 0

    def to(self, snapshot: bytes) -> bytes:
        """The same damage done in Python (the tests check the page's against it)."""
        damaged = bytearray(snapshot[: len(snapshot) - self.cut])
        for i in range(self.flip_at, self.flip_at + self.flip_count):
            damaged[i] ^= 0xFF
        return bytes(damaged)


SOUND = Damage()
# Puts the pristine copy, damaged, under the snapshot's key with the sound one's seal.
DAMAGE = f"""async ({{ cut, flip_at, flip_count }}) => {{
  const hit = await (await caches.open({PRISTINE!r})).match("/pristine");
  const whole = new Uint8Array(await hit.arrayBuffer());
  const bytes = whole.slice(0, whole.length - cut);
  for (let i = flip_at; i < flip_at + flip_count; i++) bytes[i] ^= 0xff;
  const cache = await caches.open({CACHE!r});
  const damaged = new Response(bytes, {{ headers: hit.headers }});
  await cache.put(new URL({KEY!r}, location.href).href, damaged);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return {{ length: bytes.length, sha256: hex }};
}}"""


def prepare(page: Any, kept: Kept, damage: Damage) -> None:
    """The records in localStorage and the snapshot, damaged so, under the seal of the one
    the worker made, in a page of the origin where no game runs."""
    page.goto("/static/vendor/manifest.json")
    put = page.evaluate(DAMAGE, {k: getattr(damage, k) for k in ("cut", "flip_at", "flip_count")})
    expected = damage.to(kept.snapshot)
    assert put == {"length": len(expected), "sha256": hashlib.sha256(expected).hexdigest()}
    page.evaluate(
        "(rs) => { for (const [k, v] of Object.entries(rs)) localStorage.setItem(k, v); }",
        kept.records,
    )


def actions_of(record: str) -> list[str]:
    """The move log of a stored table record (the game inside it)."""
    found: list[str] = json.loads(json.loads(record)["game"])["actions"]
    return found


def counts(record: str) -> dict[str, Any]:
    """A statistics record but its seal and the time played (which a resumed game adds to)."""
    body: dict[str, Any] = json.loads(record)
    return {k: v for k, v in body.items() if k not in ("check", "time_ms")}


def plays_on(page: Any, kept: Kept) -> str:
    """The start, within READY_BOUND_S, resumed the saved game, a card plays, and the
    records are intact; returns how Python started."""
    page.goto("/" + QUERY)
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_BOUND_S * 1000)
    saved = actions_of(kept.records[GAME_KEY])
    assert state(page)["actions"] == saved, "the saved game was not resumed"
    now = settle(page)
    if now["phase"] != "play" or now["to_act"] != 0:
        now = wait_until(page, lambda s: s["phase"] == "play" and s["to_act"] == 0)
    code = playable_codes(page)[0]
    tap(page, code)
    tap(page, code)
    wait_until(page, lambda _: code not in hand_codes(page), what="the card was played")
    after = written(page, GAME_KEY, STATS_KEY)
    assert counts(after[STATS_KEY]) == counts(kept.records[STATS_KEY])
    assert actions_of(after[GAME_KEY])[: len(saved)] == saved
    how: str = page.get_attribute("html", "data-python")
    return how


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(Damage(cut=3), id="cut-by-3-bytes"),
        pytest.param(Damage(cut=8 * MB), id="cut-by-8-MB"),
        pytest.param(Damage(flip_at=64 * 1024, flip_count=256), id="bytes-flipped-in-low-heap"),
    ],
)
def test_a_damaged_snapshot_is_an_ordinary_start_and_is_dropped(context, kept, damage):
    page = context.new_page()
    prepare(page, kept, damage)
    assert plays_on(page, kept) == "fresh"


# An init script that holds Pyodide's restore for good (its WebAssembly never compiles) on
# the game page, after the canary says "trying"; the page's thread stays free. `once`: only
# the tab's first start of the game is held.
def hold_restore(once: bool) -> str:
    held = "sessionStorage.getItem('held') === null" if once else "true"
    return f"""
      if (location.pathname === "/" && {held}) {{
        sessionStorage.setItem("held", "1");
        for (const name of ["instantiate", "compile"]) {{
          WebAssembly[name] = WebAssembly[name + "Streaming"] = {NEVER};
        }}
      }}"""


CANARY = f"""async () => {{
  const hit = await caches.match(new URL({CANARY_KEY!r}, location.href).href);
  return hit ? Object.fromEntries(hit.headers) : {{}};
}}"""


def canary_says(page: Any, kept: Kept, state: str, timeout_s: float) -> None:
    """The canary entry says ``state`` of the kept snapshot within ``timeout_s``."""
    said = canary(kept.snapshot, state)
    poll(
        page,
        lambda: page.evaluate(CANARY),
        lambda headers: {k: headers.get(k) for k in said} == said,
        timeout_s,
        f"the canary to say {state}",
    )


def restore_held(page: Any, kept: Kept, once: bool) -> None:
    """The sound snapshot kept, then a start of the game whose restore is held while the
    canary says it is being tried."""
    prepare(page, kept, SOUND)
    page.add_init_script(hold_restore(once))
    page.goto("/" + QUERY)
    canary_says(page, kept, "trying", 30)


def test_a_renderer_that_crashed_mid_restore_drops_the_snapshot(context, kept):
    """The crash canary (U15): the restore's renderer crashes (chrome://crash: no navigation,
    no pagehide) while its canary says "trying"; the next start never tries that snapshot
    again."""
    crashed = context.new_page()
    restore_held(crashed, kept, once=False)
    with crashed.expect_event("crash", timeout=10_000), contextlib.suppress(Error):
        crashed.goto("chrome://crash", timeout=10_000)  # it fails: "Page crashed"
    page = context.new_page()
    warnings = warnings_of(page)
    assert plays_on(page, kept) == "fresh"
    assert any("never became playable" in w for w in warnings), warnings


def test_a_sealed_snapshot_is_restored_even_after_a_reload_mid_restore(context, kept):
    """The worker seals what it keeps (length, SHA-256, build); a page navigated away from
    while its restore runs (the service worker's claim, the player's reload) is no crash
    (U15): the next start restores the snapshot, and its canary then says good."""
    assert {k: v for k, v in kept.headers.items() if k.startswith("x-")} == seal(kept.snapshot)
    page = context.new_page()
    restore_held(page, kept, once=True)
    warnings = warnings_of(page)
    assert plays_on(page, kept) == "snapshot"
    assert not any("dropped" in w for w in warnings), warnings
    canary_says(page, kept, "good", 5)


# Init scripts: one way each for Cache Storage's read of the snapshot never to answer.
STALLS = {
    "open": f"CacheStorage.prototype.open = {NEVER};",
    "body": f"""
      const match = Cache.prototype.match;
      Cache.prototype.match = async function (...args) {{
        const hit = await match.apply(this, args);
        if (!hit) return hit;
        const stalled = new ReadableStream({{ pull: {NEVER} }});
        return new Response(stalled, {{ headers: hit.headers }});
      }};
    """,
}


@pytest.mark.parametrize("where", list(STALLS))
def test_a_cache_storage_read_that_never_answers_is_an_ordinary_start(context, kept, where):
    page = context.new_page()
    prepare(page, kept, SOUND)
    page.add_init_script(STALLS[where])
    assert plays_on(page, kept) == "fresh"


# Init scripts: IndexedDB as privacy modes and policies refuse it (PyScript awaits it).
INSECURE = 'new DOMException("The operation is insecure.", "SecurityError")'
REFUSALS = {
    "blocked": f"""Object.defineProperty(globalThis, "indexedDB", {{
        configurable: true, get() {{ throw {INSECURE}; }} }});""",
    "never-answers": "IDBFactory.prototype.open = function () { return {}; };",
    # Opens, then no transaction ever completes: every request of a store stays pending.
    "stalls-after-open": """IDBDatabase.prototype.transaction = function () {
        const pending = () => ({});
        const store = new Proxy({}, { get: () => pending });
        return { objectStore: () => store, abort() {} };
    };""",
}


@pytest.mark.parametrize("how", list(REFUSALS))
def test_refused_indexeddb_still_plays(context, kept, how):
    page = context.new_page()
    prepare(page, kept, SOUND)
    page.add_init_script(REFUSALS[how])
    assert plays_on(page, kept) in ("snapshot", "fresh")
