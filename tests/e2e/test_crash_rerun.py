"""A page the machine kills runs again in a new page, and its crash is reported.

The harness's answer to renderers killed for memory (tests/e2e/conftest.py): without the
rerun this test fails on its first run, and the report must name it with the memory figures.
"""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error

from .conftest import _crashed


def test_a_crashed_page_runs_again_and_the_crash_is_reported(page, request, renderer_crashes):
    if request.node.execution_count == 1:
        with contextlib.suppress(Error):  # the navigation that crashes the page is aborted
            page.goto("chrome://crash", timeout=10_000)
        page.wait_for_selector("body", timeout=10_000)  # "Target crashed": run again
        raise AssertionError("the page did not crash")
    assert request.node.execution_count == 2
    reported = [line for line in renderer_crashes if line.startswith(request.node.nodeid)]
    assert len(reported) == 1, renderer_crashes
    assert "memory available" in reported[0] and "OOM kills" in reported[0]
    # What the renderer said as it died (harness/browser_log.py): here Chromium's own words.
    assert "Intentionally crashing" in reported[0], reported[0]
    page.goto("/")  # the new page works
    assert page.title()


def test_a_dead_browser_is_started_again_and_reported(browser, renderer_crashes):
    assert browser.version  # alive before the test kills it (a rerun finds it dead)
    before = len(renderer_crashes)
    with contextlib.suppress(Error):  # the browser may close before it answers
        browser.new_browser_cdp_session().send("Browser.close")  # it ends, as if killed
    # Playwright learns of the end a moment later: a context made meanwhile was made in the
    # dying browser ("Failed to open a new tab" on a loaded machine). What the harness
    # promises starts when the browser is known dead.
    held = browser._browser  # the browser itself: RelaunchingBrowser would start a new one
    deadline = time.monotonic() + 10
    while held.is_connected() and time.monotonic() < deadline:
        with contextlib.suppress(Error):  # a round trip: Playwright reads what the pipe said
            held.new_browser_cdp_session().detach()
    context = browser.new_context()  # finds it dead: a new browser
    try:
        page = context.new_page()
        page.goto("about:blank")
        assert browser.is_connected()
    finally:
        context.close()
    assert len(renderer_crashes) == before + 1
    assert renderer_crashes[-1].startswith("the browser, started again: memory available")


def test_a_crash_behind_another_error_is_listed_as_the_rerun_it_gets():
    """pytest-rerunfailures reruns a test whose error was raised while a crash was handled
    (its chain): the crash list names such a rerun too."""
    try:
        try:
            raise RuntimeError("Target crashed")
        except RuntimeError:
            raise AssertionError("the page answered no more") from None  # the chain cut
    except AssertionError as cut:
        assert not _crashed(cut)
    try:
        try:
            raise RuntimeError("Target crashed")
        except RuntimeError:
            raise AssertionError("the page answered no more")  # noqa: B904 (the chain kept)
    except AssertionError as chained:
        assert _crashed(chained)
    assert not _crashed(AssertionError("a card was not where it belongs"))
