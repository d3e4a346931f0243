"""A whole page on the fake document: the real wiring (``shell.compose``) and helpers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hearts.web.controller import Controller
from hearts.web.ownership import TabOwnership
from hearts.web.page import Page
from hearts.web.safe_storage import SafeStorage
from hearts.web.shell import compose

from .fakedom import FakeDom, FakeElement, FakeLocks
from .helpers import controller
from .memory import MemoryStorage


@dataclass
class Tab:
    dom: FakeDom
    page: Page
    ownership: TabOwnership

    @property
    def ctl(self) -> Controller:
        return self.page.ctl

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.dom.exposed["heartsDebug"]["state"]())
        return result

    def hand(self) -> list[str]:
        return [str(b.attr("data-card")) for b in self.dom.by_id("hand").query_all("button")]

    def playable(self) -> list[str]:
        buttons = self.dom.by_id("hand").query_all("button")
        return [str(b.attr("data-card")) for b in buttons if b.attr("aria-disabled") is None]

    def tap(self, code: str) -> None:
        self.dom.click(self.dom.card(code))

    def act(self, name: str, within: str = "") -> None:
        self.dom.click(self.dom.action(name, within))

    def dialog(self, name: str) -> FakeElement:
        return self.dom.by_id(f"dlg-{name}")

    def settle(self) -> None:
        """Let the CPU seats play until the table waits for you (or a button)."""
        for _ in range(1000):
            assert len(self.dom.timers) <= 1, "more than one timer pending (R22)"
            if not self.dom.timers:
                return
            handle = min(self.dom.timers)
            callback, delay = self.dom.timers.pop(handle)
            self.dom.clock += delay
            callback()
        raise AssertionError("the CPU seats never stopped")

    def my_move(self) -> None:
        """Your move with fixed choices: the first three cards, the first playable card."""
        self.settle()
        phase = self.ctl.game.phase
        if phase == "pass":
            for code in self.hand()[:3]:
                self.tap(code)
            self.act("confirm-pass")
        elif phase == "play":
            code = self.playable()[0]
            self.tap(code)
            self.tap(code)
        elif phase == "hand_over":
            self.act("continue", "dlg-summary")
        self.settle()


def open_tab(
    memory: MemoryStorage | None = None,
    *,
    locks: FakeLocks | None = None,
    seed: int | None = 5,
    lang: str | None = "en",
    storage: SafeStorage | None = None,
    claim: bool = True,
    reclaim: bool = False,
) -> Tab:
    """index.html on a fake document, wired like the real page, and started (``reclaim``:
    as the reload of the tab that was playing)."""
    dom = FakeDom(locks)
    dom.reclaim = reclaim
    memory = MemoryStorage() if memory is None and storage is None else memory

    def new_controller() -> Controller:
        ctl = controller(memory, seed=seed, lang=lang, storage=storage)
        ctl.now = lambda: dom.clock  # the page's clock is the document's
        return ctl

    page, ownership = compose(dom, new_controller)
    tab = Tab(dom, page, ownership)
    if claim:
        page.run_safely(ownership.claim)
    return tab
