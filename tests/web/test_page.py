"""The browser layer end to end on a fake document: drawing, input, dialogs, the timer.

The wiring is the page's own (``hearts.web.shell.compose``); only the DOM facade is fake.
The real browser is the e2e suite's business; here every decision the page makes is
reached in CPython (R4, R7, R11, R17, R18, R20, R22, R29, R36, R37).
"""

from __future__ import annotations

import json

from hearts.cards import Card
from hearts.enums import Level
from hearts.steps import Action
from hearts.web.events import Outcome
from hearts.web.records import GAME_KEY

from .memory import MemoryStorage
from .pages import open_tab


def test_start_deals_draws_and_hands_over_the_table():
    tab = open_tab(seed=5)
    dom = tab.dom
    assert dom.root.attr("data-state") == "ready" and dom.root.attr("lang") == "en"
    assert dom.by_id("boot").attr("hidden") == ""
    assert len(tab.hand()) == 13
    hand = dom.by_id("hand")
    assert len(hand.query_all('button[tabindex="0"]')) == 1
    assert dom.by_id("menu-button").attr("disabled") is None
    assert hand.attr("aria-label") == "Your hand"
    state = tab.state()
    kind, seat, _delay = state["timer"]
    assert state["phase"] == "pass" and kind == "pass" and seat in (1, 2, 3)
    assert json.loads(dom.exposed["heartsDebug"]["perf"]()) == {"cpu_ms": [], "move_ms": []}


def test_a_whole_game_through_clicks_with_never_more_than_one_timer():
    tab = open_tab(seed=13)
    hands = 0
    while tab.ctl.game.phase != "game_over":
        if tab.ctl.game.phase == "hand_over":
            hands += 1
            summary = tab.dialog("summary")
            assert summary.is_open and summary.query('[data-intent="continue"]')
        tab.my_move()
    assert tab.dialog("summary").is_open
    assert tab.dialog("summary").query('[data-intent="new_game"]') is not None
    assert hands >= 3 and tab.ctl.stats.counted(tab.ctl.record.game_id) == "f"
    perf = json.loads(tab.dom.exposed["heartsDebug"]["perf"]())
    assert len(perf["cpu_ms"]) > 100 and len(perf["move_ms"]) == len(perf["cpu_ms"])
    # The live region keeps the last few announcements only.
    assert 0 < len(tab.dom.by_id("live").elements()) <= 4


def test_three_cards_enable_the_pass_and_the_cpu_seats_pass_first():
    tab = open_tab(seed=5)
    hand = tab.hand()
    tab.tap(hand[0])
    tab.tap(hand[1])
    button = tab.dom.action("confirm-pass")
    assert button.disabled
    tab.dom.click(button)  # a disabled button does nothing (R7)
    assert tab.ctl.game.phase == "pass"
    tab.tap(hand[2])
    assert [c.attr("data-card") for c in tab.dom.by_id("hand").query_all(".selected")] == hand[:3]
    tab.act("confirm-pass")
    assert [a.seat for a in tab.ctl.game.actions[:4]] == [1, 2, 3, 0]  # passes (R11)
    live = tab.dom.by_id("live").text()
    assert "Cards exchanged" in live


def test_two_taps_play_and_blocked_cards_do_not_respond():
    tab = open_tab(seed=8)
    for _ in range(60):
        tab.my_move()
        game = tab.ctl.game
        if game.to_act == 0 and len(game.legal_plays(0)) < len(game.hand(0)):
            break
    blocked = [c for c in tab.hand() if c not in tab.playable()]
    assert blocked
    before = tab.ctl.game.actions
    tab.tap(blocked[0])
    assert tab.ctl.game.actions == before and tab.ctl.record.lifted is None  # R18
    assert tab.dom.card(blocked[0]).attr("aria-disabled") == "true"
    code = tab.playable()[0]
    tab.tap(code)
    assert "lifted" in str(tab.dom.card(code).attr("class"))  # R17: lifted, not played
    tab.tap(code)
    assert tab.ctl.game.actions[-1] == Action.playing(0, Card.parse(code))


def test_arrow_keys_move_the_roving_focus_and_enter_lifts():
    tab = open_tab(seed=5)
    dom = tab.dom
    hand = tab.hand()
    dom.card(hand[0]).focus()
    dom.key("ArrowRight")
    assert dom.active() is dom.card(hand[1])
    assert dom.card(hand[1]).attr("tabindex") == "0" and dom.card(hand[0]).attr("tabindex") == "-1"
    dom.key("End")
    assert dom.active() is dom.card(hand[-1])
    dom.key("ArrowLeft")
    dom.key("Home")
    assert dom.active() is dom.card(hand[0])
    assert not dom.key("a").prevented
    dom.key("Enter")  # Enter on a card button clicks it: selected for the pass
    assert tab.ctl.record.selection and str(tab.ctl.record.selection[0]) == hand[0]
    assert dom.active() is dom.card(hand[0])  # redrawn, focus kept on the same card


