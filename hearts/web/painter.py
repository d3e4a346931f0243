"""Draws the table: each region's HTML (only when it changed), focus, the live region.

Keyboard focus stays on the same card across re-renders (or moves to its neighbour when
that card was played); exactly one card of the hand is in the tab order (roving focus).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..view import TableView
from ..view.dialog_views import Chrome, NoticesView
from . import motion, render
from .events import Event
from .ports import Dom, Element

# The elements drawn into, by id (index.html). static/*.js take them from the contract
# (scripts/build_contract.py: IDS, REGIONS).
STATUS, CENTER, PROMPT, HAND, TABLE = "status", "center", "prompt", "hand", "table"
SEATS = tuple(f"seat-{seat}" for seat in range(4))  # by seat number
REGIONS = (STATUS, *SEATS, CENTER, PROMPT, HAND)  # each drawn as one HTML string
# The labels outside the regions: name -> (element id, where: its text or an attribute,
# the Chrome field). static/boot.js sets the same ones (scripts/build_contract.py).
LABELS = {
    "menu": ("menu-button", "text", "menu"),
    HAND: (HAND, "aria-label", "your_hand"),
    TABLE: (TABLE, "aria-label", "table"),
    CENTER: (CENTER, "aria-label", "trick"),
}
# The keys that move the focus between your cards, and where to (static/boot/hand.mjs too:
# both run the cases of tests/shared_cases/navigate.json).
NAV_KEYS = {
    "ArrowLeft": "previous",
    "ArrowUp": "previous",
    "ArrowRight": "next",
    "ArrowDown": "next",
    "Home": "first",
    "End": "last",
}
LIVE_KEEP = 4  # announcements kept in the live region (older ones are removed)
CARD_BUTTONS = "button[data-card]"


class Painter:
    def __init__(self, dom: Dom, motion_speed: float = 0.0) -> None:
        self.dom = dom
        self.motion_speed = motion_speed  # 1: flights at full length; 0: none (static/motion.mjs)
        self.shown = False  # a table was painted (a start or a resume just shows, no motion)
        self.el = {name: dom.by_id(name) for name in REGIONS}
        self.table = dom.by_id(TABLE)
        self.live = dom.by_id("live")
        self.notice = dom.by_id("notice")
        self.cache: dict[str, str] = {}
        self.focus_code: str | None = None
        self.hand_codes: list[str] = []
        self.lang: str | None = None
        self.classes: dict[str, str] = {}

    def reset(self) -> None:
        """Forget what was drawn: the next paint sets every region again."""
        self.cache.clear()
        self.hand_codes = []
        self.lang = None
        self.shown = False

    def adopt(self, picture: dict[str, object]) -> None:
        """The boot module painted this picture: take its HTML as already drawn, so that
        the first paint changes nothing the player sees (and keeps focus where it is)."""
        regions = picture.get("regions")
        if isinstance(regions, dict):
            self.cache.update(
                {k: v for k, v in regions.items() if k in REGIONS and isinstance(v, str)}
            )

    def drawn(self) -> dict[str, object]:
        """What is drawn now (language, regions, classes): the table's picture that
        static/boot.js paints at the next start (:meth:`Records.save_picture`), with the
        labels of its language (they are the build's, never read from storage)."""
        regions = {name: self.cache[name] for name in REGIONS if name in self.cache}
        return {"lang": self.lang, "regions": regions, "classes": self.classes}

    def set_html(self, name: str, element: Element, html: str) -> bool:
        if self.cache.get(name) == html:
            return False
        self.cache[name] = html
        element.set_html(html)
        return True

    def set_class(self, name: str, element: Element, cls: str) -> None:
        self.classes[name] = cls
        element.set_class(cls)

    def paint(
        self, v: TableView, chrome: Chrome, notices: NoticesView, events: Sequence[Event] = ()
    ) -> bool:
        """Draw the table; ``True`` if the language changed (open dialogs need redrawing).
        ``events``: what just happened (the controller's), for the cards' flights; the
        first paint (a start, a resume) just shows the table."""
        plan = motion.plan(events, self.motion_speed) if self.shown else None
        if plan is not None:
            self.dom.motion_before(json.dumps(plan))
        relabel = self.lang != chrome.lang
        if relabel:
            self.paint_chrome(chrome)
        self.set_class(TABLE, self.table, f"table phase-{v.phase}")
        active = self.dom.active()
        region = self.region_of(active)
        focus_card = active.attr("data-card") if active is not None and region == HAND else None
        old_codes = self.hand_codes
        self.set_html(STATUS, self.el[STATUS], render.status_bar(v))
        for p in v.plates:
            self.set_html(SEATS[p.seat], self.el[SEATS[p.seat]], render.plate(p))
        self.set_html(CENTER, self.el[CENTER], render.center(v))
        self.set_html(PROMPT, self.el[PROMPT], render.prompt(v))
        self.set_class(HAND, self.el[HAND], render.hand_class(v.hand))
        if focus_card:
            self.focus_code = focus_card
        changed = self.set_html(HAND, self.el[HAND], render.hand(v.hand, self.focus_code))
        self.hand_codes = [c.face.code for c in v.hand]
        if changed and region == HAND:
            self.refocus_hand(focus_card, old_codes)
        elif region in (CENTER, HAND) and self.region_of(self.dom.active()) is None:
            self.focus_hand()  # the focused element was redrawn away
        self.show_notices(notices)
        self.shown = True
        if plan is not None:
            self.dom.motion_after()
        return relabel

    def show_notices(self, notices: NoticesView) -> None:
        self.set_html("notice", self.notice, render.notices(notices))

    def paint_chrome(self, c: Chrome) -> None:
        """Labels outside the regions (menu button, landmarks) in the current language."""
        self.lang = c.lang
        self.dom.root.set_attr("lang", c.lang)
        for key, text in chrome_labels(c).items():
            element_id, where, _field = LABELS[key]
            element = self.dom.by_id(element_id)
            if where == "text":
                element.set_text(text)
            else:
                element.set_attr(where, text)
        self.dom.by_id("menu-button").remove_attr("disabled")

    def region_of(self, element: Element | None) -> str | None:
        if element is None:
            return None
        for name in (HAND, CENTER):
            if self.el[name].contains(element):
                return name
        return None

    def cards(self) -> Sequence[Element]:
        return self.el[HAND].query_all(CARD_BUTTONS)

    def refocus_hand(self, code: str | None, old_codes: list[str]) -> None:
        """Keep focus on the same card, or on its neighbour if it was played."""
        if code:
            same = self.el[HAND].query(f'button[data-card="{code}"]')
            if same is not None and same.attr("tabindex") == "0":
                same.focus()
                return
            stop = self.el[HAND].query('button[tabindex="0"]')
            if same is not None and stop is not None:
                stop.focus()  # the card is blocked now: focus moves to a playable one
                return
        buttons = self.cards()
        if not buttons:
            self.el[HAND].focus()  # the last card was played: focus waits on the hand
            return
        index = old_codes.index(code) if code in old_codes else 0
        self.move_focus_to(buttons[min(index, len(buttons) - 1)])

    def focus_hand(self) -> None:
        """Focus the hand's card in the tab order (or the menu button without cards)."""
        target = self.el[HAND].query('button[tabindex="0"]')
        (target or self.dom.by_id("menu-button")).focus()

    def move_focus_to(self, target: Element) -> None:
        for old in self.el[HAND].query_all('button[tabindex="0"]'):
            old.set_attr("tabindex", "-1")
        target.set_attr("tabindex", "0")
        self.focus_code = target.attr("data-card")
        target.focus()

    def navigate(self, key: str) -> bool:
        """Arrow keys, Home and End move between cards; ``True`` if the key was used."""
        buttons = self.cards()
        if not buttons:
            return False
        active = self.dom.active()
        current = next((i for i, b in enumerate(buttons) if b == active), 0)
        index = {
            "first": 0,
            "last": len(buttons) - 1,
            "previous": current - 1,
            "next": current + 1,
        }[NAV_KEYS[key]]
        self.move_focus_to(buttons[min(len(buttons) - 1, max(0, index))])
        return True

    def say(self, messages: tuple[str, ...]) -> None:
        """Announce in the polite live region, keeping the last few messages."""
        for message in messages:
            self.live.append_text("p", message)
        if messages:
            self.live.trim(LIVE_KEEP)

    def alert(self, on: bool) -> None:
        """An error makes the notice an alert; dismissing it makes it a status again."""
        self.notice.set_attr("role", "alert" if on else "status")


def chrome_labels(c: Chrome) -> dict[str, str]:
    """The label texts by name (:data:`LABELS`): boot.js's for each language (the contract)."""
    return {key: str(getattr(c, field)) for key, (_id, _where, field) in LABELS.items()}
