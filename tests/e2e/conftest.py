"""Browser test harness: the real site, served with the production headers, in Chromium.

Fixtures
    site_url         session: base URL of `scripts/serve.py --port 0` serving the built site
                     (dist/, `make build`) and the test pages beside it
                     (also pytest-base-url's `base_url`, so `page.goto("/x")` works)
    scratch          session: the folder that server serves at /scratch/
    page             pytest-playwright's page, in Debian's Chromium headless shell (CI/root safe)
    requests_log     every request the page makes: .urls, .responses, .failed,
                     .assert_same_origin(), .assert_no_errors()
    console_errors   console errors, uncaught page errors and CSP violations (from a
                     `securitypolicyviolation` listener installed before any page script)
    lang_pages       lang_pages(lang, size=(w, h)) -> a page in a context of its own in that
                     locale (no service worker), seed 8's game open at cadence 0
    warm_page        a new page, storage cleared, in a context the worker keeps (en-US, no
                     service worker) whose Cache Storage holds a memory snapshot: the game
                     starts as on a return visit, not a first one
    warm_lang_pages  warm_lang_pages(lang, size=(w, h)) -> lang_pages' game on a warm page
    wait_for_python  wait_for_python(page, text="ready", timeout_s=60) -> seconds: waits for
                     [data-testid=status] to read `text`, failing early on a Python error
    csp_violations   csp_violations(page) -> list of violations seen so far (needs the
                     console_errors fixture, which installs the listener)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Page, Response

from harness import browser_log, machine
from harness.browser import ROOT, SITE, serve, suite_launch_options
from harness.gamepage import BOOT_TIMEOUT_S as GAME_BOOT_TIMEOUT_S
from harness.gamepage import open_game

from .drive import collect_errors

# The vendored runtime lives in version-named folders (scripts/build_vendor.mjs).
PINS = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
PYODIDE_DIR = f"static/vendor/pyodide-{PINS['pyodide']}"
PYSCRIPT_DIR = f"static/vendor/pyscript-{PINS['@pyscript/core']}"
BOOT_TIMEOUT_S = 60

# Collected in the page before any of its own scripts run (CSP reports are not console
# messages one can rely on; this event is).
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const what = `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`;
  const where = `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`;
  window.__cspViolations.push(`${what} at ${where} sample ${JSON.stringify(e.sample || "")}`);
});
"""


# A renderer the machine kills ends the test's Playwright call with "Page crashed" or
# "Target crashed"; a killed browser with "Target page, context or browser has been closed"
# (RelaunchingBrowser starts a new one). A CI run of 5 December lost 30 of 163 tests so, at
# start-up, where this machine passes them all; held to 700 MB here (the suite peaks near
# 1.2 GB) the same crash comes, from the kernel's OOM killer. Such a test runs again in a
# new page after a pause; one that crashes every time still fails, and every crash is
# reported with the machine's memory (pytest_terminal_summary), so no crash passes unseen.
# Past CRASH_BUDGET crashes the run stops: a page that crashes everywhere must fail fast,
# not rerun for an hour.
RENDERER_CRASH = r"(Page|Target) crashed|Target page, context or browser has been closed"
CRASH_RERUNS = 3
CRASH_RERUN_DELAY_S = 10
CRASH_BUDGET = 40
_OOM_KILLS_AT_START = machine.oom_kills()
_CRASHES: list[str] = []  # this process's crashes (the renderer_crashes fixture)
# Every process's crashes, one per line: `make test-e2e` runs the files in two pytest-xdist
# workers, and only the controller prints the summary. Named by the controller before it
# starts the workers, which inherit its environment.
CRASH_LOG_VARIABLE = "HEARTS_E2E_CRASH_LOG"
# This process's browser stderr (harness/browser_log.py), and where it stood when the
# current test began: a crash's report quotes what the browser said during that test.
_BROWSER_LOG: Path | None = None
_BROWSER_LOG_AT_TEST_START = 0


def pytest_configure(config):
    global _BROWSER_LOG
    if CRASH_LOG_VARIABLE not in os.environ or not hasattr(config, "workerinput"):
        handle, path = tempfile.mkstemp(prefix="hearts-e2e-crashes-", suffix=".log")
        os.close(handle)
        os.environ[CRASH_LOG_VARIABLE] = path
    worker = getattr(config, "workerinput", {}).get("workerid", "main")
    _BROWSER_LOG = browser_log.start(worker)


