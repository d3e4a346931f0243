"""The game as an installable, offline-capable PWA (U5), under the production headers.

- the service worker (sw.js, Workbox precache) activates and controls the next visit;
- with the network cut, a reload resumes the saved game and a hand is played to its end;
- Chromium reports no installability errors (manifest, icons, service worker);
- every response - from the server and, offline, from the service worker - carries the
  netlify.toml headers; no CSP violation; no request to another origin, online or offline;
- a start-up that cannot reach the runtime shows a clear message, not an endless bar.

The page's test hooks (?seed, ?cadence=0, ?lang) keep a hand short and deterministic.
"""

from __future__ import annotations

import json
import re
import time
import tomllib
from typing import Any

import pytest
from playwright.sync_api import Route

from harness.browser import ROOT, SITE, launch_options
from hearts import i18n
from hearts.web.records import SETTINGS_KEY
from hearts.web.settings import Settings, dump_settings

GAME = "?seed=7&cadence=0&lang=en"
READY = "html[data-state=ready]"
OFFLINE_READY = "html[data-pwa=offline-ready]"
SITE_WIDE = next(
    r["values"]
    for r in tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]
    if r["for"] == "/*"
)
TIMEOUT_MS = 180_000  # generous: the tests also run on loaded 2-core machines

pytestmark = pytest.mark.skipif(
    not (ROOT / "index.html").is_file(), reason="no game page (index.html) in this checkout"
)


@pytest.fixture(autouse=True)
def built_service_worker():
    if not (SITE / "sw.js").is_file():
        pytest.fail("dist/sw.js is not built: run `make build`")


def first_visit(page) -> None:
    """Open the game, wait for a dealt table and for the service worker to take over.

    (Selectors, not wait_for_function: its polling runs eval(), which the CSP blocks.)"""
    page.goto(GAME)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT_MS)


