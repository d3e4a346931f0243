"""Keys play only when pressed (R17's deliberate taps).

A native ``<button>`` is clicked by Enter at every keydown, its autorepeat included, and by
Space at keyup: Enter held on the hand summary's Continue went on into the next hand and
lifted, played and chose pass cards the player never tapped.  This guard, listening first
(capture) on the document, takes the default action from

* a repeated keydown (``event.repeat``) of Enter or Space, anywhere on the page, and
* the release of a key that was already down when a dialog closed (Space clicks on keyup),

so a key held while a dialog closes does nothing on the table until it is released and
pressed again.  Arrow keys still repeat: moving focus moves nothing on the table.
"""

from __future__ import annotations

from .ports import Dom, DomEvent

ACTIVATING = frozenset({"Enter", " "})  # the keys that click a focused button


class KeyGuard:
    def __init__(self) -> None:
        self.down: set[str] = set()  # activating keys pressed and not yet released
        self.held: set[str] = set()  # of those, the ones down when a dialog closed

    def listen(self, dom: Dom) -> None:
        dom.listen("document", "keydown", self.on_key_down, True)
        dom.listen("document", "keyup", self.on_key_up, True)
        dom.listen("document", "close", self.on_dialog_close, True)

    def on_key_down(self, event: DomEvent) -> None:
        if event.key not in ACTIVATING:
            return
        if event.repeat:
            event.prevent_default()
            return
        # A fresh press: the key was released, even if its keyup went elsewhere (a blur).
        self.held.discard(event.key)
        self.down.add(event.key)

    def on_key_up(self, event: DomEvent) -> None:
        self.down.discard(event.key)
        if event.key in self.held:
            self.held.discard(event.key)
            event.prevent_default()

    def on_dialog_close(self, _event: DomEvent) -> None:
        self.held |= self.down