def pytest_unconfigure(config):
    if _BROWSER_LOG is not None:
        _BROWSER_LOG.unlink(missing_ok=True)


def pytest_runtest_setup(item):
    global _BROWSER_LOG_AT_TEST_START
    if _BROWSER_LOG is not None:
        _BROWSER_LOG_AT_TEST_START = browser_log.size(_BROWSER_LOG)


def _record_crash(line: str) -> None:
    _CRASHES.append(line)
    with open(os.environ[CRASH_LOG_VARIABLE], "a", encoding="utf-8") as log:
        log.write(line.replace("\n", " ") + "\n")


# The longest files first: `make test-e2e` hands whole files to its workers as they free
# up (pytest-xdist --dist loadfile, one browser per worker), so a long file started last
# would keep one worker busy alone at the end. xdist would order the files by their number
# of tests instead; the Makefile turns that off (--no-loadscope-reorder): at one run the
# workers ended 85 s apart so. In the order of their durations on the idle 2-core machine
# (`pytest --durations=0`, summed per file, two runs averaged; from 131 s down to 19 s); the
# rest, under 19 s each, keep their alphabetical order.
LONGEST_FILES = (
    "test_boot.py",
    "test_engines.py",
    "test_motion_owner.py",
    "test_download_faults.py",
    "test_game.py",
    "test_pwa_update.py",
    "test_no_dead_end.py",
    "test_memory_snapshot.py",
    "test_reload_chaos.py",
    "test_way_on_update.py",
    "test_layout.py",
    "test_pwa.py",
    "test_two_tabs.py",
    "test_snapshot_faults.py",
    "test_release_page_files.py",
    "test_release_stdlib.py",
    "test_pile_landing.py",
    "test_lifecycle_seams.py",
    "test_a11y.py",
    "test_motion.py",
    "test_dialog_reach.py",
    "test_table_polish.py",
    "test_viewports.py",
    "test_key_repeat.py",
    "test_pwa_build.py",
    "test_focus_craft.py",
    "test_table_scale.py",
    "test_switches.py",
    "test_both_runtimes.py",
    "test_prompt_lines.py",
)


def _file_rank(item: pytest.Item) -> int:
    name = Path(str(item.fspath)).name
    return LONGEST_FILES.index(name) if name in LONGEST_FILES else len(LONGEST_FILES)


def pytest_collection_modifyitems(items):
    items.sort(key=_file_rank)  # stable: within a rank, the collection order
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(
                pytest.mark.flaky(
                    reruns=CRASH_RERUNS,
                    reruns_delay=CRASH_RERUN_DELAY_S,
                    only_rerun=[RENDERER_CRASH],
                )
            )


def _crashed(error: BaseException | None) -> bool:
    """A crash anywhere in the error's chain: pytest-rerunfailures' ``only_rerun`` follows
    ``__cause__`` and ``__context__`` too, so every rerun it makes is listed."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if re.search(RENDERER_CRASH, f"{type(error).__name__}: {error}"):
            return True
        error = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    return False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.excinfo is None or not _crashed(call.excinfo.value):
        return
    state = machine.describe(_OOM_KILLS_AT_START)
    report = outcome.get_result()
    report.sections.append(("the machine when the page crashed", state))
    said = []
    if _BROWSER_LOG is not None:
        said = browser_log.stderr_since(_BROWSER_LOG, _BROWSER_LOG_AT_TEST_START)
    report.sections.append(("the browser's stderr in this test", "\n".join(said) or "nothing"))
    last = f"; the browser's last words: {said[-1]}" if said else ""
    _record_crash(f"{item.nodeid} ({call.when}): {state}{last}")
    if len(_CRASHES) >= CRASH_BUDGET:
        pytest.exit(f"{len(_CRASHES)} browser page crashes: stopping the run", returncode=1)


@pytest.fixture
def renderer_crashes() -> list[str]:
    """The crashes reported so far: ``nodeid (phase): the machine's memory``."""
    return _CRASHES


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput"):
        return
    log = Path(os.environ[CRASH_LOG_VARIABLE])
    crashes = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    log.unlink(missing_ok=True)
    if crashes:
        terminalreporter.write_sep("-", f"{len(crashes)} browser page crash(es)")
        for line in crashes:
            terminalreporter.write_line(line)


