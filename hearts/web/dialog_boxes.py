"""The page's modal dialogs: open, refill, close, the focus trap and where focus returns.

A dialog's content is HTML made from its view model by the caller; this part only
knows the ``<dialog>`` elements of the page and keyboard focus around them.
"""

from __future__ import annotations

from collections.abc import Callable

from .ports import Dom, DomEvent, Element

DIALOGS = ("summary", "menu", "newgame", "stats", "help")
FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"


class Dialogs:
    def __init__(self, dom: Dom, focus_table: Callable[[], None]) -> None:
        self.dom = dom
        self.el = {name: dom.by_id(f"dlg-{name}") for name in DIALOGS}
        self.focus_table = focus_table  # where focus goes when no dialog is left open
        self.html: dict[str, str] = {}
        self.return_focus: Element | None = None

    def open_names(self) -> list[str]:
        return [name for name, dlg in self.el.items() if dlg.is_open]

    def fill(self, name: str, html: str) -> None:
        if self.html.get(name) != html:
            self.html[name] = html
            self.el[name].set_html(html)

    def show(self, name: str, html: str) -> None:
        """Fill and open a dialog (modal); focus returns where it was when all are closed."""
        self.fill(name, html)
        dlg = self.el[name]
        if dlg.is_open:
            return
        if self.return_focus is None:
            active = self.dom.active()
            self.return_focus = None if active is None or active == self.dom.body else active
        dlg.show_modal()

    def close(self, name: str) -> None:
        if self.el[name].is_open:
            self.el[name].close()

    def close_all(self, keep: str = "") -> None:
        for name in self.el:
            if name != keep:
                self.close(name)

    def forget_focus(self) -> None:
        """Focus goes to the table, not back to what opened the dialog (a new game)."""
        self.return_focus = None

    def focus_intent(self, name: str, action: str) -> None:
        button = self.el[name].query(f'[data-intent="{action}"]')
        if button is not None:
            button.focus()

    def focus_lang(self, lang: str) -> None:
        chosen = self.el["menu"].query(f'[data-lang="{lang}"]')
        if chosen is not None:
            chosen.focus()

    # ------------------------------------------------------------------ events
    def on_cancel(self, event: DomEvent) -> None:
        # Escape must not hide the hand summary: the game waits for its Continue button.
        if event.target is not None and event.target == self.el["summary"]:
            event.prevent_default()

    def on_close(self, _event: DomEvent) -> None:
        if self.open_names():
            return
        back, self.return_focus = self.return_focus, None
        if back is not None and back.connected and back != self.dom.by_id("hand"):
            back.focus()
        elif back is not None or self.focus_lost():
            self.focus_table()
        # else an earlier close event already handed focus back: the browser fires each in
        # a task of its own, so on a busy machine two can come after both dialogs closed.

    def focus_lost(self) -> bool:
        """Nothing has focus, or what has it is inside a closed dialog."""
        active = self.dom.active()
        if active is None or active == self.dom.body:
            return True
        holder = active.closest("dialog")
        return holder is not None and not holder.is_open

    def on_key(self, event: DomEvent) -> None:
        """Tab and Shift+Tab wrap inside an open dialog (a modal traps focus)."""
        if event.key != "Tab":
            return
        dlg = next((d for d in self.el.values() if d.is_open), None)
        if dlg is None:
            return
        items = [
            el
            for el in dlg.query_all(FOCUSABLE)
            if not el.disabled and (el.attr("type") != "radio" or el.checked)
        ]
        if not items:
            return
        active = self.dom.active()
        inside = active is not None and dlg.contains(active)
        if event.shift and (not inside or active == items[0] or active not in items):
            event.prevent_default()  # from the first item or the dialog's heading
            items[-1].focus()
        elif not event.shift and (active == items[-1] or not inside):
            event.prevent_default()
            items[0].focus()
