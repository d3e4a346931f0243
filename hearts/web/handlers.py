"""What each intent does on the page: a table from intent name to a small handler.

Handlers ask the controller (which applies or refuses the intent and says what happened)
and use the page's intent API (:class:`~hearts.web.page.Page`'s methods, each named for
what it changes); none reaches into the page's parts or touches the DOM
(tests/web/test_handlers.py).
"""

from __future__ import annotations

from collections.abc import Callable

from .controller import Controller
from .names import Intents
from .page import Page
from .ports import Intent

IntentHandler = Callable[[Page, Controller, Intent], None]


def tap(page: Page, ctl: Controller, intent: Intent) -> None:
    page.focus_card(intent.value)
    page.apply(ctl.tap(intent.value))


def lower(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.lower())


def confirm_pass(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.confirm_pass())


def continue_hand(page: Page, ctl: Controller, _intent: Intent) -> None:
    outcome = ctl.continue_hand()
    if outcome is not None:
        page.close("summary")
        page.apply(outcome)


def new_game_after_summary(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.close("summary")
    page.apply(ctl.new_game())


def open_menu(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.close_all_but("summary")
    page.open("menu")


def opener(name: str) -> IntentHandler:
    def open_dialog(page: Page, _ctl: Controller, _intent: Intent) -> None:
        page.ask(new=False, reset=False)
        page.close("menu")
        page.open(name)

    return open_dialog


def close(_page: Page, _ctl: Controller, intent: Intent) -> None:
    dialog = intent.target.closest("dialog") if intent.target is not None else None
    if dialog is not None:
        dialog.close()


def set_lang(page: Page, ctl: Controller, intent: Intent) -> None:
    page.apply(ctl.set_lang(intent.value))
    page.focus_lang(intent.value)  # the menu was redrawn in the new language


def switch_four_colour(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.set_four_colour(not ctl.settings.four_colour))
    page.refill("menu", "four-colour")


def switch_sound(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.set_sound(not ctl.settings.sound))
    page.refill("menu", "sound")


def set_level(page: Page, ctl: Controller, intent: Intent) -> None:
    page.apply(ctl.set_next_level(intent.value))


def start_new(page: Page, ctl: Controller, intent: Intent) -> None:
    if not ctl.in_progress:
        abandon(page, ctl, intent)
        return
    page.ask(new=True)
    page.refill("newgame", "keep")


def abandon(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.ask(new=False)
    page.forget_focus()  # focus goes to the new hand, not back to the menu
    page.close("newgame", "summary")
    page.apply(ctl.new_game())
    page.focus_hand()


def keep(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.close("newgame")


def ask_reset(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.ask(reset=True)
    page.refill("stats", "reset-no")


def reset(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.reset_stats())
    page.ask(reset=False)
    page.refill("stats", "close")


def keep_stats(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.ask(reset=False)
    page.refill("stats", "reset")


def apply_update(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.take_update()


def update_ready(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.offer_update()


def dismiss(page: Page, _ctl: Controller, _intent: Intent) -> None:
    page.dismiss_notices()


def navigate(page: Page, _ctl: Controller, intent: Intent) -> None:
    page.navigate(intent.value)


def note_focus(page: Page, _ctl: Controller, intent: Intent) -> None:
    page.focus_card(intent.value)


def visibility(page: Page, ctl: Controller, _intent: Intent) -> None:
    page.apply(ctl.set_visible(page.visible()))


def flush(_page: Page, ctl: Controller, _intent: Intent) -> None:
    ctl.flush()


HANDLERS: dict[str, IntentHandler] = {
    "tap": tap,
    Intents.lower: lower,
    Intents.confirmPass: confirm_pass,
    "continue": continue_hand,
    "new_game": new_game_after_summary,
    "menu": open_menu,
    "open-newgame": opener("newgame"),
    "open-stats": opener("stats"),
    "open-help": opener("help"),
    "close": close,
    "lang": set_lang,
    "level": set_level,
    "four-colour": switch_four_colour,
    "sound": switch_sound,
    "start-new": start_new,
    "abandon": abandon,
    "keep": keep,
    "reset": ask_reset,
    "reset-yes": reset,
    "reset-no": keep_stats,
    "update": apply_update,
    "update-ready": update_ready,
    "dismiss": dismiss,
    "nav": navigate,
    "focus": note_focus,
    "visibility": visibility,
    "flush": flush,
}


def dispatch(page: Page, intent: Intent) -> None:
    """Carry out ``intent`` (an unknown one does nothing)."""
    handler = HANDLERS.get(intent.name)
    if handler is not None:
        page.carry_out(handler, intent)
