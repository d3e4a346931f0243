"""Two tabs, one saved game: the decisions of hearts.web.tablock."""

from __future__ import annotations

import pytest

from hearts import i18n
from hearts.view.dialog_views import other_tab
from hearts.web.render import TAB_DIALOG
from hearts.web.render import other_tab as tab_html
from hearts.web.tablock import LOCK_MODES, TabLock, adoptable, lock_options


def test_the_first_tab_gets_the_lock_and_starts():
    tab = TabLock()
    assert tab.granted(tab.ask()) == "start"
    assert tab.owner and not tab.waiting


def test_a_second_tab_waits_and_takes_over_by_starting():
    tab = TabLock()
    first = tab.ask()
    assert tab.refused(first)
    assert tab.waiting and tab.may_take_over() and not tab.owner
    waiting = tab.ask()  # queued: granted when the other tab closes
    steal = tab.ask()  # the player pressed "Play here": the queued request is withdrawn
    assert tab.granted(waiting) is None  # a stale grant changes nothing
    assert tab.lost(waiting) is None  # nor does the withdrawn request's error
    assert tab.granted(steal) == "start"
    assert tab.owner and tab.held == steal


def test_the_tab_that_loses_the_lock_stops_and_resumes_from_storage_later():
    tab = TabLock()
    held = tab.ask()
    tab.granted(held)
    assert tab.lost(held) == "stop"  # stolen: stop playing at once
    assert tab.status == "taken" and tab.may_take_over() and not tab.owner
    assert tab.lost(held) is None  # reported once
    again = tab.ask()
    assert tab.granted(again) == "resume"  # not "start": load the other tab's progress
    assert tab.owner


def test_the_other_tab_closing_hands_the_game_over_after_a_grace_period():
    tab = TabLock()
    tab.refused(tab.ask())
    queued = tab.ask()
    assert tab.granted(queued, waited=True) == "hold"  # it may only be reloading
    assert tab.status == "holding" and tab.waiting and not tab.owner
    assert tab.settle(queued) == "start"  # it stayed away
    assert tab.owner and tab.settle(queued) is None


def test_the_reloaded_tab_taking_the_lock_back_sends_the_holder_back_to_waiting():
    for before in ("elsewhere", "taken"):
        tab = TabLock()
        if before == "elsewhere":
            tab.refused(tab.ask())
        else:
            held = tab.ask()
            tab.granted(held)
            tab.lost(held)
        queued = tab.ask()
        assert tab.granted(queued, waited=True) == "hold"
        assert tab.lost(queued) == "wait"  # stolen back within the grace period
        assert tab.status == before and tab.held is None
        assert tab.settle(queued) is None  # the grace timer that fires later does nothing
        assert not tab.owner


def test_an_owner_ignores_late_answers():
    tab = TabLock()
    held = tab.ask()
    tab.granted(held)
    assert tab.refused(held) is False and tab.granted(held) is None
    assert not tab.may_take_over()
    assert tab.owner


def test_the_dialog_speaks_both_languages_and_offers_to_take_over():
    for lang in i18n.LANGS:
        for taken, key in ((False, "tab.elsewhere"), (True, "tab.taken")):
            html = tab_html(other_tab(lang, taken))
            assert f'id="{TAB_DIALOG}-title"' in html
            assert i18n.text(lang, key) in html
            assert 'data-intent="take-over"' in html
    assert "Play here" in tab_html(other_tab("en", False))
    assert "Hier spielen" in tab_html(other_tab("de", True))


def test_each_lock_mode_has_its_request_options_and_only_waiting_is_withdrawn():
    """The options dom.py chose inline, now decided here."""
    assert [lock_options(mode) for mode in LOCK_MODES] == [
        ({"ifAvailable": True}, False),
        ({}, True),
        ({"steal": True}, False),
    ]
    with pytest.raises(ValueError, match="unknown lock mode"):
        lock_options("now")


def test_a_reloaded_tab_adopts_the_lock_the_handover_asked_for_or_holds():
    assert adoptable("asking") and adoptable("held")
    assert not adoptable("lost") and not adoptable("none")
