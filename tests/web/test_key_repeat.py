"""Keys play only when pressed (R17: two deliberate taps).

A key's autorepeat is no tap: Enter held on the hand summary's Continue went on into the
next hand and lifted, played and chose pass cards.  The fake document clicks a focused
button as a browser does (Enter at every keydown, autorepeat included; Space at keyup).
"""

from __future__ import annotations

from hearts.web.keys import KeyGuard
from hearts.web.ports import DomEvent

from .pages import Tab, open_tab

REPEATS = 30  # well over a second of autorepeat


def summary_of_hand(number: int) -> Tab:
    """A tab showing the summary of hand ``number``, focus on its Continue button."""
    tab = open_tab(seed=3)
    while not (tab.ctl.game.phase == "hand_over" and tab.ctl.game.hand_number == number):
        tab.my_move()
    assert tab.dialog("summary").is_open
    tab.dom.action("continue", "dlg-summary").focus()
    return tab


def my_plays(tab: Tab) -> list[str]:
    plays = [a for a in tab.ctl.game.actions if a.kind == "play" and a.seat == 0]
    return [str(card) for action in plays for card in action.cards]


def hold(tab: Tab, key: str, onto_a_card: bool = False) -> None:
    """``key`` pressed on the focused element and held: its autorepeat, the CPU seats
    playing on meanwhile, then released.  ``onto_a_card``: once pressed, focus goes to a
    card of yours (the repeats land on the table, wherever focus returns after a dialog)."""
    tab.dom.key_down(key)
    if onto_a_card:
        tab.settle()
        tab.dom.card(tab.hand()[0]).focus()
    for _ in range(REPEATS):
        tab.settle()
        assert tab.dom.key_down(key, repeat=True).prevented
    tab.settle()
    tab.dom.key_up(key)
    tab.settle()


def assert_untouched(tab: Tab, plays_before: list[str]) -> None:
    record = tab.ctl.record
    assert record.selection == () and record.lifted is None
    assert my_plays(tab) == plays_before
    assert not tab.dom.by_id("hand").query_all("button.selected, button.lifted")


def test_enter_held_on_continue_into_a_pass_hand_continues_only() -> None:
    tab = summary_of_hand(1)
    plays = my_plays(tab)
    hold(tab, "Enter", onto_a_card=True)
    assert tab.ctl.game.hand_number == 2 and tab.ctl.game.phase == "pass"
    assert_untouched(tab, plays)
    tab.dom.key("Enter")  # pressed again: a deliberate press chooses the card
    assert len(tab.ctl.record.selection) == 1


def test_space_held_on_continue_into_a_hold_hand_continues_once() -> None:
    tab = summary_of_hand(3)
    plays = my_plays(tab)
    hold(tab, " ")
    game = tab.ctl.game
    assert game.hand_number == 4 and game.phase == "play"  # R8: the fourth hand holds
    assert_untouched(tab, plays)


def test_enter_held_on_continue_into_a_hold_hand_plays_nothing() -> None:
    tab = summary_of_hand(3)
    plays = my_plays(tab)
    hold(tab, "Enter", onto_a_card=True)
    assert tab.ctl.game.hand_number == 4
    assert_untouched(tab, plays)


def test_enter_held_on_a_card_mid_hand_lifts_it_and_plays_nothing() -> None:
    tab = open_tab(seed=3)
    while not (tab.ctl.game.phase == "play" and len(tab.hand()) == 9):
        tab.my_move()
    tab.settle()
    card = tab.dom.card(tab.playable()[0])
    card.focus()
    plays = my_plays(tab)
    hold(tab, "Enter")
    assert str(tab.ctl.record.lifted) == card.attr("data-card") and my_plays(tab) == plays
    tab.dom.key("Enter")  # the second deliberate press plays it (R17)
    assert my_plays(tab) == [*plays, card.attr("data-card")]


def test_enter_held_on_the_new_game_dialog_presses_each_button_once() -> None:
    tab = open_tab(seed=3)
    tab.my_move()  # a game in progress: a new game asks first (R37)
    tab.act("menu")
    tab.act("open-newgame", "dlg-menu")
    newgame = tab.dialog("newgame")
    game = tab.ctl.game
    tab.dom.action("start-new", "dlg-newgame").focus()
    hold(tab, "Enter")  # the question comes, focus on its Keep: the repeats keep nothing
    keep = tab.dom.action("keep", "dlg-newgame")
    assert newgame.is_open and tab.dom.active() is keep and tab.ctl.game is game
    tab.dom.action("abandon", "dlg-newgame").focus()
    hold(tab, "Enter", onto_a_card=True)
    assert not newgame.is_open and tab.ctl.game is not game
    assert tab.ctl.game.phase == "pass" and len(tab.hand()) == 13
    assert_untouched(tab, [])


def test_arrow_keys_still_repeat() -> None:
    tab = open_tab(seed=5)
    hand = tab.hand()
    tab.dom.card(hand[0]).focus()
    tab.dom.key_down("ArrowRight")
    tab.dom.key_down("ArrowRight", repeat=True)
    assert tab.dom.active() is tab.dom.card(hand[2])


def event(kind: str, key: str, repeat: bool = False) -> tuple[DomEvent, list[str]]:
    said: list[str] = []
    return DomEvent(kind, key=key, repeat=repeat, prevent_default=lambda: said.append(kind)), said


def test_a_key_down_when_a_dialog_closes_is_spent_until_pressed_again() -> None:
    guard = KeyGuard()
    down, _ = event("keydown", " ")
    guard.on_key_down(down)
    guard.on_dialog_close(DomEvent("close"))
    up, prevented = event("keyup", " ")
    guard.on_key_up(up)
    assert prevented == ["keyup"]  # Space clicks at keyup: not the table's button
    for fresh in ("keydown", "keyup"):  # released: the next press is a press
        again, prevented = event(fresh, " ")
        (guard.on_key_down if fresh == "keydown" else guard.on_key_up)(again)
        assert prevented == []


def test_a_fresh_press_counts_even_if_the_release_went_unseen() -> None:
    guard = KeyGuard()
    guard.on_key_down(event("keydown", "Enter")[0])
    guard.on_dialog_close(DomEvent("close"))  # and the keyup went to another window
    down, prevented = event("keydown", "Enter")
    guard.on_key_down(down)
    up, prevented_up = event("keyup", "Enter")
    guard.on_key_up(up)
    assert prevented == [] and prevented_up == []
