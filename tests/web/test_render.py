"""The HTML the shell sets: accessible buttons (R29), no inline styles (CSP), escaped text."""

from __future__ import annotations

import re

from hearts import Game, Stats
from hearts.view import build
from hearts.web import render
from tools.driver import drive

from .helpers import moon_game, play_to


def my_turn_with_blocked() -> Game:
    return drive(Game.new(8), until=lambda g: 0 < len(g.legal_plays(0)) < len(g.hand(0)))


def all_html(lang: str) -> list[str]:
    game = my_turn_with_blocked()
    view = build(game, lang, lifted=game.legal_plays(0)[0])
    over = build(moon_game(0, (0, 90, 90, 90)), lang)
    return [
        render.hand(view.hand, None),
        render.center(view),
        render.center(build(Game.new(1), lang)),
        render.status_bar(view),
        *(render.plate(p) for p in view.plates),
        render.summary(over.summary, lang),
        render.summary(over.summary, lang, True),
        render.summary(build(play_to(Game.new(3), "hand_over"), lang).summary, lang),
        render.menu(lang),
        render.new_game(lang, "hard", "medium", False),
        render.new_game(lang, "hard", "medium", True),
        render.stats(lang, Stats().game_started("easy"), False),
        render.stats(lang, Stats(), True),
        render.help_text(lang),
        render.notices(lang, ["notice.storage", "notice.bad_game"]),
    ]


def test_no_inline_styles_and_no_unfilled_fields():
    for lang in ("en", "de"):
        for html in all_html(lang):
            assert "style=" not in html
            assert "<script" not in html
            assert not re.search(r"\{[a-z_]+\}", html), html


def test_hand_cards_are_named_buttons_and_blocked_ones_say_so():
    game = my_turn_with_blocked()
    legal = {str(c) for c in game.legal_plays(0)}
    html = render.hand(build(game, "de").hand, None)
    buttons = re.findall(r"<button [^>]*>", html)
    assert len(buttons) == len(game.hand(0))
    for tag in buttons:
        code = re.search(r'data-card="(..)"', tag).group(1)
        label = re.search(r'aria-label="([^"]*)"', tag).group(1)
        if code in legal:
            assert "aria-disabled" not in tag and "gesperrt" not in label
        else:
            assert 'aria-disabled="true"' in tag and "gesperrt" in label
    assert html.count('tabindex="0"') == 1


def test_roving_focus_follows_the_requested_card():
    game = Game.new(1)
    hand = build(game, "en").hand
    html = render.hand(hand, "QS" if any(c.face.code == "QS" for c in hand) else None)
    assert html.count('tabindex="0"') == 1


def test_confirm_button_is_disabled_until_three_are_chosen():
    game = Game.new(1)
    two = render.center(build(game, "en", game.hand(0)[:2]))
    three = render.center(build(game, "en", game.hand(0)[:3]))
    assert 'data-action="confirm-pass" disabled' in two
    assert "disabled" not in three and "Pass left" in three


def test_text_is_escaped():
    assert render.e('<b a="x">') == "&lt;b a=&quot;x&quot;&gt;"


def test_cards_have_the_pips_of_their_rank():
    game = Game.new(1)
    for card in build(game, "en").hand:
        html = render.card_face(card.face)
        if card.face.rank <= 10:
            assert html.count('class="p ') == card.face.rank
        assert html.count("corner") == 2


def test_hand_size_class():
    assert render.hand_class(13) == "hand n13"
