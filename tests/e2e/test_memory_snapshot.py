"""Python starts from its memory snapshot (static/interpreter.mjs), and never depends on it.

The snapshot (static/vendor/pyodide-<v>/memory-snapshot.gz, made by
scripts/memory_snapshot.mjs in Node) must restore in the browser; a later start reads the
decompressed copy the page keeps in Cache Storage; a snapshot Pyodide refuses, or none at
all, costs a normal start and nothing else.
"""

from __future__ import annotations

import gzip
import subprocess
import time

import pytest

from tools.browser import ROOT
from tools.gamepage import hand_codes, open_game, play_first_playable, to_my_turn, wait_until

from .conftest import PINS, PYODIDE_DIR

SNAPSHOT = f"/{PYODIDE_DIR}/memory-snapshot.gz"
CACHE = f"hearts-python-memory-{PINS['pyodide']}"
KEPT = f"""async () => {{
  const cache = await caches.open({CACHE!r});
  return Boolean(await cache.match(new URL({SNAPSHOT!r}, location.href).href));
}}"""


@pytest.fixture
def context(browser, site_url):
    # No service worker: every start asks the server (or the page's own cache) for it.
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context
    context.close()


def kept(page, timeout_s: float = 0) -> bool:
    """Whether the decompressed copy is in Cache Storage (polled: the CSP blocks
    wait_for_function)."""
    deadline = time.monotonic() + timeout_s
    while not (found := page.evaluate(KEPT)) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    return bool(found)


def started(page) -> str:
    """Open the game, play one card (the engine answers), return how Python started."""
    open_game(page)
    to_my_turn(page)
    code = play_first_playable(page)
    wait_until(page, lambda _: code not in hand_codes(page), what="the card was played")
    return page.get_attribute("html", "data-python")


def watch(page) -> tuple[list[str], list[str]]:
    requests: list[str] = []
    warnings: list[str] = []
    page.on("request", lambda r: r.url.endswith(SNAPSHOT) and requests.append(r.url))
    page.on("console", lambda m: m.type in ("warning", "error") and warnings.append(m.text))
    return requests, warnings


def test_the_game_starts_from_the_snapshot_then_from_its_kept_copy(context):
    page = context.new_page()
    requests, warnings = watch(page)
    assert started(page) == "snapshot"
    assert len(requests) == 1 and warnings == []

    # The decompressed copy is written once the game runs and the browser is idle.
    assert kept(page, timeout_s=20), "the snapshot was not kept for the next start"
    requests.clear()
    assert started(page) == "snapshot"
    assert requests == [], "the kept copy should have been used"
    assert warnings == []


def test_a_snapshot_pyodide_refuses_means_a_normal_start(context):
    page = context.new_page()
    requests, warnings = watch(page)
    # The right size and compression, the wrong content (as a snapshot of another build).
    bogus = gzip.compress(bytes(4096))
    page.route(f"**{SNAPSHOT}", lambda route: route.fulfill(body=bogus, status=200))
    assert started(page) == "fresh"
    assert len(requests) == 1
    assert any("refused its memory snapshot" in w for w in warnings), warnings
    page.wait_for_timeout(4000)  # past the moment a good snapshot would be written
    assert not kept(page), "a refused snapshot must not be kept"


def test_a_bad_kept_copy_is_dropped_and_the_game_still_starts(context):
    page = context.new_page()
    page.goto("/static/icons/icon.svg")  # same origin, no game running
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open({CACHE!r});
          await cache.put(new URL({SNAPSHOT!r}, location.href).href, new Response("garbage"));
        }}"""
    )
    requests, warnings = watch(page)
    assert started(page) == "fresh"
    assert requests == [], "the kept copy comes first"
    assert any("refused its memory snapshot" in w for w in warnings), warnings
    assert not kept(page), "the bad copy should be gone"


SAVE_DATA = (
    "Object.defineProperty(Navigator.prototype, 'connection', "
    "{ get: () => ({ saveData: true, effectiveType: '4g' }) });"
)


def test_no_snapshot_download_on_a_data_saving_first_visit(context):
    page = context.new_page()
    page.add_init_script(SAVE_DATA)
    requests, warnings = watch(page)
    assert started(page) == "fresh"
    assert requests == [] and warnings == []


def test_a_data_saving_return_visit_takes_it_from_the_precache(browser, site_url):
    context = browser.new_context(base_url=site_url, service_workers="allow")
    try:
        page = context.new_page()
        page.add_init_script(SAVE_DATA)
        requests, warnings = watch(page)
        assert started(page) == "fresh"
        assert requests == []
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # precache complete
        page.reload()
        assert started(page) == "snapshot", "the worker's copy costs no download"
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        assert warnings == []
    finally:
        context.close()


def test_a_missing_snapshot_means_a_normal_start(context):
    page = context.new_page()
    requests, warnings = watch(page)
    page.route(f"**{SNAPSHOT}", lambda route: route.fulfill(status=404, body="not found"))
    assert started(page) == "fresh"
    assert len(requests) == 1
    assert any("without its memory snapshot" in w for w in warnings), warnings


NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
FOREIGN_SNAPSHOT = f"""
import {{ memorySnapshot }} from "./scripts/memory_snapshot.mjs";
const dir = {str(NPM_PYODIDE)!r};
process.stdout.write(await memorySnapshot(dir, dir + "/python_stdlib.zip"));
"""


def test_a_snapshot_taken_with_another_stdlib_zip_still_imports(context):
    # A copy kept in Cache Storage by an earlier build: the same Pyodide (accepted), but its
    # memory holds zipimport's table of that build's python_stdlib.zip (scripts/stdlib.mjs
    # ships what the game imports, so the zip changes with the game). Here: Pyodide's own.
    foreign = subprocess.run(
        ["node", "--input-type=module", "-e", FOREIGN_SNAPSHOT],
        cwd=ROOT, capture_output=True, check=True, timeout=300,
    ).stdout
    page = context.new_page()
    requests, warnings = watch(page)
    page.route(f"**{SNAPSHOT}", lambda route: route.fulfill(body=foreign, status=200))
    assert started(page) == "snapshot"  # html, hashlib...: imported from today's zip
    assert len(requests) == 1 and warnings == []
