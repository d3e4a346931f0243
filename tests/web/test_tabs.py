"""Two tabs of one browser on the fake document: one plays, the other waits or takes over."""

from __future__ import annotations

from hearts.web.lifecycle import CLAIM_MS
from hearts.web.records import GAME_KEY
from hearts.web.table_record import load_table
from hearts.web.tablock import GRACE_MS

from .fakedom import FakeLocks
from .memory import MemoryStorage
from .pages import Tab, open_tab


def two_tabs():
    memory, locks = MemoryStorage(), FakeLocks()
    first = open_tab(memory, locks=locks, seed=5)
    second = open_tab(memory, locks=locks, seed=5)
    return memory, locks, first, second


def test_the_second_tab_waits_and_ignores_its_input():
    _, _, first, second = two_tabs()
    assert first.dom.root.attr("data-state") == "ready" and first.ownership.owner
    assert second.dom.root.attr("data-state") == "elsewhere" and not second.ownership.owner
    assert second.dom.root.attr("data-tab") == "elsewhere"
    dialog = second.dom.by_id("dlg-tab")
    assert dialog.is_open and "already open in another tab" in dialog.text()
    assert second.dom.active() is dialog.query('[data-intent="take-over"]')
    assert second.dom.by_id("boot").attr("hidden") == ""
    second.dom.click(second.dom.by_id("menu-button"))
    assert not second.dom.by_id("dlg-menu").is_open  # this tab does not drive the game
    assert second.dom.dispatch("cancel", dialog).prevented
    dialog.close()  # Escape must not uncover a table this tab does not drive
    assert dialog.is_open


def test_taking_over_stops_the_first_tab_and_resumes_its_progress():
    _, _, first, second = two_tabs()
    first.my_move()  # the pass, and the CPU seats up to your turn
    saved = first.state()["game"]
    second.dom.click(second.dom.by_id("dlg-tab").query('[data-intent="take-over"]'))
    assert second.ownership.owner and second.state()["game"] == saved
    assert not second.dom.by_id("dlg-tab").is_open and second.dom.root.attr("data-tab") == "owner"
    assert len(second.hand()) == 13
    # The first tab stopped at once: no timer, its dialog says what happened.
    assert not first.ownership.owner and first.dom.timers == {}
    assert "taken over" in first.dom.by_id("dlg-tab").text()
    first.tap(first.hand()[0])
    assert first.ctl.record.selection == ()  # ignored
    # Taking it back resumes the second tab's progress.
    second.my_move()
    later = second.state()["game"]
    first.dom.click(first.dom.by_id("dlg-tab").query('[data-intent="take-over"]'))
    assert first.ownership.owner and first.state()["game"] == later
    assert not second.ownership.owner


def test_closing_the_playing_tab_hands_the_game_to_the_waiting_one():
    _, locks, first, second = two_tabs()
    first.my_move()
    saved = first.state()["game"]
    locks.close_tab(first.dom)
    # Held, not played yet: the closed tab might be reloading and come back for it.
    assert not second.ownership.owner and second.dom.by_id("dlg-tab").is_open
    assert [delay for _, delay in second.dom.timers.values()] == [GRACE_MS]
    second.settle()  # nobody came back: the game is this tab's
    assert second.ownership.owner and second.state()["game"] == saved
    assert second.dom.root.attr("data-state") == "ready"
    assert not second.dom.by_id("dlg-tab").is_open


