"""DOM events → intents: one delegated listener per kind of event, decoded by a table.

A tap on a card of your hand is ``Intent("tap", code)``; a click on anything with
``data-intent`` is ``Intent(action, data-lang)``; the level radios speak through their
``change`` event only (a click on one must not choose twice).  Escape, or a tap on the
felt (the table, not a card or a control), is ``Intent("lower")``: a lifted card goes back
down.  What an intent does is
:mod:`hearts.web.handlers`' business; dialog keys and closing are :class:`Dialogs`'; a
key's autorepeat clicks nothing (:class:`~hearts.web.keys.KeyGuard`).
"""

from __future__ import annotations

from collections.abc import Callable

from .dialog_boxes import Dialogs
from .keys import KeyGuard
from .names import Intents
from .painter import HAND, NAV_KEYS, TABLE
from .ports import Dom, DomEvent, Intent

CHANGE_ONLY = {"level"}  # radios: chosen by their change event
CONTROLS = "button, a, input, label, select, textarea, dialog, [data-card], [data-intent]"

Decoder = Callable[[DomEvent], Intent | None]


class Input:
    def __init__(
        self,
        dom: Dom,
        dialogs: Dialogs,
        dispatch: Callable[[Intent], None],
        run: Callable[[Callable[[], None]], None],
    ) -> None:
        """``dispatch`` carries out an intent; ``run`` runs a handler safely, or not at
        all while another tab plays the game."""
        self.dom = dom
        self.hand = dom.by_id(HAND)
        self.table = dom.by_id(TABLE)
        self.dialogs = dialogs
        self.dispatch = dispatch
        self.run = run
        self.decoders: tuple[tuple[str, str, Decoder, bool], ...] = (
            ("document", "click", self.click, False),
            ("document", "change", self.change, False),
            ("document", "keydown", self.escape, False),
            (HAND, "keydown", self.hand_key, False),
            (HAND, "focusin", self.hand_focus, False),
            ("document", "visibilitychange", lambda _e: Intent("visibility"), False),
            ("window", "pagehide", lambda _e: Intent("flush"), False),
            ("document", "hearts:update-ready", lambda _e: Intent("update-ready"), False),
        )
        self.handlers: tuple[tuple[str, Callable[[DomEvent], None], bool], ...] = (
            ("cancel", dialogs.on_cancel, True),
            ("close", dialogs.on_close, True),
            ("keydown", dialogs.on_key, False),
        )

    def listen(self) -> None:
        KeyGuard().listen(self.dom)  # first: its capture listeners see every key first
        for target, kind, decode, capture in self.decoders:
            self.dom.listen(target, kind, self._decoded(decode), capture)
        for kind, handler, capture in self.handlers:
            self.dom.listen("document", kind, self._direct(handler), capture)

    def _decoded(self, decode: Decoder) -> Callable[[DomEvent], None]:
        def handle(event: DomEvent) -> None:
            def act() -> None:
                intent = decode(event)
                if intent is not None:
                    self.dispatch(intent)

            self.run(act)

        return handle

    def _direct(self, handler: Callable[[DomEvent], None]) -> Callable[[DomEvent], None]:
        return lambda event: self.run(lambda: handler(event))

    # ------------------------------------------------------------------ decoders
    def click(self, event: DomEvent) -> Intent | None:
        target = event.target
        found = target.closest("[data-card], [data-intent]") if target else None
        if found is None:
            if target is None or not self.table.contains(target) or target.closest(CONTROLS):
                return None
            return Intent(Intents.lower)  # a tap on the felt
        code = found.attr("data-card")
        if code and self.hand.contains(found):
            return Intent("tap", code)
        action = found.attr("data-intent")
        if not action or action in CHANGE_ONLY:
            return None
        return Intent(action, found.attr("data-lang") or "", found)

    def change(self, event: DomEvent) -> Intent | None:
        target = event.target
        if target is None or target.attr("data-intent") not in CHANGE_ONLY or not target.checked:
            return None
        return Intent(str(target.attr("data-intent")), target.value, target)

    def escape(self, event: DomEvent) -> Intent | None:
        """Escape puts a lifted card down, unless it closes a dialog."""
        if event.key != "Escape" or self.dialogs.open_names():
            return None
        return Intent(Intents.lower)

    def hand_key(self, event: DomEvent) -> Intent | None:
        """Arrow keys, Home and End move between cards (Enter/Space click natively)."""
        if event.key not in NAV_KEYS:
            return None
        event.prevent_default()
        return Intent("nav", event.key)

    def hand_focus(self, event: DomEvent) -> Intent | None:
        code = event.target.attr("data-card") if event.target else None
        return Intent("focus", code) if code else None
