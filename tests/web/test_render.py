"""The HTML the shell sets: accessible buttons (R29), no inline styles (CSP), escaped text."""

from __future__ import annotations

import html
import re

from hypothesis import given
from hypothesis import strategies as st

from hearts import Game, Level, Stats
from hearts.cards import DECK
from hearts.driver import drive
from hearts.view import build
from hearts.view import dialog_views as views
from hearts.view.faces import face
from hearts.web import render
from hearts.web.markup import allowed

from .helpers import moon_game, play_to


def attribute(tag: str, pattern: str) -> str:
    found = re.search(pattern, tag)
    assert found is not None, (pattern, tag)
    return found.group(1)


def my_turn_with_blocked() -> Game:
    return drive(Game.new(8), until=lambda g: 0 < len(g.legal_plays(0)) < len(g.hand(0)))


def all_html(lang: str) -> list[str]:
    game = my_turn_with_blocked()
    view = build(game, lang, lifted=game.legal_plays(0)[0])
    over = build(moon_game(0, (0, 90, 90, 90)), lang).summary
    between = build(play_to(Game.new(3), "hand_over"), lang).summary
    assert over is not None and between is not None
    return [
        render.hand(view.hand, None),
        render.center(view),
        render.center(build(Game.new(1), lang)),
        render.status_bar(view),
        *(render.plate(p) for p in view.plates),
        render.summary(over),
        render.summary(over, True),
        render.summary(between),
        render.menu(views.menu(lang)),
        render.new_game(views.new_game(lang, Level.HARD, Level.MEDIUM, False)),
        render.new_game(views.new_game(lang, Level.HARD, Level.MEDIUM, True)),
        render.stats(views.stats(lang, Stats().game_started("easy"), False)),
        render.stats(views.stats(lang, Stats(), True)),
        render.help_text(views.help_view(lang)),
        render.notices(views.notices(lang, ["notice.storage_full", "notice.bad_game"])),
        render.other_tab(views.other_tab(lang, True)),
    ]


def test_no_inline_styles_and_no_unfilled_fields():
    for lang in ("en", "de"):
        for markup in all_html(lang):
            assert "style=" not in markup
            assert "<script" not in markup
            assert not re.search(r"\{[a-z_]+\}", markup), markup


def test_hand_cards_are_named_buttons_and_blocked_ones_say_so():
    game = my_turn_with_blocked()
    legal = {str(c) for c in game.legal_plays(0)}
    html = render.hand(build(game, "de").hand, None)
    buttons = re.findall(r"<button [^>]*>", html)
    assert len(buttons) == len(game.hand(0))
    for tag in buttons:
        code = attribute(tag, r'data-card="(..)"')
        label = attribute(tag, r'aria-label="([^"]*)"')
        if code in legal:
            assert "aria-disabled" not in tag and "gesperrt" not in label
        else:
            assert 'aria-disabled="true"' in tag and "gesperrt" in label
    assert html.count('tabindex="0"') == 1


def focused(html: str) -> list[str]:
    """The cards of a hand's HTML that are in the tab order."""
    return re.findall(r'data-card="(..)"[^>]*tabindex="0"', html)


def test_roving_focus_follows_the_requested_card():
    hand = build(Game.new(1), "en").hand
    codes = [c.face.code for c in hand]
    for code in (codes[0], codes[6], codes[-1]):
        assert focused(render.hand(hand, code)) == [code]
    # A card no longer in the hand: the first playable card takes the tab stop.
    assert focused(render.hand(hand, "ZZ")) == [codes[0]]
    lifted = my_turn_with_blocked()
    view = build(lifted, "en", lifted=lifted.legal_plays(0)[-1])
    assert focused(render.hand(view.hand, None)) == [str(lifted.legal_plays(0)[-1])]


def test_confirm_button_is_disabled_until_three_are_chosen():
    game = Game.new(1)
    two = render.center(build(game, "en", game.hand(0)[:2]))
    three = render.center(build(game, "en", game.hand(0)[:3]))
    assert 'data-intent="confirm-pass" disabled' in two
    assert "disabled" not in three and "Pass left" in three


def test_text_is_escaped():
    assert render.escape('<b a="x">') == "&lt;b a=&quot;x&quot;&gt;"


def test_cards_have_the_pips_of_their_rank():
    game = Game.new(1)
    for card in build(game, "en").hand:
        html = render.card_face(card.face)
        if card.face.rank <= 10:
            assert html.count('class="p ') == card.face.rank
        assert html.count("corner") == 2


def test_hand_class_counts_the_cards_of_each_phone_row():
    hand = build(Game.new(1), "en").hand
    assert render.hand_class(hand) == "hand n13 row0-7 row1-6"
    assert render.hand_class(hand[:3] + hand[8:]) == "hand n8 row0-3 row1-5"
    assert render.facedown_hand_class(13) == render.hand_class(hand)