def sw_state(page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return {
                scope: r && r.scope,
                active: r && r.active && r.active.state,
                script: r && r.active && r.active.scriptURL,
                waiting: !!(r && r.waiting),
                controller: navigator.serviceWorker.controller
                    && navigator.serviceWorker.controller.scriptURL,
            };
        }"""
    )
    return found


def precached_urls(page) -> list[str]:
    found: list[str] = page.evaluate(
        """async () => {
            const names = (await caches.keys()).filter((n) => n.includes("precache"));
            const urls = [];
            for (const name of names) {
                for (const request of await (await caches.open(name)).keys()) {
                    urls.push(request.url);
                }
            }
            return urls;
        }"""
    )
    return found


def debug_state(page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.evaluate("window.heartsDebug.state()"))
    return found


def assert_site_headers(requests_log) -> None:
    """Every response the page got (network or service worker) has the site-wide headers."""
    for url, response in requests_log.responses.items():
        if url.startswith(("data:", "blob:")):
            continue
        headers = response.headers
        for name, value in SITE_WIDE.items():
            if name == "Cache-Control":
                continue  # differs by path (immutable runtime), see test_headers.py
            assert headers.get(name.lower()) == value, f"{url}: {name}"


# --- playing through the UI -------------------------------------------------------------------

HAND = "#hand button[data-card]"
PLAYABLE = "#hand button[data-card][aria-pressed]"  # blocked/inert cards have none
CONFIRM = "#center [data-intent=confirm-pass]"
SUMMARY = "#dlg-summary[open]"


def pass_three(page) -> None:
    page.wait_for_selector(CONFIRM, timeout=TIMEOUT_MS)
    chosen = page.eval_on_selector_all(
        "#hand button[data-card][aria-pressed=true]", "els => els.length"
    )
    for code in page.eval_on_selector_all(
        f"{PLAYABLE}[aria-pressed=false]", "els => els.map((e) => e.dataset.card)"
    )[: 3 - chosen]:
        page.click(f'#hand button[data-card="{code}"]')
    page.click(f"{CONFIRM}:not([disabled])")


def play_out_the_hand(page) -> None:
    """Pass if asked, then always play the first playable card, until the hand is over."""
    if page.query_selector(CONFIRM):
        pass_three(page)
    for _ in range(60):  # 13 plays, each two taps, plus CPU turns in between
        page.wait_for_selector(f"{PLAYABLE}, {SUMMARY}", state="attached", timeout=TIMEOUT_MS)
        if page.query_selector(SUMMARY):
            return
        code = page.get_attribute(PLAYABLE, "data-card")
        card = f'#hand button[data-card="{code}"]'
        if page.get_attribute(card, "aria-pressed") != "true":
            page.click(card)  # first tap lifts (R17)
        page.click(card)  # second tap plays
        page.wait_for_selector(card, state="detached", timeout=TIMEOUT_MS)
    pytest.fail("the hand did not end")


# --- tests ------------------------------------------------------------------------------------


def test_service_worker_activates_and_precaches_the_game(
    page, site_url, requests_log, console_errors, csp_violations
):
    first_visit(page)
    state = sw_state(page)
    assert state["active"] == "activated"
    assert state["scope"] == site_url
    assert state["script"] == site_url + "sw.js"
    assert state["controller"] == site_url + "sw.js", "the first visit is claimed at once"

    # Everything the page fetched is in the precache (so it can start with no network).
    cached = {u.split("?")[0] for u in precached_urls(page)}
    fetched = {
        u.split("?")[0].split("#")[0]
        for u in requests_log.urls
        if u.startswith(site_url) and not u.endswith("/sw.js")
    }
    fetched = {site_url + "index.html" if u == site_url else u for u in fetched}
    assert fetched - cached == set(), "fetched but not precached"
    assert any(u.endswith("/pyodide.asm.wasm") for u in cached)

    requests_log.assert_same_origin()
    requests_log.assert_no_errors()
    assert_site_headers(requests_log)
    assert csp_violations(page) == []
    assert console_errors == []


def test_the_next_start_takes_the_runtime_from_the_precache_without_the_worker(page):
    """sw-prelude.js's static routes: the runtime's modules, standard library and lock file
    come straight from the precache, its wasm from the network route (the HTTP cache); the
    page's own files still pass the fetch handler."""
    first_visit(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    sources = page.evaluate(
        """() => Object.fromEntries(performance.getEntriesByType("resource").map(
               (e) => [e.name.split("/").pop(), e.workerFinalSourceType]))"""
    )
    runtime = {n: v for n, v in sources.items() if n.endswith((".mjs", ".zip", ".json"))}
    vendor = [n for n in runtime if n.startswith(("pyodide", "python_stdlib"))]
    assert {"pyodide.mjs", "pyodide.asm.mjs", "python_stdlib.zip"} <= set(vendor)
    assert {runtime[n] for n in vendor} == {"cache"}, sources
    core = [n for n in sources if n.startswith("core-") and n.endswith(".js")]
    assert core and {sources[n] for n in core} == {"cache"}, sources
    assert sources["boot.js"] != "cache", "the page's own files are not routed"
    # The wasm from the HTTP cache (where Chrome keeps the compiled interpreter), past the
    # worker's JavaScript: its route says "network".
    assert sources["pyodide.asm.wasm"] == "network", sources


def test_offline_reload_resumes_the_game_and_plays_a_hand(
    page, context, site_url, requests_log, console_errors, csp_violations
):
    everything = []  # page and service worker requests alike
    context.on("request", lambda r: everything.append(r.url))
    first_visit(page)
    # An unfinished pass selection is part of the saved game (R10).
    pass_panel = page.query_selector(CONFIRM)
    picked = []
    if pass_panel:
        picked = page.eval_on_selector_all(PLAYABLE, "els => els.map((e) => e.dataset.card)")[:2]
        for code in picked:
            page.click(f'#hand button[data-card="{code}"]')
    before = debug_state(page)

    # The hardest case: the browser's HTTP cache is gone too (evicted), so the interpreter's
    # wasm, which the worker normally takes from there, must come from the precache.
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    requests_log.responses.clear()
    requests_log.urls.clear()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)

    after = debug_state(page)
    assert after["game"] == before["game"], "the saved game did not resume"
    assert after["selection"] == before["selection"] == picked
    served = requests_log.responses.values()
    assert served and all(r.from_service_worker for r in served), "offline, all from the SW"
    # The worker's static route sends the wasm to the network (its HTTP cache, evicted here):
    # that one request fails, and the page took the precache's copy instead
    # (static/wasm-fallback.mjs), or Python would not have started.
    wasm = [f for f in requests_log.failed if f.endswith("/pyodide.asm.wasm")]
    assert len(wasm) == 1 and "ERR_INTERNET_DISCONNECTED" in wasm[0], requests_log.failed
    requests_log.failed.remove(wasm[0])
    console_errors.remove("console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED")

    play_out_the_hand(page)
    summary = page.text_content(SUMMARY)
    assert summary and "CPU 1" in summary
    assert debug_state(page)["phase"] in {"hand_over", "game_over"}

    requests_log.assert_same_origin()
    requests_log.assert_no_errors()
    assert_site_headers(requests_log)
    foreign = [u for u in everything if not u.startswith((site_url, "data:", "blob:"))]
    assert foreign == [], "requests to other origins (page or service worker)"
    assert csp_violations(page) == []
    assert console_errors == []


