"""The browser shell: the only module that touches js / pyodide.

It wires DOM events to :class:`~hearts.web.controller.Controller` intents, sets each
region's HTML (only when it changed), keeps keyboard focus where it was, announces moves
in the polite live region, and keeps at most one ``setTimeout`` pending (R22).  Every
handler runs inside :meth:`Shell.guard`: a Python error shows a message and leaves a
working page, never a dead one.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]

from . import render, tablock
from .controller import Controller, Params
from .schedule import Pending, TimerPlan
from .store import SafeStorage

REGIONS = ("status", "seat-0", "seat-1", "seat-2", "seat-3", "center", "prompt", "hand")
DIALOGS = ("summary", "menu", "newgame", "stats", "help")
NAV_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"
LIVE_KEEP = 4  # announcements kept in the live region (older ones are removed)
PERF_KEEP = 2000


class LocalStorage:
    """``window.localStorage`` behind the :class:`~hearts.web.store.Storage` interface."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def get(self, key: str) -> str | None:
        value = self.backend.getItem(key)
        return value if isinstance(value, str) else None  # null arrives as jsnull

    def set(self, key: str, value: str) -> None:
        self.backend.setItem(key, value)

    def remove(self, key: str) -> None:
        self.backend.removeItem(key)


def attr(element: Any, name: str) -> str | None:
    """An element's attribute as ``str``, or ``None`` (JS null arrives as falsy jsnull)."""
    if not element or not hasattr(element, "getAttribute"):
        return None
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def open_storage() -> SafeStorage:
    """Local storage if it works (a write probe), else memory (private modes, quotas).

    A storage that can be read but not written (full) is still read: the saved game and
    statistics are resumed, and progress from here on is kept in memory only.
    """
    try:
        backend = js.window.localStorage
    except Exception:
        return SafeStorage(None)
    try:
        backend.setItem("hearts.probe", "1")
        backend.removeItem("hearts.probe")
    except Exception:
        return SafeStorage(LocalStorage(backend), writable=False)
    return SafeStorage(LocalStorage(backend))


def query_params() -> dict[str, str]:
    params = js.URLSearchParams.new(js.location.search)
    found = {}
    for name in ("seed", "cadence", "lang"):
        value = params.get(name)
        if isinstance(value, str):
            found[name] = value
    return found


def browser_languages() -> list[str]:
    nav = js.navigator
    langs = [str(x) for x in (nav.languages or [])]
    if isinstance(nav.language, str):
        langs.append(nav.language)
    return langs


