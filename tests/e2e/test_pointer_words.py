"""A desktop says "click" where a phone says "tap" (R7's fourth pass card): the pass count's
words follow the primary pointer, a mouse (pointer: fine) or a finger (pointer: coarse),
in both languages; what is not shown is not read either.
"""

from __future__ import annotations

import pytest

from harness.gamepage import hand_codes, open_game, settle, tap

WORDS = {
    ("en", "mouse"): "first click a chosen one",
    ("en", "touch"): "first tap a chosen one",
    ("de", "mouse"): "klicke zuerst eine gewählte an",
    ("de", "touch"): "tippe zuerst eine gewählte an",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_the_fourth_pass_card_is_answered_with_the_pointer_s_word(browser, site_url, lang, pointer):
    touch = pointer == "touch"
    context = browser.new_context(
        base_url=site_url,
        service_workers="block",
        viewport={"width": 390, "height": 844} if touch else {"width": 1366, "height": 768},
        has_touch=touch,
        is_mobile=touch,
        locale="de-DE" if lang == "de" else "en-US",
    )
    try:
        page = context.new_page()
        open_game(page, f"?seed=8&cadence=0&lang={lang}")
        coarse = page.evaluate("matchMedia('(pointer: coarse)').matches")
        assert coarse is touch
        settle(page)
        for code in hand_codes(page)[:4]:
            tap(page, code)
        count = page.locator(".pass-count.full")
        count.wait_for()
        shown = count.inner_text()
        other = WORDS[lang, "mouse" if touch else "touch"]
        assert WORDS[lang, pointer] in shown and other not in shown, shown
        # A screen reader reads what is shown: the other word is out of the tree as well.
        tree = page.locator(".pass-panel").aria_snapshot()
        assert WORDS[lang, pointer] in tree and other not in tree, tree
    finally:
        context.close()
