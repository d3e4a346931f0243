"""The console collectors of the browser tests leave out only what is not the page's error.

Chromium asks a document without an icon link for /favicon.ico, at times once per browser:
a 404 in the console that failed ``test_memory_snapshot.py`` on a fresh clone's run. The
collectors leave out that message, and nothing else of its kind.
"""

from __future__ import annotations

from typing import Any

from .drive import collect_errors
from .snapshots import warnings_of

NOT_FOUND = "Failed to load resource: the server responded with a status of 404 (File not found)"


class Message:
    def __init__(self, url: str, kind: str = "error") -> None:
        self.type = kind
        self.text = NOT_FOUND
        self.location = {"url": url, "lineNumber": 0, "columnNumber": 0}


class Page:
    def __init__(self) -> None:
        self.handlers: dict[str, Any] = {}

    def on(self, event: str, handler: Any) -> None:
        self.handlers[event] = handler


def test_a_favicon_miss_is_left_out_and_any_other_missing_file_is_not():
    page = Page()
    errors = collect_errors(page)
    page.handlers["console"](Message("http://127.0.0.1:1/favicon.ico"))
    page.handlers["console"](Message("http://127.0.0.1:1/static/build/hearts.zip"))
    assert errors == [f"console: {NOT_FOUND}"]

    page = Page()
    warnings = warnings_of(page)
    page.handlers["console"](Message("http://127.0.0.1:1/favicon.ico"))
    page.handlers["console"](Message("http://127.0.0.1:1/static/start-notes.mjs", "warning"))
    assert warnings == [NOT_FOUND]