class Shell:
    def __init__(self, controller: Controller) -> None:
        self.ctl = controller
        self.doc = js.document
        self.el = {name: self.doc.getElementById(name) for name in REGIONS}
        self.dlg = {name: self.doc.getElementById(f"dlg-{name}") for name in DIALOGS}
        self.live = self.doc.getElementById("live")
        self.notice = self.doc.getElementById("notice")
        self.table = self.doc.getElementById("table")
        self.cache: dict[str, str] = {}
        self.plan = TimerPlan()
        self.timer_id: Any = None
        self.timer_proxy: Any = None
        self.focus_code: str | None = None
        self.hand_codes: list[str] = []
        self.static_lang: str | None = None
        self.update_ready = False  # a new app version waits (static/pwa.mjs)
        self.confirm_new = False
        self.confirm_reset = False
        self.return_focus: Any = None
        self.error_shown = False
        self.proxies: list[Any] = []
        self.cpu_ms: list[float] = []  # Python time per CPU move: decide + apply + save
        self.tab = tablock.TabLock()  # one tab drives the saved game (Web Locks)
        self.tab_dialog: Any = None
        self.tab_abort: Any = None  # withdraws this tab's waiting lock request
        self.move_ms: list[float] = []  # the same plus drawing the table

    # ------------------------------------------------------------------ plumbing
    def guard(self, fn: Callable[..., None], *args: Any) -> None:
        """Run a handler; on any exception log it, tell the player, and keep going."""
        try:
            fn(*args)
        except Exception:
            js.console.error(traceback.format_exc())
            self.show_error()

    def listen(self, target: Any, event: str, handler: Callable[[Any], None], **opts: Any) -> None:
        # A tab that does not hold the game (another tab plays it) ignores all events.
        proxy = create_proxy(lambda ev: self.guard(handler, ev) if self.tab.owner else None)
        self.proxies.append(proxy)  # kept alive for the page's lifetime
        if opts:
            target.addEventListener(event, proxy, js.Object.fromEntries(list(opts.items())))
        else:
            target.addEventListener(event, proxy)

    def set_html(self, name: str, html: str) -> bool:
        if self.cache.get(name) == html:
            return False
        self.cache[name] = html
        self.el[name].innerHTML = html
        return True

    # ------------------------------------------------------------------ start-up
    def start(self) -> None:
        self.ctl.start()
        self.listen(self.doc, "click", self.on_click)
        self.listen(self.doc, "change", self.on_change)
        self.listen(self.el["hand"], "keydown", self.on_hand_key)
        self.listen(self.el["hand"], "focusin", self.on_hand_focus)
        self.listen(self.doc, "cancel", self.on_dialog_cancel, capture=True)
        self.listen(self.doc, "close", self.on_dialog_close, capture=True)
        self.listen(self.doc, "keydown", self.on_dialog_key)
        self.listen(self.doc, "visibilitychange", self.on_visibility)
        self.listen(js.window, "pagehide", lambda _ev: self.ctl.flush())
        self.listen(self.doc, "hearts:update-ready", self.on_update_ready)
        pwa = getattr(js.window, "heartsPWA", None)
        self.update_ready = bool(pwa and pwa.updateReady)
        self.ctl.set_visible(self.doc.visibilityState != "hidden")
        self.expose_debug()
        self.update()
        boot = self.doc.getElementById("boot")
        if boot:
            boot.hidden = True
        root = self.doc.documentElement
        root.dataset.readyMs = str(round(float(js.performance.now())))  # for the benchmark
        root.dataset.state = "ready"

    def expose_debug(self) -> None:
        """``window.heartsDebug``: read-only facts for tests and bug reports."""
        hook = js.Object.new()
        state = create_proxy(lambda: json.dumps({**self.ctl.debug_state(), **self.timer_facts()}))
        perf = create_proxy(lambda: json.dumps({"cpu_ms": self.cpu_ms, "move_ms": self.move_ms}))
        self.proxies += [state, perf]
        hook.state = state
        hook.perf = perf
        js.window.heartsDebug = hook

    def timer_facts(self) -> dict[str, object]:
        step = self.plan.current
        return {"timer": None if step is None else [step.kind, step.seat, step.delay_ms]}

    # ------------------------------------------------------------------ drawing
    def update(self) -> None:
        """Draw the table, say what happened, and set the one timer (R22)."""
        self.draw()
        self.speak()
        self.schedule()

    def draw(self) -> None:
        ctl = self.ctl
        v = ctl.view()
        lang = v.lang
        if self.static_lang != lang:
            self.static_lang = lang
            self.doc.documentElement.lang = lang
            self.draw_static(lang)
        self.table.className = f"table phase-{v.phase}"
        active = self.doc.activeElement
        focus_region = self.region_of(active)
        focus_card = attr(active, "data-card") if focus_region == "hand" else None
        old_codes = self.hand_codes
        self.set_html("status", render.status_bar(v))
        for p in v.plates:
            self.set_html(f"seat-{p.seat}", render.plate(p))
        self.set_html("center", render.center(v))
        self.set_html("prompt", render.e(v.prompt))
        self.el["hand"].className = render.hand_class(len(v.hand))
        if focus_card:
            self.focus_code = focus_card
        changed = self.set_html("hand", render.hand(v.hand, self.focus_code))
        self.hand_codes = [c.face.code for c in v.hand]
        if changed and focus_region == "hand":
            self.refocus_hand(focus_card, old_codes)
        elif focus_region in ("center", "hand") and not self.region_of(self.doc.activeElement):
            self.focus_hand()
        self.draw_summary(v)
        self.set_html_el(self.notice, "notice", render.notices(lang, ctl.notices))

    def draw_static(self, lang: str) -> None:
        """Labels outside the regions (menu button, landmarks) in the current language."""
        from .. import i18n

        t = lambda key: i18n.text(lang, key)  # noqa: E731
        button = self.doc.getElementById("menu-button")
        button.textContent = t("menu")
        button.disabled = False
        self.el["hand"].setAttribute("aria-label", t("your_hand"))
        self.table.setAttribute("aria-label", t("table"))
        self.el["center"].setAttribute("aria-label", t("trick"))
        for name in ("menu", "newgame", "stats", "help"):
            if self.dlg[name].open:
                self.fill_dialog(name)

    def set_html_el(self, el: Any, key: str, html: str) -> None:
        if self.cache.get(key) != html:
            self.cache[key] = html
            el.innerHTML = html

    def region_of(self, element: Any) -> str | None:
        if not element:
            return None
        for name in ("hand", "center"):
            if self.el[name].contains(element):
                return name
        return None

    def refocus_hand(self, code: str | None, old_codes: list[str]) -> None:
        """Keep focus on the same card, or on its neighbour if it was played."""
        hand = self.el["hand"]
        if code:
            same = hand.querySelector(f'button[data-card="{code}"]')
            if same:
                same.focus()
                return
        buttons = hand.querySelectorAll("button[data-card]")
        if buttons.length == 0:
            hand.focus()  # the last card was played: focus waits on the (empty) hand
            return
        index = old_codes.index(code) if code in old_codes else 0
        target = buttons.item(min(index, buttons.length - 1))
        self.move_roving(target)
        target.focus()

    def focus_hand(self) -> None:
        target = self.el["hand"].querySelector('button[tabindex="0"]')
        if target:
            target.focus()
        else:
            self.doc.getElementById("menu-button").focus()

    def move_roving(self, target: Any) -> None:
        for old in self.el["hand"].querySelectorAll('button[tabindex="0"]'):
            old.tabIndex = -1
        target.tabIndex = 0
        self.focus_code = str(attr(target, "data-card"))

    def draw_summary(self, v: Any) -> None:
        dlg = self.dlg["summary"]
        if v.summary is None:
            if dlg.open:
                dlg.close()
            self.cache.pop("dlg-summary", None)
            return
        html = render.summary(v.summary, v.lang, self.update_ready)
        if self.cache.get("dlg-summary") != html:
            self.cache["dlg-summary"] = html
            dlg.innerHTML = html
        if not dlg.open:
            self.open_dialog("summary")

    def speak(self) -> None:
        """Move the controller's announcements into the polite live region."""
        for message in self.ctl.spoken:
            p = self.doc.createElement("p")
            p.textContent = message
            self.live.appendChild(p)
        self.ctl.spoken.clear()
        while self.live.childElementCount > LIVE_KEEP:
            self.live.firstElementChild.remove()

    def show_error(self) -> None:
        if "notice.error" not in self.ctl.notices:
            self.ctl.notices.append("notice.error")
        try:
            self.notice.setAttribute("role", "alert")
            self.set_html_el(self.notice, "notice", render.notices(self.ctl.lang, self.ctl.notices))
        except Exception:
            js.console.error(traceback.format_exc())

    # ------------------------------------------------------------------ the timer
    def schedule(self) -> None:
        cancel, step = self.plan.sync(self.ctl.pending())
        if cancel and self.timer_id is not None:
            js.clearTimeout(self.timer_id)
            self.timer_proxy.destroy()
            self.timer_id = self.timer_proxy = None
        if step is not None:
            self.timer_proxy = create_once_callable(
                lambda: self.guard(self.on_timer) if self.tab.owner else None
            )
            self.timer_id = js.setTimeout(self.timer_proxy, step.delay_ms)

    def on_timer(self) -> None:
        self.timer_id = self.timer_proxy = None
        step: Pending | None = self.plan.fired()
        if step is None:
            return
        start = time.perf_counter()
        try:
            done = self.ctl.run(step)
            mid = time.perf_counter()
            self.update()
        finally:
            if self.plan.current is None:
                self.schedule()  # never leave the table without its next step
        if done and step.kind == "cpu_play":
            end = time.perf_counter()
            self.record(self.cpu_ms, (mid - start) * 1000)
            self.record(self.move_ms, (end - start) * 1000)

    @staticmethod
    def record(series: list[float], value: float) -> None:
        series.append(round(value, 3))
        if len(series) > PERF_KEEP:
            del series[0]

    # ------------------------------------------------------------------ events
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target:
            return
        code = attr(target, "data-card")
        if code and self.el["hand"].contains(target):
            self.focus_code = str(code)
            if self.ctl.tap(str(code)):
                self.update()
            return
        action = attr(target, "data-action")
        if action:
            self.act(str(action), target)

    def on_change(self, event: Any) -> None:
        target = event.target
        if attr(target, "data-action") == "level" and target.checked:
            self.ctl.set_next_level(str(target.value))
            self.draw()

    def act(self, action: str, target: Any) -> None:
        ctl = self.ctl
        if action == "confirm-pass":
            if ctl.confirm_pass():
                self.update()
        elif action == "continue":
            if ctl.continue_hand():
                self.dlg["summary"].close()
                self.update()
        elif action == "new_game":
            self.dlg["summary"].close()
            ctl.new_game()
            self.update()
        elif action == "menu":
            self.close_all_but("summary")
            self.open_dialog("menu")
        elif action in ("open-newgame", "open-stats", "open-help"):
            name = action.removeprefix("open-")
            self.confirm_new = self.confirm_reset = False
            if self.dlg["menu"].open:
                self.dlg["menu"].close()
            self.open_dialog(name)
        elif action == "close":
            dialog = target.closest("dialog")
            if dialog:
                dialog.close()
        elif action == "lang":
            lang = str(attr(target, "data-lang"))
            ctl.set_lang(lang)
            self.update()
            # The menu was redrawn in the new language: keep focus on the chosen button.
            chosen = self.dlg["menu"].querySelector(f'[data-lang="{lang}"]')
            if chosen:
                chosen.focus()
        elif action == "level":
            if target.checked:
                ctl.set_next_level(str(target.value))
        elif action == "start-new":
            if ctl.in_progress:
                self.confirm_new = True
                self.fill_dialog("newgame")
                keep = self.dlg["newgame"].querySelector('[data-action="keep"]')
                if keep:
                    keep.focus()
            else:
                self.start_new_game()
        elif action == "abandon":
            self.start_new_game()
        elif action == "keep":
            self.dlg["newgame"].close()
        elif action == "reset":
            self.confirm_reset = True
            self.fill_dialog("stats")
            self.focus_in("stats", "reset-no")
        elif action == "reset-yes":
            ctl.reset_stats()
            self.confirm_reset = False
            self.fill_dialog("stats")
            self.focus_in("stats", "close")
        elif action == "reset-no":
            self.confirm_reset = False
            self.fill_dialog("stats")
            self.focus_in("stats", "reset")
        elif action == "update":
            pwa = getattr(js.window, "heartsPWA", None)
            if pwa:
                pwa.applyUpdate()
        elif action == "dismiss":
            ctl.notices.clear()
            self.notice.setAttribute("role", "status")
            self.draw()
            self.focus_hand()

    def start_new_game(self) -> None:
        self.confirm_new = False
        self.return_focus = None  # focus goes to the new hand, not back to the menu
        for name in ("newgame", "summary"):
            if self.dlg[name].open:
                self.dlg[name].close()
        self.ctl.new_game()
        self.update()
        self.focus_hand()

    def focus_in(self, name: str, action: str) -> None:
        button = self.dlg[name].querySelector(f'[data-action="{action}"]')
        if button:
            button.focus()

    def on_hand_key(self, event: Any) -> None:
        """Arrow keys, Home and End move between cards (Enter/Space click natively)."""
        key = event.key
        if key not in NAV_KEYS:
            return
        buttons = self.el["hand"].querySelectorAll("button[data-card]")
        count = buttons.length
        if count == 0:
            return
        current = next((i for i in range(count) if buttons.item(i) == self.doc.activeElement), 0)
        if key == "Home":
            index = 0
        elif key == "End":
            index = count - 1
        elif key in ("ArrowLeft", "ArrowUp"):
            index = max(0, current - 1)
        else:
            index = min(count - 1, current + 1)
        event.preventDefault()
        target = buttons.item(index)
        self.move_roving(target)
        target.focus()

    def on_hand_focus(self, event: Any) -> None:
        code = attr(event.target, "data-card")
        if code:
            self.focus_code = str(code)

    def on_update_ready(self, _event: Any) -> None:
        self.update_ready = True
        self.draw()

    def on_visibility(self, _event: Any) -> None:
        self.ctl.set_visible(self.doc.visibilityState != "hidden")

    # ------------------------------------------------------------------ dialogs
    def fill_dialog(self, name: str) -> None:
        ctl = self.ctl
        lang = ctl.lang
        if name == "menu":
            html = render.menu(lang)
        elif name == "newgame":
            current = ctl.game.level if ctl.in_progress else None
            html = render.new_game(lang, ctl.settings.level, current, self.confirm_new)
        elif name == "stats":
            html = render.stats(lang, ctl.stats, self.confirm_reset)
        elif name == "help":
            html = render.help_text(lang)
        else:
            return
        self.dlg[name].innerHTML = html

    def open_dialog(self, name: str) -> None:
        dlg = self.dlg[name]
        if dlg.open:
            return
        if name != "summary":
            self.ctl.flush()  # the statistics dialog shows up-to-date playing time
            self.fill_dialog(name)
        if self.return_focus is None:
            active = self.doc.activeElement
            self.return_focus = active if active and active != self.doc.body else None
        dlg.showModal()

    def close_all_but(self, keep: str) -> None:
        for name, dlg in self.dlg.items():
            if name != keep and dlg.open:
                dlg.close()

    def on_dialog_cancel(self, event: Any) -> None:
        # Escape must not hide the hand summary: the game waits for its Continue button.
        if event.target == self.dlg["summary"]:
            event.preventDefault()

    def on_dialog_close(self, event: Any) -> None:
        if any(d.open for d in self.dlg.values()):
            return
        back = self.return_focus
        self.return_focus = None
        if back and back.isConnected and back != self.el["hand"]:
            back.focus()
        else:
            self.focus_hand()

    def on_dialog_key(self, event: Any) -> None:
        """Tab and Shift+Tab wrap inside an open dialog (a modal traps focus)."""
        if event.key != "Tab":
            return
        dlg = next((d for d in self.dlg.values() if d.open), None)
        if not dlg:
            return
        items = [
            el
            for el in dlg.querySelectorAll(FOCUSABLE)
            if not el.disabled and (attr(el, "type") != "radio" or el.checked)
        ]
        if not items:
            return
        active = self.doc.activeElement
        inside = bool(dlg.contains(active))
        if event.shiftKey and (active == items[0] or not inside):
            event.preventDefault()
            items[-1].focus()
        elif not event.shiftKey and (active == items[-1] or not inside):
            event.preventDefault()
            items[0].focus()


