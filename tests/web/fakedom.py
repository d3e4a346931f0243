"""A small fake document for the browser layer's tests: the real index.html, parsed.

It implements :mod:`hearts.web.ports` (elements, events, document services) closely
enough for the page's logic — innerHTML, the few selectors the page uses, focus and the
focus lost when a focused element is redrawn away, modal dialogs and their close event,
bubbling and capturing listeners, radios, timers and the Web Locks of several tabs — so
that everything in ``hearts/web`` but the real facade runs in CPython.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from hearts.web.lifecycle import INITIAL, next_state
from hearts.web.ports import Boot, DomEvent, Handler

ROOT = Path(__file__).resolve().parents[2]
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
NOT_BUBBLING = {"close", "cancel"}
FOCUSABLE_TAGS = {"button", "input", "select", "textarea"}
_COMPOUND = re.compile(r"^([a-z0-9*]*)((?:\.[\w-]+|\[[^\]]+\])*)((?::not\([^)]*\))*)$")
_ATTR = re.compile(r"\[([\w-]+)(?:=(?:\"([^\"]*)\"|'([^']*)'|([^\]]*)))?\]")
_CLASS = re.compile(r"\.([\w-]+)")


class FakeElement:
    def __init__(self, tag: str, attrs: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = dict(attrs or {})
        self.children: list[FakeElement | str] = []
        self.parent: FakeElement | None = None
        self.doc: FakeDom | None = None
        self._checked = "checked" in self.attrs
        self.previously_focused: FakeElement | None = None  # a dialog's, as showModal found it

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"

    # ------------------------------------------------------------------ tree
    def elements(self) -> list[FakeElement]:
        return [c for c in self.children if isinstance(c, FakeElement)]

    def walk(self) -> list[FakeElement]:
        found: list[FakeElement] = []
        for child in self.elements():
            found.append(child)
            found.extend(child.walk())
        return found

    def text(self) -> str:
        parts = [c if isinstance(c, str) else c.text() for c in self.children]
        return "".join(parts)

    def _adopt(self, children: list[FakeElement | str]) -> None:
        doc = self.doc
        if doc is not None:
            active = doc.active_el
            if active is not None and self.contains(active) and active is not self:
                doc.active_el = None  # the focused element is gone: focus falls to body
        self.children = children
        for child in children:
            if isinstance(child, FakeElement):
                child.parent = self
                for el in [child, *child.walk()]:
                    el.doc = doc

    def ancestors(self) -> list[FakeElement]:
        chain, node = [], self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain

    # ------------------------------------------------------------------ ports.Element
    def attr(self, name: str) -> str | None:
        return self.attrs.get(name)

    def set_attr(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def remove_attr(self, name: str) -> None:
        self.attrs.pop(name, None)

    def set_html(self, html: str) -> None:
        self._adopt(parse(html))

    def set_text(self, text: str) -> None:
        self._adopt([text])

    def set_class(self, name: str) -> None:
        self.attrs["class"] = name

    def set_data(self, key: str, value: str) -> None:
        name = re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), key)
        self.attrs[f"data-{name}"] = value

    def set_hidden(self, hidden: bool) -> None:
        if hidden:
            self.attrs["hidden"] = ""
        else:
            self.attrs.pop("hidden", None)

    def query(self, selector: str) -> FakeElement | None:
        found = self.query_all(selector)
        return found[0] if found else None

    def query_all(self, selector: str) -> list[FakeElement]:
        return [el for el in self.walk() if matches(el, selector)]

    def closest(self, selector: str) -> FakeElement | None:
        for node in [self, *self.ancestors()]:
            if matches(node, selector):
                return node
        return None

    def contains(self, other: Any) -> bool:
        return other is self or (isinstance(other, FakeElement) and self in other.ancestors())

    def focus(self) -> None:
        if self.doc is not None and self.focusable and self.connected:
            self.doc.move_focus(self)

    def append_text(self, tag: str, text: str) -> None:
        child = FakeElement(tag)
        child.children = [text]
        child.parent, child.doc = self, self.doc
        self.children.append(child)

    def trim(self, keep: int) -> None:
        while len(self.elements()) > keep:
            self.children.remove(self.elements()[0])

    @property
    def focusable(self) -> bool:
        if "disabled" in self.attrs:
            return False
        return self.tag in FOCUSABLE_TAGS or "tabindex" in self.attrs

    @property
    def checked(self) -> bool:
        return self._checked

    @property
    def value(self) -> str:
        return self.attrs.get("value", "")

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs

    @property
    def connected(self) -> bool:
        top = (self.ancestors() or [self])[-1]
        return self.doc is not None and top is self.doc.html

    @property
    def is_open(self) -> bool:
        return "open" in self.attrs

    def show_modal(self) -> None:
        assert self.tag == "dialog" and not self.is_open, "showModal on an open dialog throws"
        if self.doc is not None and not self.doc.fully_active:
            raise RuntimeError("InvalidStateError: a document that is not fully active")
        self.attrs["open"] = ""
        self.previously_focused = self.doc.active() if self.doc is not None else None

    def close(self) -> None:
        """As a browser closes a modal: focus inside it (or nowhere) goes back to what had it
        when it opened, at once; the ``close`` event follows (later if the test defers it)."""
        if not self.is_open:
            return
        del self.attrs["open"]
        doc = self.doc
        if doc is None:
            return
        back, self.previously_focused = self.previously_focused, None
        active = doc.active()
        if back is not None and (active is None or self.contains(active)):
            back.focus()
        if doc.deferred is None:
            doc.dispatch("close", self)
        else:
            doc.deferred.append(lambda: doc.dispatch("close", self))


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.top = FakeElement("#fragment")
        self.stack = [self.top]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = FakeElement(tag, {k: v if v is not None else "" for k, v in attrs})
        el.parent = self.stack[-1]
        self.stack[-1].children.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> list[FakeElement | str]:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.top.children


def _compound(el: FakeElement, part: str) -> bool:
    m = _COMPOUND.match(part)
    assert m, f"the fake DOM does not understand the selector {part!r}"
    tag, attrs, nots = m.groups()
    if tag and tag != "*" and el.tag != tag:
        return False
    classes = el.attrs.get("class", "").split()
    if any(cls not in classes for cls in _CLASS.findall(_ATTR.sub("", attrs))):
        return False
    for name, dq, sq, bare in _ATTR.findall(attrs):
        expected = dq or sq or bare
        if name not in el.attrs or (expected and el.attrs[name] != expected):
            return False
    return all(not _compound(el, inner) for inner in re.findall(r":not\(([^)]*)\)", nots))


def matches(el: FakeElement, selector: str) -> bool:
    return any(_compound(el, part.strip()) for part in selector.split(","))


@dataclass
class FakeEvent(DomEvent):
    prevented: bool = False

    def prevent(self) -> None:
        self.prevented = True


class FakeLocks:
    """The Web Locks of one browser profile, shared by the tabs (FakeDoms) in it."""

    def __init__(self) -> None:
        self.holder: tuple[Callable[[], None], Any] | None = None  # (on_end, tab)
        self.queue: list[tuple[Callable[[bool], None], Callable[[], None], Any]] = []
        self.refusing = False  # every request is rejected (site storage blocked)
        self.silent = False  # no request is ever answered

    def request(self, tab: Any, mode: str, grant: Callable[[bool], None], end: Callable[[], None]):
        entry = (grant, end, tab)
        if self.refusing:  # a SecurityError: the promise rejects, nothing was granted
            end()
        elif self.silent:  # the request never settles
            pass
        elif mode == "steal" and self.holder is not None:
            # The stealer holds the lock before the old holder hears that it lost it.
            old_end, _ = self.holder
            self.holder = (end, tab)
            grant(True)
            old_end()
        elif self.holder is None and (mode != "wait" or not self.queue):
            self.holder = (end, tab)
            grant(True)
        elif mode == "if_available":
            grant(False)
        else:
            self.queue.append(entry)

        def withdraw() -> None:
            if entry in self.queue:
                self.queue.remove(entry)
                end()

        return withdraw

    def close_tab(self, tab: Any, *, tell_holder: bool = False) -> None:
        """The tab closes: its queued requests go, its lock passes to the next waiter.
        ``tell_holder``: as WebKit, the closing tab's held request rejects while its
        document unloads (after pagehide, when no dialog can open there any more)."""
        self.queue = [e for e in self.queue if e[2] is not tab]
        if self.holder is not None and self.holder[1] is tab:
            held_end, _ = self.holder
            self.holder = None
            if tell_holder:
                tab.fully_active = False
                held_end()
            if self.queue:
                grant, end, other = self.queue.pop(0)
                self.holder = (end, other)
                grant(True)


class FakeDom:
    """One tab showing index.html."""

    def __init__(self, locks: FakeLocks | None = None, page: Path = ROOT / "index.html") -> None:
        nodes = [n for n in parse(page.read_text(encoding="utf-8")) if isinstance(n, FakeElement)]
        self.html = next(n for n in nodes if n.tag == "html")
        self.html.parent = None
        for el in [self.html, *self.html.walk()]:
            el.doc = self
        self.active_el: FakeElement | None = None
        # A browser fires a dialog's close event in a task of its own, which a busy machine
        # can run after later input: a test that sets this list holds those events in it
        # until run_deferred().
        self.deferred: list[Callable[[], object]] | None = None
        self.space_armed: FakeElement | None = None  # the button a Space keydown armed
        self.listeners: list[tuple[str, str, Handler, bool]] = []
        self.timers: dict[int, tuple[Callable[[], None], int]] = {}
        self.next_timer = 1
        self.clock = 0.0
        self.errors: list[str] = []
        self.exposed: dict[str, dict[str, Callable[[], str]]] = {}
        self.pwa_ready = False
        self.updates_applied = 0
        self.visibility_hidden = False
        self.locks = locks
        self.reclaim = False  # loaded as a reload of the tab that was playing
        self.boot = Boot()  # what static/boot.js would hand over (tests set it)
        self.boot_taken = 0
        self.motions: list[dict[str, object]] = []  # the plans the painter asked to fly
        self.motion_open = False
        self.sounds: list[tuple[bool, list[str]]] = []  # (switch, cues) the page asked to play
        self.boot_reads: list[str | None] = []  # what the page said it was reading
        self.boot_failures = 0
        self.reported: list[str] = []  # the events told to the owner of the page's state
        self.audio_refused = False  # the browser throws when sound would play
        self.fully_active = True  # False: unloading, as after pagehide and the lock's release

    # ------------------------------------------------------------------ ports.Dom
    @property
    def root(self) -> FakeElement:
        return self.html

    @property
    def body(self) -> FakeElement:
        return next(el for el in self.html.walk() if el.tag == "body")

    def by_id(self, element_id: str) -> FakeElement:
        found = next((el for el in self.html.walk() if el.attrs.get("id") == element_id), None)
        if found is None:
            raise LookupError(f"the page has no #{element_id}")
        return found

    def active(self) -> FakeElement | None:
        el = self.active_el
        return el if el is not None and el.connected else None

    def hidden(self) -> bool:
        return self.visibility_hidden

    def now(self) -> float:
        return self.clock

    def listen(self, target: str, event: str, handler: Handler, capture: bool = False) -> None:
        self.listeners.append((target, event, handler, capture))

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> int:
        handle = self.next_timer
        self.next_timer += 1
        self.timers[handle] = (callback, delay_ms)
        return handle

    def clear_timeout(self, handle: Any) -> None:
        self.timers.pop(handle, None)

    def log_error(self, text: str) -> None:
        self.errors.append(text)

    def expose(self, name: str, hooks: dict[str, Callable[[], str]]) -> None:
        self.exposed[name] = hooks

    def update_ready(self) -> bool:
        return self.pwa_ready

    def apply_update(self) -> None:
        self.updates_applied += 1

    def motion_before(self, plan: str) -> None:
        assert not self.motion_open, "motion_before twice without motion_after"
        self.motion_open = True
        self.motions.append(json.loads(plan))

    def motion_after(self) -> None:
        assert self.motion_open, "motion_after without motion_before"
        self.motion_open = False

    def sound(self, on: bool, cues: str) -> bool:
        self.sounds.append((on, json.loads(cues)))
        return not (on and self.audio_refused)  # a refused AudioContext throws once on

    def report(self, event: str) -> None:
        """static/lifecycle.mjs: the same table performs the transition."""
        self.reported.append(event)
        state = next_state(self.html.attrs.get("data-state", INITIAL), event)
        if state is not None:
            self.html.set_data("state", state)

    def boot_reading(self, key: str | None) -> None:
        self.boot_reads.append(key)

    def boot_failed(self) -> None:
        self.boot_failures += 1

    def take_boot(self) -> Boot:
        self.boot_taken += 1
        boot, self.boot = self.boot, Boot(self.boot.build)
        return boot

    def has_locks(self) -> bool:
        return self.locks is not None

    def request_lock(self, name: str, mode: str, on_grant, on_end):
        assert self.locks is not None
        return self.locks.request(self, mode, on_grant, on_end)

    def adopt_lock(self, on_grant, on_end) -> bool:
        """static/handover.mjs: a reloaded playing tab steals the lock back as it loads."""
        if not self.reclaim or self.locks is None:
            return False
        self.locks.request(self, "steal", on_grant, on_end)
        return True

    # ------------------------------------------------------------------ the test's hands
    def dispatch(self, kind: str, target: FakeElement | None, **fields: Any) -> FakeEvent:
        """Fire an event at ``target`` (``None``: the document itself); returns it."""
        event = FakeEvent(kind, target, **fields)
        event.prevent_default = event.prevent
        path = [] if target is None else [target, *target.ancestors()]
        if kind in NOT_BUBBLING:
            path = path[:1]
        for where, name, handler, capture in list(self.listeners):
            if name != kind or where == "window":
                continue
            if where == "document":
                if capture or kind not in NOT_BUBBLING or target is None:
                    handler(event)
            elif any(el.attrs.get("id") == where for el in path):
                handler(event)
        return event

    def dispatch_window(self, kind: str) -> None:
        for where, name, handler, _ in list(self.listeners):
            if where == "window" and name == kind:
                handler(DomEvent(kind))

    def run_deferred(self) -> None:
        pending, self.deferred = self.deferred or [], []
        for fire in pending:
            fire()

    def move_focus(self, el: FakeElement) -> None:
        if self.active_el is not el:
            self.active_el = el
            self.dispatch("focusin", el)

    def click(self, el: FakeElement | None) -> None:
        assert el is not None, "a click on an element the page does not have"
        if el.disabled:
            return
        self.dispatch("click", el)
        if el.tag == "input" and el.attrs.get("type") == "radio" and not el.checked:
            group = el.attrs.get("name")
            for other in self.html.walk():
                if other.tag == "input" and other.attrs.get("name") == group:
                    other._checked = False
            el._checked = True
            self.dispatch("change", el)

    def key(self, key: str, shift: bool = False) -> FakeEvent:
        """A key pressed and released on the focused element; returns its keydown."""
        event = self.key_down(key, shift)
        self.key_up(key)
        return event

    def key_down(self, key: str, shift: bool = False, repeat: bool = False) -> FakeEvent:
        """A keydown on the focused element (``repeat``: the autorepeat of a held key).  As a
        browser's button: Enter clicks it at every keydown, Space arms it for its keyup."""
        target = self.active() or self.body
        event = self.dispatch("keydown", target, key=key, shift=shift, repeat=repeat)
        if target.tag == "button" and not event.prevented:
            if key == "Enter":
                self.click(target)
            elif key == " ":
                self.space_armed = target
        return event

    def key_up(self, key: str) -> FakeEvent:
        """A key released on the focused element: Space clicks the button it armed."""
        target = self.active() or self.body
        event = self.dispatch("keyup", target, key=key)
        if key == " ":
            armed, self.space_armed = self.space_armed, None
            if armed is target and not event.prevented:
                self.click(target)
        return event

    def run_timers(self, limit: int = 10_000) -> int:
        """Fire pending timers in order until none is left; returns how many fired."""
        fired = 0
        while self.timers and fired < limit:
            handle = min(self.timers)
            callback, delay = self.timers.pop(handle)
            self.clock += delay
            callback()
            fired += 1
        return fired

    def card(self, code: str) -> FakeElement:
        return self.by_id("hand").query(f'button[data-card="{code}"]')  # type: ignore[return-value]

    def action(self, name: str, within: str = "") -> FakeElement:
        scope = self.by_id(within) if within else self.html
        found = scope.query(f'[data-intent="{name}"]')
        assert found is not None, f"no [data-intent={name}] in {within or 'the page'}"
        return found
