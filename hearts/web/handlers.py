"""What each intent does on the page: a table from intent name to a small handler.

Handlers call the controller (which applies or refuses the intent and says what happened)
and the page's parts; none of them touches the DOM directly.
"""

from __future__ import annotations

from collections.abc import Callable

from .names import Actions
from .page import Page
from .ports import Intent

IntentHandler = Callable[[Page, Intent], None]


def tap(page: Page, intent: Intent) -> None:
    page.drawing.painter.focus_code = intent.value
    outcome = page.ctl.tap(intent.value)
    if outcome is not None:
        page.update(outcome)


def lower(page: Page, _intent: Intent) -> None:
    outcome = page.ctl.lower()
    if outcome is not None:
        page.update(outcome)


def confirm_pass(page: Page, _intent: Intent) -> None:
    outcome = page.ctl.confirm_pass()
    if outcome is not None:
        page.update(outcome)


def continue_hand(page: Page, _intent: Intent) -> None:
    outcome = page.ctl.continue_hand()
    if outcome is not None:
        page.drawing.dialogs.close("summary")
        page.update(outcome)


def new_game_after_summary(page: Page, _intent: Intent) -> None:
    page.drawing.dialogs.close("summary")
    page.update(page.ctl.new_game())


def open_menu(page: Page, _intent: Intent) -> None:
    page.drawing.dialogs.close_all(keep="summary")
    page.open("menu")


def opener(name: str) -> IntentHandler:
    def open_dialog(page: Page, _intent: Intent) -> None:
        page.drawing.confirm_new = page.drawing.confirm_reset = False
        page.drawing.dialogs.close("menu")
        page.open(name)

    return open_dialog


def close(page: Page, intent: Intent) -> None:
    dialog = intent.target.closest("dialog") if intent.target is not None else None
    if dialog is not None:
        dialog.close()


def set_lang(page: Page, intent: Intent) -> None:
    page.update(page.ctl.set_lang(intent.value))
    page.drawing.dialogs.focus_lang(intent.value)  # the menu was redrawn in the new language


def switch_four_colour(page: Page, _intent: Intent) -> None:
    page.update(page.ctl.set_four_colour(not page.ctl.settings.four_colour))
    page.drawing.refill("menu", "four-colour")


def switch_sound(page: Page, _intent: Intent) -> None:
    page.update(page.ctl.set_sound(not page.ctl.settings.sound))
    page.drawing.refill("menu", "sound")


def set_level(page: Page, intent: Intent) -> None:
    page.update(page.ctl.set_next_level(intent.value))


def start_new(page: Page, _intent: Intent) -> None:
    if not page.ctl.in_progress:
        abandon(page, _intent)
        return
    page.drawing.confirm_new = True
    page.drawing.refill("newgame", "keep")


def abandon(page: Page, _intent: Intent) -> None:
    page.drawing.confirm_new = False
    page.drawing.dialogs.forget_focus()  # focus goes to the new hand, not back to the menu
    page.drawing.dialogs.close("newgame")
    page.drawing.dialogs.close("summary")
    page.update(page.ctl.new_game())
    page.drawing.painter.focus_hand()


def keep(page: Page, _intent: Intent) -> None:
    page.drawing.dialogs.close("newgame")


def ask_reset(page: Page, _intent: Intent) -> None:
    page.drawing.confirm_reset = True
    page.drawing.refill("stats", "reset-no")


def reset(page: Page, _intent: Intent) -> None:
    page.update(page.ctl.reset_stats())
    page.drawing.confirm_reset = False
    page.drawing.refill("stats", "close")


def keep_stats(page: Page, _intent: Intent) -> None:
    page.drawing.confirm_reset = False
    page.drawing.refill("stats", "reset")


def apply_update(page: Page, _intent: Intent) -> None:
    page.dom.apply_update()


def update_ready(page: Page, _intent: Intent) -> None:
    page.drawing.update_ready = True
    page.draw()


def dismiss(page: Page, _intent: Intent) -> None:
    page.drawing.notices.clear()
    page.drawing.painter.alert(False)
    page.draw()
    page.drawing.painter.focus_hand()


def navigate(page: Page, intent: Intent) -> None:
    page.drawing.painter.navigate(intent.value)


def note_focus(page: Page, intent: Intent) -> None:
    page.drawing.painter.focus_code = intent.value


def visibility(page: Page, _intent: Intent) -> None:
    page.update(page.ctl.set_visible(not page.dom.hidden()))


def flush(page: Page, _intent: Intent) -> None:
    page.ctl.flush()


HANDLERS: dict[str, IntentHandler] = {
    "tap": tap,
    Actions.lower: lower,
    Actions.confirmPass: confirm_pass,
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
        page.run_safely(handler, page, intent)
