"""The real browser behind :mod:`hearts.web.ports`: the only module that imports js/pyodide.

Thin on purpose: each method is one or two DOM calls, so that everything with a decision
in it lives in modules the CPython tests reach with a fake document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    to_js,
)

from .lifecycle import INITIAL, next_state
from .names import Globals
from .ports import Boot, DomEvent, Handler
from .records import game_storage
from .safe_storage import SafeStorage, StorageFull, is_quota_error, probe
from .tablock import adoptable, lock_options


def _optional(effect: str, call: Callable[[], object]) -> bool:
    """Run an effect the game does without; ``False`` (and a warning) if it threw."""
    try:
        call()
    except Exception as error:  # a JsException from the browser, whatever it says
        js.console.warn(f"Hearts: {effect} failed: {error}")
        return False
    return True


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None  # JS null arrives as falsy jsnull


class BrowserElement:
    """A DOM element (``js`` proxy) behind the :class:`~hearts.web.ports.Element` interface."""

    __slots__ = ("node",)

    def __init__(self, node: Any) -> None:
        self.node = node

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BrowserElement) and bool(self.node == other.node)

    __hash__ = None  # type: ignore[assignment]

    def attr(self, name: str) -> str | None:
        return _text(self.node.getAttribute(name))

    def set_attr(self, name: str, value: str) -> None:
        self.node.setAttribute(name, value)

    def remove_attr(self, name: str) -> None:
        self.node.removeAttribute(name)

    def set_html(self, html: str) -> None:
        self.node.innerHTML = html

    def set_text(self, text: str) -> None:
        self.node.textContent = text

    def set_class(self, name: str) -> None:
        self.node.className = name

    def set_data(self, key: str, value: str) -> None:
        setattr(self.node.dataset, key, value)

    def set_hidden(self, hidden: bool) -> None:
        self.node.hidden = hidden

    def query(self, selector: str) -> BrowserElement | None:
        return wrap(self.node.querySelector(selector))

    def query_all(self, selector: str) -> list[BrowserElement]:
        return [BrowserElement(n) for n in self.node.querySelectorAll(selector)]

    def closest(self, selector: str) -> BrowserElement | None:
        return wrap(self.node.closest(selector)) if hasattr(self.node, "closest") else None

    def contains(self, other: Any) -> bool:
        return isinstance(other, BrowserElement) and bool(self.node.contains(other.node))

    def focus(self) -> None:
        self.node.focus()

    def append_text(self, tag: str, text: str) -> None:
        child = js.document.createElement(tag)
        child.textContent = text
        self.node.appendChild(child)

    def trim(self, keep: int) -> None:
        while self.node.childElementCount > keep:
            self.node.firstElementChild.remove()

    @property
    def checked(self) -> bool:
        return bool(self.node.checked)

    @property
    def value(self) -> str:
        return str(self.node.value)

    @property
    def disabled(self) -> bool:
        return bool(getattr(self.node, "disabled", False))

    @property
    def connected(self) -> bool:
        return bool(self.node.isConnected)

    @property
    def is_open(self) -> bool:
        return bool(self.node.open)

    def show_modal(self) -> None:
        self.node.showModal()

    def close(self) -> None:
        self.node.close()


def wrap(node: Any) -> BrowserElement | None:
    return BrowserElement(node) if node else None


class BrowserDom:
    """``document``, ``window`` and the browser services, behind :class:`~ports.Dom`."""

    def __init__(self) -> None:
        self.doc = js.document
        self.proxies: list[Any] = []  # listeners live as long as the page

    @property
    def root(self) -> BrowserElement:
        return BrowserElement(self.doc.documentElement)

    @property
    def body(self) -> BrowserElement:
        return BrowserElement(self.doc.body)

    def by_id(self, element_id: str) -> BrowserElement:
        node = self.doc.getElementById(element_id)
        if not node:
            raise LookupError(f"the page has no #{element_id}")
        return BrowserElement(node)

    def active(self) -> BrowserElement | None:
        return wrap(self.doc.activeElement)

    def hidden(self) -> bool:
        return bool(self.doc.visibilityState == "hidden")

    def now(self) -> float:
        return float(js.performance.now())

    def listen(self, target: str, event: str, handler: Handler, capture: bool = False) -> None:
        node = {"document": self.doc, "window": js.window}.get(target)
        node = node if node is not None else self.doc.getElementById(target)
        proxy = create_proxy(lambda ev: handler(_event(ev)))
        self.proxies.append(proxy)
        node.addEventListener(event, proxy, capture)

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> Any:
        return js.setTimeout(create_once_callable(callback), delay_ms)

    def clear_timeout(self, handle: Any) -> None:
        js.clearTimeout(handle)

    def log_error(self, text: str) -> None:
        js.console.error(text)

    def expose(self, name: str, hooks: dict[str, Callable[[], str]]) -> None:
        target = js.Object.new()
        for key, hook in hooks.items():
            proxy = create_proxy(hook)
            self.proxies.append(proxy)
            setattr(target, key, proxy)
        setattr(js.window, name, target)

    def update_ready(self) -> bool:
        pwa = getattr(js.window, Globals.pwa, None)
        return bool(pwa and pwa.updateReady)

    def apply_update(self) -> None:
        pwa = getattr(js.window, Globals.pwa, None)
        if pwa:
            pwa.applyUpdate()

    # Motion and sound are effects the game does without: a module that did not load or
    # throws (a browser that refuses audio) never stops a start or a move.
    def motion_before(self, plan: str) -> None:
        motion = getattr(js.window, Globals.motion, None)
        if motion:  # the module may have failed to load: the table then simply jumps
            _optional("the cards' flights", lambda: motion.before(plan))

    def motion_after(self) -> None:
        motion = getattr(js.window, Globals.motion, None)
        if motion:
            _optional("the cards' flights", motion.after)

    def sound(self, on: bool, cues: str) -> bool:
        sound = getattr(js.window, Globals.sound, None)
        if not sound:  # the module may have failed to load: the game is then silent
            return True
        return _optional("sound", lambda: sound.play(on, cues))

    def report(self, event: str) -> None:
        owner = getattr(js.window, Globals.lifecycle, None)
        if owner:
            owner.report(event)
            return
        # static/lifecycle.mjs did not load (its contract did not): the same table, here.
        state = next_state(str(self.root.attr("data-state") or INITIAL), event)
        if state is not None:
            self.root.set_data("state", state)

    def take_boot(self) -> Boot:
        boot = getattr(js.window, Globals.boot, None)
        if not boot:
            return Boot()
        return Boot(_text(boot.build), _text(boot.painted), _text(boot.take()) or "[]")

    def boot_reading(self, key: str | None) -> None:
        boot = getattr(js.window, Globals.boot, None)
        if boot and hasattr(boot, "reading"):
            boot.reading(key)

    def boot_failed(self) -> None:
        boot = getattr(js.window, Globals.boot, None)
        if boot and hasattr(boot, "fail"):
            boot.fail()

    def has_locks(self) -> bool:
        return bool(getattr(js.navigator, "locks", None))

    def adopt_lock(self, on_grant: Callable[[bool], None], on_end: Callable[[], None]) -> bool:
        handover = getattr(js.window, Globals.handover, None)
        if not handover or not adoptable(str(handover.state())):
            return False
        grant = create_proxy(lambda held: on_grant(bool(held)))
        end = create_proxy(lambda *_args: on_end())
        self.proxies += [grant, end]
        handover.listen(grant, end)
        return True

    def request_lock(
        self,
        name: str,
        mode: str,
        on_grant: Callable[[bool], None],
        on_end: Callable[[], None],
    ) -> Callable[[], None]:
        flags, withdrawable = lock_options(mode)
        options: dict[str, Any] = dict(flags)
        abort = js.AbortController.new() if withdrawable else None
        if abort is not None:
            options["signal"] = abort.signal

        def granted(lock: Any) -> Any:
            on_grant(bool(lock))
            if not lock:
                return None
            # Held until the tab closes or another tab steals it: a promise never settled.
            return js.Promise.new(create_once_callable(lambda _resolve, _reject: None))

        callback, failed = create_proxy(granted), create_proxy(lambda _error: on_end())
        self.proxies += [callback, failed]
        opts = to_js(options, dict_converter=js.Object.fromEntries)
        try:
            js.navigator.locks.request(name, opts, callback).catch(failed)
        except Exception:  # refused at once: as a rejected request, after this call returns
            self.set_timeout(on_end, 0)
        return (lambda: abort.abort()) if abort is not None else (lambda: None)


def _event(ev: Any) -> DomEvent:
    key = getattr(ev, "key", "")
    return DomEvent(
        type=str(ev.type),
        target=wrap(ev.target) if hasattr(ev.target, "getAttribute") else None,
        key=key if isinstance(key, str) else "",
        shift=bool(getattr(ev, "shiftKey", False)),
        repeat=getattr(ev, "repeat", False) is True,
        prevent_default=ev.preventDefault,
    )


class LocalStorage:
    """``window.localStorage`` behind the :class:`~hearts.web.safe_storage.Storage` interface."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def get(self, key: str) -> str | None:
        return _text(self.backend.getItem(key))

    def set(self, key: str, value: str) -> None:
        try:
            self.backend.setItem(key, value)
        except Exception as exc:
            if is_quota_error(exc):
                raise StorageFull(str(exc)) from None
            raise

    def remove(self, key: str) -> None:
        self.backend.removeItem(key)


def open_storage() -> SafeStorage:
    """Local storage, probed with a tiny write (:func:`~hearts.web.safe_storage.probe`); none
    at all if the browser does not even let the page reach it."""
    try:
        backend = LocalStorage(js.window.localStorage)
    except Exception:
        return game_storage(None)
    return game_storage(backend, probe(backend))


def query_string() -> str:
    """The page's query string, ``"?seed=5"`` or ``""`` (:func:`~hearts.web.params.parse_query`
    reads it)."""
    return str(js.location.search)


def browser_languages() -> list[str]:
    nav = js.navigator
    langs = [str(x) for x in (nav.languages or [])]
    if isinstance(nav.language, str):
        langs.append(nav.language)
    return langs