# --- the server ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder site_url's server serves at /scratch/: bytes a test hands the page."""
    return tmp_path_factory.mktemp("scratch")


@pytest.fixture(scope="session")
def site_url(scratch: Path) -> Iterator[str]:
    if not (SITE / PYODIDE_DIR / "pyodide.mjs").is_file():
        pytest.fail("dist/ is not built: run `make build`")
    with serve(SITE, "--scratch", str(scratch)) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    return site_url


# --- the browser ----------------------------------------------------------------------------


# V8 runs Python's WebAssembly in its baseline compiler (Liftoff) only. By default it also
# compiles the hottest functions (the interpreter loop first) with its optimising compiler on
# a second core, anew at every start: an incognito context (every context here) keeps no
# code cache. That was ~0.7 of a warm start's ~3.2 CPU-seconds, and a run starts the game
# about 300 times, for no change in what a page does: WebAssembly means the same in either
# tier, and Liftoff's larger frames make a deep stack fail sooner, not later (docs/testing.md,
# "WebAssembly in the baseline tier"). What depends on the optimising tier (the code cache a
# return visit deserializes, tests/e2e/test_pwa.py) and every benchmark start Chromium as
# players have it (harness.browser.launch_options). The suites' browser is Chromium's headless
# shell of the same build (harness.browser.TEST_CHROMIUM).
TESTS_ONLY_ARGS = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    try:
        stock = suite_launch_options()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    args = [*stock.pop("args"), *TESTS_ONLY_ARGS]
    return {**browser_type_launch_args, **stock, "args": args}


class RelaunchingBrowser:
    """The session's browser, started anew when it is found dead (killed for memory, say):
    otherwise every later test of the run would fail. A relaunch is reported as a crash."""

    def __init__(self, launch: Callable[[], Browser]) -> None:
        self._launch = launch
        self._browser = launch()

    def _alive(self) -> Browser:
        if not self._browser.is_connected():
            _record_crash(f"the browser, started again: {machine.describe(_OOM_KILLS_AT_START)}")
            self._browser = self._launch()
        return self._browser

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._alive(), name)
        if not callable(found):
            return found

        def call(*args: Any, **kwargs: Any) -> Any:
            # Playwright learns of the death only while a call waits on the browser.
            try:
                return getattr(self._browser, name)(*args, **kwargs)
            except Error:
                if self._browser.is_connected():
                    raise
                return getattr(self._alive(), name)(*args, **kwargs)

        return call


@pytest.fixture(scope="session")
def browser(launch_browser: Callable[[], Browser]) -> Iterator[RelaunchingBrowser]:
    held = RelaunchingBrowser(launch_browser)
    yield held
    held.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    return {**browser_context_args, "service_workers": "allow"}


@dataclass
class RequestLog:
    origin: str
    urls: list[str] = field(default_factory=list)
    responses: dict[str, Response] = field(default_factory=dict)  # url -> its response
    failed: list[str] = field(default_factory=list)

    def assert_same_origin(self) -> None:
        foreign = [
            u
            for u in self.urls
            if not u.startswith(("data:", "blob:")) and _origin(u) != self.origin
        ]
        assert not foreign, f"requests to other origins: {foreign}"

    def assert_no_errors(self) -> None:
        bad = [f"{r.status} {u}" for u, r in self.responses.items() if r.status >= 400]
        assert not bad and not self.failed, f"failed requests: {bad + self.failed}"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def requests_log(page, site_url: str) -> RequestLog:
    log = RequestLog(origin=_origin(site_url))
    page.on("request", lambda r: log.urls.append(r.url))
    page.on("response", lambda r: log.responses.__setitem__(r.url, r))
    page.on("requestfailed", lambda r: log.failed.append(f"{r.failure} {r.url}"))
    return log


@pytest.fixture
def console_errors(page) -> list[str]:
    page.add_init_script(CSP_LISTENER)
    return collect_errors(page)


@pytest.fixture
def csp_violations(console_errors):
    def violations(page: Page) -> list[str]:
        found: list[str] = page.evaluate("window.__cspViolations || []")
        return found

    return violations