def test_focus_moves_to_the_neighbour_of_the_card_just_played():
    tab = open_tab(seed=8)
    tab.my_move()  # the pass
    while tab.ctl.game.to_act != 0:
        tab.my_move()
    code = tab.playable()[0]
    before = tab.hand()
    tab.dom.card(code).focus()
    tab.tap(code)
    tab.tap(code)
    active = tab.dom.active()
    assert active is not None and active.attr("data-card") in before
    assert active.attr("data-card") != code


def test_a_turn_that_blocks_the_focused_card_moves_the_focus_to_a_playable_one():
    tab = open_tab(seed=8)
    tab.my_move()  # the pass
    for _ in range(13):
        tab.settle()
        if tab.ctl.game.phase != "play":
            break
        code = tab.playable()[0]
        tab.tap(code)
        tab.tap(code)
        if not tab.hand():
            break
        target = tab.hand()[-1]
        tab.dom.card(target).focus()  # where your focus waits while the others play
        tab.settle()
        if tab.ctl.game.to_act == 0 and target not in tab.playable():
            active = tab.dom.active()
            assert active is not None and active.attr("data-card") in tab.playable()
            assert active.attr("tabindex") == "0"
            return
    raise AssertionError("no turn blocked the card that had the focus")


def test_menu_statistics_and_reset_with_confirmation():
    tab = open_tab(seed=5)
    dom = tab.dom
    dom.by_id("menu-button").focus()
    tab.act("menu")
    assert tab.dialog("menu").is_open
    tab.act("open-stats", "dlg-menu")
    stats = tab.dialog("stats")
    assert stats.is_open and not tab.dialog("menu").is_open
    assert "Medium" in stats.text() and "Total playing time" in stats.text()
    tab.act("reset", "dlg-stats")
    assert stats.query('[role="alert"]') is not None
    assert dom.active() is stats.query('[data-intent="reset-no"]')
    tab.act("reset-no", "dlg-stats")
    assert tab.ctl.stats.medium.played == 1 and stats.query('[role="alert"]') is None
    tab.act("reset", "dlg-stats")
    tab.act("reset-yes", "dlg-stats")
    assert tab.ctl.stats.medium.played == 0
    assert dom.active() is stats.query('[data-intent="close"]')
    tab.act("close", "dlg-stats")
    assert not stats.is_open
    assert dom.active() is dom.by_id("menu-button")  # focus returns where it was


def test_a_level_radio_chooses_once_and_only_for_the_next_game():
    tab = open_tab(seed=5)
    calls: list[Level | str] = []
    original = tab.ctl.set_next_level
    def chosen(level: Level | str) -> Outcome:
        calls.append(level)
        return original(level)

    tab.ctl.set_next_level = chosen  # type: ignore[method-assign]
    tab.act("menu")
    tab.act("open-newgame", "dlg-menu")
    dialog = tab.dialog("newgame")
    assert "keeps its level: Medium" in dialog.text()
    tab.dom.click(dialog.query('input[value="hard"]'))
    assert calls == ["hard"]  # one click, one intent (not a click and a change)
    assert tab.ctl.settings.level == "hard" and tab.ctl.game.level == "medium"  # R5
    tab.act("start-new", "dlg-newgame")  # a game is in progress: ask first (R37)
    assert tab.dom.active() is dialog.query('[data-intent="keep"]')
    tab.act("keep", "dlg-newgame")
    assert not dialog.is_open and tab.ctl.game.level == "medium"
    tab.act("menu")
    tab.act("open-newgame", "dlg-menu")
    tab.act("start-new", "dlg-newgame")
    tab.act("abandon", "dlg-newgame")
    assert tab.ctl.game.level == "hard" and tab.ctl.stats.hard.played == 1
    assert tab.ctl.stats.medium.played == 1 and tab.ctl.stats.medium.lost == 0
    active = tab.dom.active()
    assert active is not None and active.attr("data-card") is not None  # back on the hand


def test_switching_language_redraws_table_and_menu_and_keeps_focus():
    """U3: the language can be switched at any time."""
    tab = open_tab(seed=5)
    tab.act("menu")
    tab.dom.click(tab.dialog("menu").query('[data-lang="de"]'))
    dom = tab.dom
    assert dom.root.attr("lang") == "de" and dom.by_id("menu-button").text() == "Menü"
    assert "Sprache" in tab.dialog("menu").text()
    assert dom.active() is tab.dialog("menu").query('[data-lang="de"]')
    assert "Weitergabe" in dom.by_id("status").text()


