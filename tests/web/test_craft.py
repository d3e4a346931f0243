"""The table's focus, selection, help and text, on the Python side: a lifted card put back
down (R17), a fourth pass card that says what to do (R7), the cards received named in the
prompt (U14), the help's word on what the CPU seats see (U12, R23), names kept on one line."""

from __future__ import annotations

import re

import pytest

from hearts import Game, i18n
from hearts.cards import Card
from hearts.view import build
from hearts.view.dialog_views import help_view
from hearts.web import markup, render

from .helpers import controller, play_to, to_my_turn
from .memory import MemoryStorage
from .pages import Tab, open_tab


def test_lower_puts_the_lifted_card_down_and_plays_nothing():
    """R17: the two-step play can be taken back before the second step."""
    ctl = controller()
    ctl.start()
    to_my_turn(ctl)
    card = ctl.game.legal_plays(0)[0]
    played = len(ctl.game.actions)
    assert ctl.tap(str(card)) and ctl.record.lifted == card
    assert ctl.lower() is not None
    assert ctl.record.lifted is None and len(ctl.game.actions) == played
    assert ctl.lower() is None  # nothing lifted: nothing to do
    assert ctl.tap(str(card)) and ctl.record.lifted == card  # the next tap lifts again


def my_turn_tab() -> Tab:
    tab = open_tab(MemoryStorage())
    while not (tab.ctl.game.phase == "play" and tab.ctl.game.to_act == 0):
        tab.my_move()
    return tab


def test_escape_and_the_felt_lower_the_card_but_escape_in_a_dialog_does_not():
    tab = my_turn_tab()
    code = tab.playable()[0]
    tab.tap(code)
    assert "lifted" in str(tab.dom.card(code).attr("class"))
    tab.dom.click(tab.dom.by_id("center"))
    assert tab.ctl.record.lifted is None
    assert "lifted" not in str(tab.dom.card(code).attr("class"))
    tab.tap(code)
    tab.act("menu")
    tab.dom.key("Escape")  # closes the menu, the card stays lifted
    assert str(tab.ctl.record.lifted) == code
    tab.dialog("menu").close()
    tab.dom.key("Escape")
    assert tab.ctl.record.lifted is None
    tab.tap(code)
    tab.dom.click(tab.dom.action("menu"))  # a control on the table is not the felt
    assert str(tab.ctl.record.lifted) == code


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_fourth_pass_card_says_what_to_do_and_pulses_anew(lang):
    """R7: three cards at most; the fourth tap is answered in words, not ignored."""
    game = Game.new(3)
    three = game.hand(0)[:3]
    quiet = build(game, lang, three).pass_panel
    assert quiet is not None and not quiet.full
    assert quiet.count_text == i18n.text(lang, "pass_count", n=3)
    first, second = (build(game, lang, three, refused=n).pass_panel for n in (1, 2))
    assert first is not None and second is not None and first.full
    assert first.count_text == i18n.text(lang, "pass_full")
    assert 'class="pass-count full nudge-1"' in render.center(build(game, lang, three, refused=1))
    assert 'class="pass-count full nudge-0"' in render.center(build(game, lang, three, refused=2))
    two = build(game, lang, three[:2], refused=1).pass_panel  # stale: not full any more
    assert two is not None and not two.full


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_fourth_pass_card_s_words_are_a_mouse_s_and_a_finger_s(lang):
    """A desktop says "click" where a phone says "tap": the count holds both, the
    stylesheet shows the primary pointer's; a stored picture may hold them (phrases)."""
    game = Game.new(3)
    view = build(game, lang, game.hand(0)[:3], refused=1)
    assert view.pass_panel is not None
    assert view.pass_panel.count_touch == i18n.text(lang, "pass_full_tap")
    assert ("tap" in view.pass_panel.count_touch) == (lang == "en")
    html = render.center(view)
    mouse = f'<span class="by-mouse">{i18n.text(lang, "pass_full")}</span>'
    touch = f'<span class="by-touch">{i18n.text(lang, "pass_full_tap")}</span>'
    assert mouse + touch in html
    assert markup.allowed(html, lang)
    quiet = render.center(build(game, lang, game.hand(0)[:3]))
    assert "by-mouse" not in quiet and "by-touch" not in quiet