@pytest.fixture
def wait_for_python():
    def wait(page, text: str = "ready", timeout_s: float = BOOT_TIMEOUT_S) -> float:
        """Seconds until [data-testid=status] reads `text`; fails on a PyScript error banner.

        Uses selectors, not wait_for_function(): Playwright runs function predicates through
        eval(), which the site's CSP (rightly) blocks.
        """
        start = time.monotonic()
        done = f"[data-testid=status]:text-is({json.dumps(text)})"
        page.wait_for_selector(f"{done}, .py-error", state="attached", timeout=timeout_s * 1000)
        error = page.query_selector(".py-error")
        if error is not None:
            pytest.fail(f"Python error on the page:\n{error.text_content()}")
        return time.monotonic() - start

    return wait


LOCALES = {"en": "en-US", "de": "de-DE"}


def open_lang_game(page: Page, lang: str) -> Page:
    """Seed 8's game at cadence 0 in ``lang``, waited for as long as a start may take."""
    page.set_default_timeout(GAME_BOOT_TIMEOUT_S * 1000)
    open_game(page, f"?seed=8&cadence=0&lang={lang}")
    page.set_default_timeout(15_000)
    return page


@pytest.fixture
def lang_pages(browser, site_url):
    contexts = []

    def make(lang: str, size: tuple[int, int] = (1366, 768)):
        context = browser.new_context(
            base_url=site_url,
            viewport={"width": size[0], "height": size[1]},
            locale=LOCALES[lang],
            service_workers="block",
        )
        contexts.append(context)
        return open_lang_game(context.new_page(), lang)

    yield make
    for context in contexts:
        context.close()


# --- warm pages: a return visit's start ------------------------------------------------------
# A first visit's start costs ~4.6 CPU-s (browser and renderer) and its snapshot worker ~1.7
# more; a start from the kept snapshot ~2.6 (Chromium's own CPU time per start). Tests about
# what a page shows and does (not how it starts: those keep contexts of their own) share one
# context per locale and worker, made once, whose Cache Storage holds the snapshot; each test
# gets a new page in it with the origin's storage cleared, so it begins with no game, no
# statistics and no settings.

WARM_SNAPSHOT_TIMEOUT_MS = 30_000  # made ~3 s after the first start is idle, ~2 s to make


class WarmContexts:
    """The worker's warm contexts, one per locale, made again if the browser was."""

    def __init__(self, browser: RelaunchingBrowser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.made: dict[str, BrowserContext] = {}

    def context(self, lang: str) -> BrowserContext:
        kept = self.made.get(lang)
        if kept is not None and kept.browser is not None and kept.browser.is_connected():
            return kept
        context: BrowserContext = self.browser.new_context(
            base_url=self.site_url, locale=LOCALES[lang], service_workers="block"
        )
        self.made[lang] = context
        page = open_lang_game(context.new_page(), lang)
        # No snapshot (made too slowly): every start is a first one, which is still correct.
        with contextlib.suppress(Error):
            page.wait_for_selector(
                "html[data-python-kept]", state="attached", timeout=WARM_SNAPSHOT_TIMEOUT_MS
            )
        page.close()
        return context

    def page(self, lang: str) -> Page:
        page = self.context(lang).new_page()
        page.goto("/static/vendor/manifest.json")  # the origin, without the game's page
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
        return page

    def close(self) -> None:
        for context in self.made.values():
            with contextlib.suppress(Error):
                context.close()


@pytest.fixture(scope="session")
def warm_contexts(browser: RelaunchingBrowser, site_url: str) -> Iterator[WarmContexts]:
    held = WarmContexts(browser, site_url)
    yield held
    held.close()


@pytest.fixture
def warm_page(warm_contexts: WarmContexts) -> Iterator[Page]:
    page = warm_contexts.page("en")
    yield page
    with contextlib.suppress(Error):
        page.close()


@pytest.fixture
def warm_lang_pages(warm_contexts: WarmContexts) -> Iterator[Callable[..., Page]]:
    pages: list[Page] = []

    def make(lang: str, size: tuple[int, int] = (1366, 768)) -> Page:
        page = warm_contexts.page(lang)
        pages.append(page)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        return open_lang_game(page, lang)

    yield make
    for page in pages:
        with contextlib.suppress(Error):
            page.close()