def wasm_trace_events(context, page, action) -> set[str]:
    """Names of the v8.wasm trace events Chromium records while `action` runs."""
    cdp = context.new_cdp_session(page)
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
    config = {"includedCategories": ["v8.wasm", "devtools.timeline"], "excludedCategories": ["*"]}
    cdp.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
    action()
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return {e["name"] for e in events}


def test_installable_and_the_next_start_reuses_the_compiled_interpreter(
    browser_type, site_url, tmp_path
):
    # A normal profile: incognito contexts (Playwright's default) always report the
    # installability error "in-incognito", and keep no code cache on disk. Chromium as
    # players have it: the code cache holds what V8's optimising tier compiled, which the
    # other tests' browser leaves out (conftest's TESTS_ONLY_ARGS), and only the full
    # browser knows an installed app's id (the suites' headless shell has none).
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        **launch_options(),
        base_url=site_url,
        service_workers="allow",
    )
    try:
        page = context.new_page()
        first_visit(page)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        # In the folder of the page's files, whose name changes with every build: the app
        # the browser installs is known by the manifest's id, the site's root as before
        # (start_url "../../" from the folder, id "./" from there).
        named = r"static/app-[0-9a-f]{12}/manifest\.webmanifest"
        assert re.fullmatch(re.escape(site_url) + named, manifest["url"]), manifest["url"]
        assert not manifest.get("errors")
        assert cdp.send("Page.getAppId")["appId"] == site_url
        data = json.loads(manifest["data"])
        page.close()

        # The next start, under the service worker: Chromium loads the interpreter's machine
        # code from its code cache instead of compiling 10 MB of WebAssembly again
        # (scripts/sw-prelude.js). Chromium writes that cache a moment after the first
        # visit, so the return visit is repeated until it deserializes (or 60 s pass).
        deadline = time.monotonic() + 60
        while True:
            page = context.new_page()
            names = wasm_trace_events(
                context,
                page,
                lambda p=page: (
                    p.goto(GAME),
                    p.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS),
                ),
            )
            wasm = sorted(n for n in names if "wasm" in n.lower())
            if "wasm.Deserialize" in wasm or time.monotonic() > deadline:
                break
            page.close()
        assert sw_state(page)["controller"] == site_url + "sw.js"
        assert "wasm.Deserialize" in wasm, f"compiled again, not from the code cache: {wasm}"
        assert "wasm.StartStreamingCompilation" in wasm  # (the trace did see the start-up)
    finally:
        context.close()
    assert data["display"] == "standalone"
    assert {i["purpose"] for i in data["icons"]} == {"any", "maskable"}
    assert {i["sizes"] for i in data["icons"]} >= {"192x192", "512x512"}