def test_help_opens_and_tab_wraps_inside_the_dialog():
    tab = open_tab(seed=5)
    tab.act("menu")
    tab.act("open-help", "dlg-menu")
    help_dialog = tab.dialog("help")
    assert help_dialog.is_open and "The rules" in help_dialog.text()
    top, close = help_dialog.query_all('[data-intent="close"]')  # × at the top, Close below
    assert top.attr("class") == "dlg-x" and top.attr("aria-label") == "Close"
    close.focus()
    event = tab.dom.key("Tab")
    assert event.prevented and tab.dom.active() is top  # from the last item it wraps to the first
    tab.dom.by_id("menu-button").focus()  # focus outside the modal
    tab.dom.key("Tab", shift=True)
    assert tab.dom.active() is close
    tab.dom.click(top)
    assert not help_dialog.is_open


def test_focus_trap_wraps_from_last_to_first_and_back():
    tab = open_tab(seed=5)
    tab.act("menu")
    menu = tab.dialog("menu")
    buttons = menu.query_all("button")
    buttons[-1].focus()
    tab.dom.key("Tab")
    assert tab.dom.active() is buttons[0]
    tab.dom.key("Tab", shift=True)
    assert tab.dom.active() is buttons[-1]
    buttons[1].focus()
    assert not tab.dom.key("Tab").prevented  # inside: the browser moves on by itself


def test_the_summary_ignores_escape_and_continues_with_its_button():
    tab = open_tab(seed=3)
    while tab.ctl.game.phase != "hand_over":
        tab.my_move()
    summary = tab.dialog("summary")
    assert summary.is_open and "Hand 1 is over" in summary.text()
    event = tab.dom.dispatch("cancel", summary)
    assert event.prevented
    menu_event = tab.dom.dispatch("cancel", tab.dialog("menu"))
    assert not menu_event.prevented
    tab.act("continue", "dlg-summary")
    assert not summary.is_open and tab.ctl.game.hand_number == 2


def test_a_new_version_is_offered_between_hands_only():
    tab = open_tab(seed=3)
    tab.dom.dispatch("hearts:update-ready", None)
    assert tab.page.drawing.screen.update_ready
    assert tab.dialog("summary").query('[data-intent="update"]') is None
    while tab.ctl.game.phase != "hand_over":
        tab.my_move()
    tab.act("update", "dlg-summary")
    assert tab.dom.updates_applied == 1


def test_a_bad_saved_game_is_told_and_the_notice_can_be_dismissed():
    memory = MemoryStorage({GAME_KEY: '{"kind":"hearts-table"}'})
    tab = open_tab(memory)
    notice = tab.dom.by_id("notice")
    assert "could not be loaded" in notice.text()
    tab.act("dismiss", "notice")
    assert notice.text() == "" and notice.attr("role") == "status"
    active = tab.dom.active()
    assert active is not None and active.attr("data-card") is not None


def test_an_error_in_a_handler_leaves_a_working_page():
    tab = open_tab(seed=5)

    def broken(code: str) -> None:
        raise RuntimeError("boom")

    tab.ctl.tap = broken  # type: ignore[method-assign]
    tab.tap(tab.hand()[0])
    notice = tab.dom.by_id("notice")
    assert notice.attr("role") == "alert" and "Something went wrong" in notice.text()
    assert "RuntimeError: boom" in tab.dom.errors[0]
    del tab.ctl.tap
    tab.tap(tab.hand()[0])
    assert len(tab.ctl.record.selection) == 1


def test_playing_time_stops_while_the_page_is_hidden_and_is_flushed_on_pagehide():
    tab = open_tab(seed=5)
    tab.dom.clock += 10_000
    tab.dom.visibility_hidden = True
    tab.dom.dispatch("visibilitychange", None)
    assert tab.ctl.stats.time_ms == 10_000
    tab.dom.clock += 50_000
    tab.dom.visibility_hidden = False
    tab.dom.dispatch("visibilitychange", None)
    tab.dom.clock += 5_000
    tab.dom.dispatch_window("pagehide")
    assert tab.ctl.stats.time_ms == 15_000


def test_a_reload_resumes_the_same_table():
    """U1."""
    memory = MemoryStorage()
    tab = open_tab(memory, seed=5)
    tab.my_move()
    tab.my_move()
    again = open_tab(memory, seed=99)
    assert again.state()["game"] == tab.state()["game"]
    assert again.hand() == tab.hand()


def test_focus_returns_to_the_menu_button_when_close_events_come_late():
    """A browser fires a dialog's close event in a task of its own. Beside a second `make
    test`, the events of the stats dialog's Escape and of the menu's Close button came
    after both: the first handed focus back to the menu button, and the second, finding
    nothing to hand back, sent it to the hand (U4)."""
    tab = open_tab(seed=5)
    dom = tab.dom
    menu_button = dom.by_id("menu-button")
    menu_button.focus()
    dom.deferred = []
    tab.act("menu")
    tab.act("open-stats", "dlg-menu")
    tab.dialog("stats").close()  # Escape: the browser closes it and restores focus
    tab.act("menu")
    close = tab.dialog("menu").query('[data-intent="close"]')
    assert close is not None
    close.focus()
    dom.click(close)
    assert dom.active() is menu_button
    dom.run_deferred()
    assert dom.active() is menu_button, dom.active()