def test_reloading_the_playing_tab_keeps_the_game_there_whenever_it_happens():
    """The reload hands the lock to the waiting tab for a moment; the reloaded
    tab takes it back as it loads, and the waiting tab never plays a move."""
    memory, locks, playing, waiting = two_tabs()

    def touch(tab: Tab) -> None:  # a card chosen for the pass, or lifted
        if tab.playable():
            tab.tap(tab.playable()[-1])

    moves = [touch, Tab.my_move, lambda tab: None, Tab.settle]
    for reload in range(12):
        moves[reload % len(moves)](playing)  # … and CPU steps pending, or none
        saved = load_table(memory.data[GAME_KEY])
        locks.close_tab(playing.dom)  # the page unloads: the waiting tab is granted the lock
        playing = open_tab(memory, locks=locks, seed=5, reclaim=True)
        assert playing.ownership.owner, reload
        table = playing.ctl.record
        assert table.game.actions == saved.game.actions, reload  # nothing lost, nothing twice
        assert (table.selection, table.lifted) == (saved.selection, saved.lifted), reload
        waiting.settle()  # its grace period ends: it gave the lock back and waits again
        assert not waiting.ownership.owner and waiting.dom.by_id("dlg-tab").is_open
        assert waiting.dom.root.attr("data-tab") == "elsewhere"
    # Closing the playing tab still hands the game over.
    playing.my_move()
    saved_game = playing.state()["game"]
    locks.close_tab(playing.dom)
    waiting.settle()
    assert waiting.ownership.owner and waiting.state()["game"] == saved_game


def test_a_lock_released_while_the_playing_tab_unloads_is_not_a_take_over():
    """WebKit rejects the held lock's request while the reloading tab's document unloads;
    the page showed the "taken over" dialog there and showModal threw (a page error)."""
    _, locks, first, second = two_tabs()
    first.my_move()
    first.dom.dispatch_window("pagehide")
    locks.close_tab(first.dom, tell_holder=True)
    assert first.dom.errors == [] and not first.dom.by_id("dlg-tab").is_open
    second.settle()
    assert second.ownership.owner


def test_a_tab_back_from_the_page_cache_says_the_game_was_taken_while_it_was_away():
    _, _, first, second = two_tabs()
    first.dom.dispatch_window("pagehide")
    second.dom.click(second.dom.by_id("dlg-tab").query('[data-intent="take-over"]'))
    assert second.ownership.owner and not first.dom.by_id("dlg-tab").is_open
    first.dom.dispatch_window("pageshow")
    assert "taken over" in first.dom.by_id("dlg-tab").text() and first.dom.timers == {}
    first.dom.dispatch_window("pageshow")  # said once
    assert first.dom.errors == []


def test_take_over_while_holding_plays_at_once():
    _, locks, first, second = two_tabs()
    locks.close_tab(first.dom)
    assert not second.ownership.owner
    second.dom.click(second.dom.by_id("dlg-tab").query('[data-intent="take-over"]'))
    assert second.ownership.owner and not second.dom.by_id("dlg-tab").is_open


def test_without_web_locks_the_tab_just_plays():
    tab = open_tab(MemoryStorage(), locks=None)
    assert tab.ownership.owner and tab.dom.root.attr("data-state") == "ready"


def test_a_browser_that_rejects_web_locks_plays_at_once():
    """Site storage blocked: navigator.locks.request rejects with a SecurityError. The
    page stayed at "claiming" for ever before."""
    locks = FakeLocks()
    locks.refusing = True
    tab = open_tab(MemoryStorage(), locks=locks)
    assert tab.dom.root.attr("data-state") == "ready" and tab.ownership.owner
    assert tab.dom.reported == ["claiming", "starting", "ready"]
    assert not tab.dom.by_id("dlg-tab").is_open
    tab.my_move()  # it plays, with the one timer of the CPU seats (R22)
    assert tab.ctl.game.phase == "play"


def test_a_lock_manager_that_never_answers_is_waited_for_only_its_bound():
    locks = FakeLocks()
    locks.silent = True
    tab = open_tab(MemoryStorage(), locks=locks)
    assert tab.dom.root.attr("data-state") == "claiming"
    [(handle, (callback, delay))] = tab.dom.timers.items()
    assert delay == CLAIM_MS
    del tab.dom.timers[handle]
    callback()
    assert tab.dom.root.attr("data-state") == "ready" and tab.ownership.owner


def test_the_claims_bound_is_gone_once_the_lock_answers():
    _, _, first, second = two_tabs()
    assert first.dom.timers == {} or all(d != CLAIM_MS for _, d in first.dom.timers.values())
    assert all(delay != CLAIM_MS for _, delay in second.dom.timers.values())