def test_a_fourth_pass_card_is_said_aloud():
    tab = open_tab(MemoryStorage())
    tab.settle()
    for code in tab.hand()[:4]:
        tab.tap(code)
    said = [p.text() for p in tab.dom.by_id("live").elements()]
    assert said[-1] == i18n.text("en", "pass_full_said")  # no "click" said to a phone
    assert "full" in str(tab.dom.html.query(".pass-count").attr("class"))  # type: ignore[union-attr]


def test_card_short_names():
    assert i18n.card_short("en", Card.parse("QS")) == "Q♠"
    assert i18n.card_short("de", Card.parse("QS")) == "D♠"
    assert i18n.card_short("de", Card.parse("TH")) == "10♥"
    assert i18n.card_short("en", Card.parse("7C")) == "7♣"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_received_are_named_until_your_first_play(lang):
    """U14: after the exchange, the prompt names the three cards and who gave them."""
    game = play_to(Game.new(4), "play")  # hand 1 passes left: you receive from CPU 3
    received = [c for c in game.hand(0) if c in game.received(0)]
    assert len(received) == 3
    note = build(game, lang).received_note
    cards = " ".join(i18n.card_short(lang, c) for c in received)
    assert note == i18n.text(lang, "received_from", cards=cards, seat=i18n.seat_name(lang, 3))
    html = render.prompt(build(game, lang))
    assert 'class="received-note"' in html and '<span class="nw">CPU 3</span>' in html
    while game.to_act != 0:
        game = play_to(game, "play") if game.phase != "play" else game
        game.play(game.to_act, game.legal_plays(game.to_act)[0])  # type: ignore[arg-type]
    game.play(0, game.legal_plays(0)[0])
    assert build(game, lang).received_note == ""
    assert "received-note" not in render.prompt(build(game, lang))


def test_no_note_in_a_hand_without_passing():
    game = Game.new(4)
    for _ in range(3):
        game = play_to(play_to(game, "hand_over"), "hand_over")
        game.next_hand()
        if game.pass_direction == "hold":
            break
    assert game.pass_direction == "hold"
    assert build(play_to(game, "play"), "en").received_note == ""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_help_says_the_cpu_sees_only_its_own_cards(lang):
    """U12 (R23): one short paragraph, in both languages."""
    view = help_view(lang)
    assert view.fair == i18n.text(lang, "help.fair")
    assert len(view.fair) < 160
    html = render.help_text(view)
    assert '<p class="fair">' in html
    assert re.sub(r"<[^>]+>", "", html.split('<p class="fair">')[1].split("</p>")[0]) == view.fair
    # The close button sits in the header the text scrolls under, beside the heading.
    assert html.startswith('<div class="dlg-head"><button type="button" class="dlg-x"')


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Choose 3 cards to pass across to CPU 2.", "CPU 2"),
        ("Du spielst Pik-Dame.", "Pik-Dame"),
        ("You play Queen of spades.", "Queen of spades"),
        ("the queen of spades does not break hearts", "queen of spades"),
        ("Du hast 7♣ D♥ 10♦ von CPU 3 erhalten.", "10♦"),
    ],
)
def test_names_stay_on_one_line_and_the_text_is_unchanged(text, kept):
    html = render.unbroken(text)
    assert f'<span class="nw">{kept}</span>' in html
    assert re.sub(r"<[^>]+>", "", html) == render.escape(text)


def test_unbroken_escapes():
    assert render.unbroken("<b>CPU 1</b>") == '&lt;b&gt;<span class="nw">CPU 1</span>&lt;/b&gt;'
