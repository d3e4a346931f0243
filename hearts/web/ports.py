"""What the browser layer needs from the page, as interfaces: elements, events, the document.

:mod:`hearts.web.dom` implements them on the real DOM (the only module that imports
``js``/``pyodide``); the tests implement them on a small fake document.  Everything else
in :mod:`hearts.web` is written against these and runs in plain CPython.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol


class Element(Protocol):
    """One DOM element.  ``==`` is identity of the underlying node."""

    def attr(self, name: str) -> str | None: ...
    def set_attr(self, name: str, value: str) -> None: ...
    def remove_attr(self, name: str) -> None: ...
    def set_html(self, html: str) -> None: ...
    def set_text(self, text: str) -> None: ...
    def set_class(self, name: str) -> None: ...
    def set_data(self, key: str, value: str) -> None: ...
    def set_hidden(self, hidden: bool) -> None: ...
    def query(self, selector: str) -> Element | None: ...
    def query_all(self, selector: str) -> Sequence[Element]: ...
    def closest(self, selector: str) -> Element | None: ...
    def contains(self, other: Element) -> bool: ...
    def focus(self) -> None: ...
    def append_text(self, tag: str, text: str) -> None: ...
    def trim(self, keep: int) -> None: ...
    @property
    def checked(self) -> bool: ...
    @property
    def value(self) -> str: ...
    @property
    def disabled(self) -> bool: ...
    @property
    def connected(self) -> bool: ...
    @property
    def is_open(self) -> bool: ...
    def show_modal(self) -> None: ...
    def close(self) -> None: ...


def _nothing() -> None:
    return None


@dataclass
class DomEvent:
    """A DOM event reduced to what the handlers read."""

    type: str
    target: Element | None = None
    key: str = ""
    shift: bool = False
    repeat: bool = False  # a keydown of a key held down (autorepeat), not a press
    prevent_default: Callable[[], None] = field(default=_nothing, repr=False)


Handler = Callable[[DomEvent], None]


class Intent(NamedTuple):
    """What the player asked for: a tap on a card, or a button's ``data-intent``."""

    name: str
    value: str = ""
    target: Element | None = None


class Boot(NamedTuple):
    """What static/boot.js did before Python ran (``window.heartsBoot``)."""

    build: str | None = None  # this build's id (the game archive's hash); None: no boot module
    painted: str | None = None  # the picture it painted, as stored; None: the neutral table
    queued: str = "[]"  # JSON: the taps and buttons it queued meanwhile, in order


class Dom(Protocol):
    """The document, the window and the browser services the page uses."""

    @property
    def root(self) -> Element: ...
    @property
    def body(self) -> Element: ...
    def by_id(self, element_id: str) -> Element: ...
    def active(self) -> Element | None: ...
    def hidden(self) -> bool: ...
    def now(self) -> float: ...
    def listen(self, target: str, event: str, handler: Handler, capture: bool = False) -> None:
        """``target``: ``"document"``, ``"window"`` or an element id."""

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> Any: ...
    def clear_timeout(self, handle: Any) -> None: ...
    def log_error(self, text: str) -> None: ...
    def expose(self, name: str, hooks: dict[str, Callable[[], str]]) -> None:
        """``window[name]`` becomes an object whose methods return these strings."""

    def update_ready(self) -> bool: ...
    def apply_update(self) -> None: ...
    def motion_before(self, plan: str) -> None:
        """The cards' flights to come (``plan``: JSON, :mod:`hearts.web.motion`): where they
        are, just before the table's HTML changes (static/motion.mjs)."""

    def motion_after(self) -> None:
        """The table is drawn: fly the planned cards from where they were to where they are."""

    def sound(self, on: bool, cues: str) -> bool:
        """Sound switched ``on`` or off, and the sounds of what just happened (``cues``:
        JSON, :mod:`hearts.web.sounds`) to play if it is on (static/sound.mjs).  ``False``:
        the browser refused to play (no audio device, audio blocked)."""

    def report(self, event: str) -> None:
        """Tell the owner of the page's state (static/lifecycle.mjs) what happened: an
        event of :data:`hearts.web.lifecycle.STATES`; it performs the transition."""

    def take_boot(self) -> Boot:
        """Take over from the boot module: what it painted and queued (it stops listening)."""

    def boot_reading(self, key: str | None) -> None:
        """Tell the boot module which stored record is being read now (``None``: none), so
        that if Python dies meanwhile it knows what to set aside."""

    def boot_failed(self) -> None:
        """Tell the boot module the start failed: it shows the way on."""

    def has_locks(self) -> bool: ...
    def request_lock(
        self,
        name: str,
        mode: str,
        on_grant: Callable[[bool], None],
        on_end: Callable[[], None],
    ) -> Callable[[], None]:
        """Ask for the Web Lock ``name``; ``mode`` is ``"if_available"``, ``"wait"`` or
        ``"steal"``.  ``on_grant(True)`` once held (kept until the tab closes or it is
        stolen), ``on_grant(False)`` when ``if_available`` found it taken; ``on_end()`` when
        the request ends with an error (stolen, withdrawn, or refused by the browser before
        it was granted).  Returns a withdraw function."""

    def adopt_lock(self, on_grant: Callable[[bool], None], on_end: Callable[[], None]) -> bool:
        """Take over the lock static/handover.mjs took back for this tab after a reload,
        with the callbacks of :meth:`request_lock`; ``False`` if it took none."""
