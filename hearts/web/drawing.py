"""Drawing the controller's state: the table through the painter, the dialogs' content,
the notices shown and what is said aloud.

It reads the controller and writes no storage: the picture of what it drew is stored by
the page's life cycle after each draw (:meth:`hearts.web.page.Page.keep_picture`).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..view import build as table_view
from ..view import dialog_views as views
from . import render, sounds
from .announce import spoken
from .controller import Controller
from .dialog_boxes import Dialogs
from .events import Event, Outcome
from .painter import Painter
from .ports import Dom
from .schedule import CADENCE_MS, Timing
from .settings import deck_of


def motion_speed(timing: Timing) -> float:
    """Flights as long as the default cadence allows, shorter at a faster one, none at 0."""
    return min(1.0, timing.cadence_ms / CADENCE_MS)


class Screen(NamedTuple):
    """The page's own state, beside the game's: one value, replaced as a whole."""

    notices: tuple[str, ...] = ()  # the messages shown (i18n keys)
    confirm_new: bool = False  # the new-game dialog asks to abandon the game in progress
    confirm_reset: bool = False  # the statistics dialog asks to reset them
    update_ready: bool = False  # a new app version waits (static/pwa.mjs)


class Drawing:
    """The parts that show the state (painter, dialogs) and the page's own state
    (:class:`Screen`)."""

    def __init__(self, dom: Dom, controller: Callable[[], Controller]) -> None:
        self.dom = dom
        self.controller = controller  # the current one: a tab taking the game back makes anew
        self.painter = Painter(dom, motion_speed(controller().params.timing))
        self.dialogs = Dialogs(dom, self.painter.focus_hand)
        self.screen = Screen(update_ready=dom.update_ready())
        self.deck = ""  # the deck drawn (<html data-deck>: static/boot/deck.mjs sets it first)
        self.sound_failed = False  # the last update's sound was refused by the browser

    @property
    def lang(self) -> str:
        return self.controller().lang

    def take_in(self, outcome: Outcome | None = None) -> None:
        """Take in what happened, draw the table and say it."""
        if outcome is not None:
            kept = [key for key in self.screen.notices if key not in outcome.cleared]
            kept += [key for key in outcome.notices if key not in kept]
            self.screen = self.screen._replace(notices=tuple(kept))
        events = outcome.events if outcome is not None else ()
        self.draw(events)
        # The switch's state goes with every update; sounds only for what just happened.
        played = self.dom.sound(self.controller().settings.sound, json.dumps(sounds.cues(events)))
        self.sound_failed = not played
        if outcome is not None:
            self.painter.say(spoken(outcome.events, self.controller().game, self.lang))

    def draw(self, events: Sequence[Event] = ()) -> None:
        """Draw the table; ``events``: what just happened, for the cards' flights."""
        ctl = self.controller()
        lang, record = self.lang, ctl.record
        deck = deck_of(ctl.settings.four_colour)
        if deck != self.deck:
            self.deck = deck
            self.dom.root.set_attr("data-deck", deck)
        v = table_view(record.game, lang, record.selection, record.lifted, ctl.refused)
        notices = views.notices(lang, self.screen.notices)
        if self.painter.paint(v, views.chrome(lang), notices, events):
            for name in self.dialogs.open_names():
                if name != "summary":
                    self.dialogs.fill(name, self.dialog_html(name))
        if v.summary is None:
            self.dialogs.close("summary")
        else:
            self.dialogs.show("summary", render.summary(v.summary, self.screen.update_ready))

    def picture(self, build: str) -> dict[str, object]:
        """What is drawn now, for static/boot.js to paint at the next start of ``build``."""
        return {**self.painter.drawn(), "build": build}

    def dialog_html(self, name: str) -> str:
        """The content of a dialog, from its view model."""
        lang, ctl = self.lang, self.controller()
        if name == "menu":
            settings = ctl.settings
            return render.menu(views.menu(lang, settings.four_colour, settings.sound))
        if name == "newgame":
            current = ctl.game.level if ctl.in_progress else None
            return render.new_game(
                views.new_game(lang, ctl.settings.level, current, self.screen.confirm_new)
            )
        if name == "stats":
            return render.stats(views.stats(lang, ctl.stats, self.screen.confirm_reset))
        return render.help_text(views.help_view(lang))

    def open(self, name: str) -> None:
        self.dialogs.show(name, self.dialog_html(name))

    def refill(self, name: str, focus: str) -> None:
        self.dialogs.fill(name, self.dialog_html(name))
        self.dialogs.focus_intent(name, focus)

    def show_error(self) -> None:
        try:
            if "notice.error" not in self.screen.notices:
                self.screen = self.screen._replace(notices=(*self.screen.notices, "notice.error"))
            self.painter.alert(True)
            self.painter.show_notices(views.notices(self.lang, self.screen.notices))
        except Exception:
            self.dom.log_error(traceback.format_exc())