def test_manifest_icons_and_head_links(page, site_url, requests_log):
    page.goto(GAME)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    head = {
        rel: page.get_attribute(f'link[rel="{rel}"]', "href")
        for rel in ("manifest", "apple-touch-icon")
    }
    named = r"\./static/(app-[0-9a-f]{12})/manifest\.webmanifest"
    folder = re.fullmatch(named, head["manifest"] or "")
    assert folder, head
    assert head["apple-touch-icon"] == f"./static/{folder.group(1)}/icons/apple-touch-icon.png"
    manifest = json.loads((ROOT / "static/manifest.webmanifest").read_text(encoding="utf-8"))
    theme = page.get_attribute('meta[name="theme-color"]', "content")
    assert manifest["theme_color"] == theme
    for key in ("name", "short_name", "description", "start_url", "scope", "lang"):
        assert manifest[key], key
    # Every icon exists with the size it claims (PNG header), served as image/png.
    for icon in [*manifest["icons"], {"src": "icons/apple-touch-icon.png", "sizes": "180x180"}]:
        path = ROOT / "static" / icon["src"]
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", path
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"], path
        response = page.request.get(f"{site_url}static/{folder.group(1)}/{icon['src']}")
        assert response.status == 200
        assert response.headers["content-type"] == "image/png"


def test_first_visit_without_the_runtime_shows_a_clear_message(page, console_errors):
    # The very first visit has no service worker: if the connection drops after the page
    # itself arrived, the runtime cannot load. (Fully offline, the browser shows its own
    # error page - no site can run code before its first byte arrives.)
    page.route("**/static/vendor/**", lambda route: route.abort("internetdisconnected"))
    page.goto(GAME)
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=TIMEOUT_MS)
    alert = page.locator("[role=alert]").filter(has_text="reload")
    assert alert.is_visible()
    assert "connection" in alert.text_content()
    assert page.get_attribute("html", "data-state") != "ready"


@pytest.mark.parametrize("boot_late", [False, True], ids=["in-order", "boot-js-late"])
def test_the_message_follows_the_saved_language(page, boot_late):
    """The player chose German in the game; the browser says English. The
    message is the game's own text (the generated contract) in the saved language - also
    when the failure is noticed before static/boot.js, which sets that language, has run
    (the document is "interactive" then, its deferred scripts not all run)."""
    settings = json.dumps(dump_settings(Settings(lang="de")))
    page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {settings})")
    page.route("**/static/vendor/**", lambda route: route.abort("internetdisconnected"))
    held: list[Route] = []
    if boot_late:
        page.route("**/static/app-*/boot.js", lambda route: held.append(route))
    page.goto(GAME.replace("&lang=en", ""), wait_until="commit")
    page.wait_for_selector("html[data-boot-error]", state="attached", timeout=TIMEOUT_MS)
    if boot_late:
        assert page.evaluate("document.readyState") == "interactive"
        held[0].continue_()
    alert = page.locator(".pwa-boot-error[role=alert]")
    alert.wait_for(state="attached", timeout=TIMEOUT_MS)
    assert alert.text_content() == i18n.text("de", "boot.network") + i18n.text("de", "boot.reload")


@pytest.mark.parametrize(("lang", "words"), [("en", "You are offline"), ("de", "Du bist offline")])
def test_first_visit_that_goes_offline_says_so(page, context, lang, words):
    def cut(route):
        context.set_offline(True)
        route.abort("internetdisconnected")

    page.route("**/pyodide.asm.wasm", cut)
    page.goto(GAME.replace("lang=en", f"lang={lang}"))
    page.wait_for_selector("html[data-boot-error=offline]", state="attached", timeout=TIMEOUT_MS)
    alert = page.locator("[role=alert]").filter(has_text=words)
    assert alert.is_visible()