def test_each_hand_card_carries_its_phone_row():
    """The CSS puts each card in the row the view gives it (row0 above)."""
    hand = build(Game.new(1), "en").hand
    html = render.hand(hand, None)
    assert re.findall(r'class="card hcard [^"]*(row[01])', html) == ["row0"] * 7 + ["row1"] * 6
    facedown = render.facedown_hand(13)
    assert re.findall(r"row[01]", facedown) == ["row0"] * 7 + ["row1"] * 6


def test_court_cards_show_their_figure_and_the_language_letter_only_in_the_corners():
    """J, Q and K: the figure of their rank and suit (a class the stylesheet maps to the
    sprite, static/css/hearts/35-courts.css) and the suit twice in its frame; the rank
    letter of the language (B/D/K, J/Q/K) in the two corners and nowhere else (U3)."""
    letters = {"en": "JQK", "de": "BDK"}
    for lang, letter_of in letters.items():
        courts = [c for c in DECK if face(c, lang).rank > 10 and face(c, lang).rank < 14]
        assert len(courts) == 12
        for card in courts:
            f = face(card, lang)
            html = render.card_face(f)
            figure = "JQK"[f.rank - 11] + f.suit
            letter = letter_of[f.rank - 11]
            assert f'<span class="court fig-{figure}">' in html, html
            assert html.count(f'<b class="rk">{letter}</b>') == 2, html
            assert re.sub("<[^>]*>", "", html) == letter * 2, html
            assert html.count(f'href="#s-{f.suit}"') == 4  # two corners, two in the frame
            assert allowed(html)


@given(st.text())
def test_escaping_is_html_escape_with_quotes(text):
    assert render.escape(text) == html.escape(text, quote=True)


def test_the_tab_stop_never_rests_on_a_blocked_card_while_another_can_be_played():
    game = my_turn_with_blocked()
    hand = build(game, "en").hand
    legal = {str(c) for c in game.legal_plays(0)}
    for card in hand:
        stop = focused(render.hand(hand, card.face.code))
        expected = [card.face.code] if card.face.code in legal else stop
        assert stop == expected and len(stop) == 1 and stop[0] in legal


def test_a_pile_is_a_labelled_image_of_face_down_cards_with_its_count():
    game = drive(Game.new(7), until=lambda g: len(g.tricks) == 4 and not g.current_trick)
    for p in build(game, "en").plates:
        markup = render.plate(p)
        if not p.tricks:
            assert 'class="pile"' not in markup
            continue
        pile = re.search(r'<div class="pile" role="img" aria-label="([^"]+)">(.*?)</div>', markup)
        assert pile and pile.group(1) == p.pile_label
        assert pile.group(2).count('class="back"') == min(p.tricks, 3)
        assert f'<span class="pile-count" aria-hidden="true">{p.tricks}</span>' in pile.group(2)


def test_each_level_s_bar_shows_its_wins_draws_and_losses_and_is_named():
    """R36 at a glance: a bar per level, its parts in the order win, draw, loss, as wide as
    their share of the finished games (an abandoned game is in none, R37); named for screen
    readers by its counts; a level with no finished game has no part."""
    stats = Stats()
    for result in ("win", "draw", "loss", "loss", None):
        stats = stats.game_started("medium")
        if result:
            stats = stats.game_finished("medium", result)
    view = views.stats("en", stats, False)
    assert [r.bar_label for r in view.rows] == [
        "Easy: 0 wins, 0 draws, 0 losses",
        "Medium: 1 win, 1 draw, 2 losses",
        "Hard: 0 wins, 0 draws, 0 losses",
    ]
    de = views.stats("de", stats, False).rows[1].bar_label
    assert de == "Mittel: 1 Sieg, 1 Unentschieden, 2 Niederlagen"
    page = render.stats(view)
    bars = re.findall(
        r'<svg class="stats-bar" role="img" aria-label="([^"]*)">(.*?)</svg></td>', page
    )
    assert [label for label, _ in bars] == [r.bar_label for r in view.rows]
    parts = re.findall(r'<svg class="(win|draw|loss)" x="([\d.]+)%" width="([\d.]+)%">', bars[1][1])
    assert parts == [("win", "0", "25"), ("draw", "25", "25"), ("loss", "50", "50")]
    assert "<line" in bars[0][1] and not re.search(r'class="(win|draw|loss)"', bars[0][1])
    assert "<tfoot>" in page
    assert re.findall(r'<th scope="row" class="key-(\w+)">', page) == ["win", "loss", "draw"]