class TabShell(Shell):
    """The shell plus the Web Lock that lets one tab at a time drive the saved game.

    The decisions are :class:`hearts.web.tablock.TabLock`'s; this is only the glue.
    """

    def claim(self) -> None:
        locks = getattr(js.navigator, "locks", None)
        if not locks:  # no Web Locks: play as before
            self.tab.granted(self.tab.ask())
            self.start()
            return
        self.doc.documentElement.dataset.state = "claiming"
        self.request_lock({"ifAvailable": True})

    def request_lock(self, options: dict[str, Any]) -> None:
        number = self.tab.ask()

        def callback(lock: Any) -> Any:
            if not lock:  # ifAvailable: another tab holds it
                self.guard(self.on_refused, number)
                return None
            action = self.tab.granted(number)
            if action == "start":
                self.guard(self.on_first_grant)
            elif action == "resume":
                self.guard(self.resume)
            # Hold the lock until the tab closes or another tab takes over.
            return js.Promise.new(create_once_callable(lambda _resolve, _reject: None))

        def ended(_error: Any) -> None:
            if self.tab.lost(number):
                self.guard(self.stop_playing)

        proxy, on_error = create_proxy(callback), create_proxy(ended)
        self.proxies += [proxy, on_error]
        opts = to_js(options, dict_converter=js.Object.fromEntries)
        js.navigator.locks.request(tablock.LOCK_NAME, opts, proxy).catch(on_error)

    def wait_for_lock(self) -> None:
        """Queue for the lock: when the tab that plays closes, this one resumes."""
        self.tab_abort = js.AbortController.new()
        self.request_lock({"signal": self.tab_abort.signal})

    def take_over(self) -> None:
        if not self.tab.may_take_over():
            return
        if self.tab_abort is not None:
            self.tab_abort.abort()
            self.tab_abort = None
        self.request_lock({"steal": True})

    def on_first_grant(self) -> None:
        self.hide_tab_dialog()
        self.start()

    def on_refused(self, number: int) -> None:
        if not self.tab.refused(number):
            return
        boot = self.doc.getElementById("boot")
        if boot:
            boot.hidden = True
        self.doc.documentElement.dataset.state = "elsewhere"
        self.show_tab_dialog()
        self.wait_for_lock()

    def stop_playing(self) -> None:
        """Another tab took the game over: no timer, no saving, say so."""
        if self.timer_id is not None:
            js.clearTimeout(self.timer_id)
            self.timer_proxy.destroy()
            self.timer_id = self.timer_proxy = None
        self.plan = TimerPlan()
        self.close_all_but("")
        self.show_tab_dialog()
        self.wait_for_lock()

    def resume(self) -> None:
        """This tab has the game again: load what the other tab saved, draw it afresh."""
        self.hide_tab_dialog()
        self.ctl = new_controller()
        self.cache.clear()
        self.hand_codes = []
        self.static_lang = None
        self.plan = TimerPlan()
        self.ctl.start()
        self.ctl.set_visible(self.doc.visibilityState != "hidden")
        self.update()
        self.doc.documentElement.dataset.tab = self.tab.status

    def show_tab_dialog(self) -> None:
        dlg = self.tab_dialog
        if dlg is None:
            dlg = self.tab_dialog = self.doc.createElement("dialog")
            dlg.id = tablock.DIALOG_ID
            dlg.className = "dlg"
            dlg.setAttribute("aria-labelledby", f"{tablock.DIALOG_ID}-title")
            self.doc.body.appendChild(dlg)
            # Its own listeners: the shell's ignore events while this tab does not play.
            on_click = create_proxy(lambda ev: self.guard(self.on_tab_click, ev))
            on_cancel = create_proxy(lambda ev: ev.preventDefault())
            on_close = create_proxy(lambda _ev: self.guard(self.on_tab_close))
            self.proxies += [on_click, on_cancel, on_close]
            dlg.addEventListener("click", on_click)
            dlg.addEventListener("cancel", on_cancel)
            dlg.addEventListener("close", on_close)
        dlg.innerHTML = tablock.dialog(self.ctl.lang, self.tab.status)
        self.doc.documentElement.dataset.tab = self.tab.status
        if not dlg.open:
            dlg.showModal()
        button = dlg.querySelector('[data-action="take-over"]')
        if button:
            button.focus()

    def hide_tab_dialog(self) -> None:
        self.doc.documentElement.dataset.tab = self.tab.status
        if self.tab_dialog is not None and self.tab_dialog.open:
            self.tab_dialog.close()

    def on_tab_click(self, event: Any) -> None:
        target = event.target.closest('[data-action="take-over"]')
        if target:
            self.take_over()

    def on_tab_close(self) -> None:
        if self.tab.waiting:  # Escape must not uncover a table this tab does not drive
            self.show_tab_dialog()


def new_controller() -> Controller:
    return Controller(
        open_storage(),
        now=lambda: float(js.performance.now()),
        new_seed=lambda: int.from_bytes(os.urandom(6), "big"),
        params=Params.from_query(query_params()),
        browser_langs=browser_languages(),
    )


def main() -> None:
    """Start the game page (called by static/main.py once PyScript has loaded the files)."""
    shell = TabShell(new_controller())
    shell.guard(shell.claim)
