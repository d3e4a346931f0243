"""The composition root of the page: it builds the parts and wires them, nothing more.

    browser (dom) → input → handlers → controller → engine → records
                                        ↓ outcome
                         page: drawing (painter, dialogs), timer ← controller.pending()

The tab ownership (the Web Lock) decides when this tab may play; until then the input is ignored.
:func:`main` is called by index.html's Python once PyScript has put ``hearts/`` into the
interpreter; :func:`compose` is the same wiring for any :class:`~ports.Dom` (the tests
give it a fake document).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from . import handlers
from .controller import Controller
from .input import Input
from .ownership import TabOwnership
from .page import Page
from .params import Params, parse_query
from .ports import Dom


def compose(browser: Dom, new_controller: Callable[[], Controller]) -> tuple[Page, TabOwnership]:
    """The page and its tab ownership, listening; ``ownership.claim()`` starts it."""
    page = Page(browser, new_controller)

    def start() -> None:
        for intent in page.start():  # what was tapped while the page started, in order
            handlers.dispatch(page, intent)

    ownership = TabOwnership(
        browser,
        start=start,
        resume=page.resume,
        stop=page.stop,
        lang=lambda: page.lang,
        run_safely=page.run_safely,
    )

    def run(handler: Callable[[], None]) -> None:
        if ownership.owner:  # while another tab plays the game, this one ignores its input
            page.run_safely(handler)

    Input(
        browser, page.drawing.dialogs, lambda intent: handlers.dispatch(page, intent), run
    ).listen()
    return page, ownership


def main() -> None:
    """Start the game in the browser."""
    from . import dom  # the real browser: importable only inside Pyodide

    browser = dom.BrowserDom()
    params = Params.from_query(parse_query(dom.query_string()))
    languages = dom.browser_languages()

    def new_controller() -> Controller:
        return Controller(
            dom.open_storage(),
            now=browser.now,
            new_seed=lambda: int.from_bytes(os.urandom(6), "big"),
            params=params,
            browser_langs=languages,
        )

    page, ownership = compose(browser, new_controller)
    page.run_safely(ownership.claim)
