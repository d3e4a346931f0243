"""Your hand's cards slide at every paint: the motion plan names the cards that
travel, and a paint where none does (a lift) still moves the cards that stay from where
they were to where they are drawn. The hand's HTML is new at every paint, so no CSS
transition could do it: without the slide a lifted card would jump.
"""

from __future__ import annotations

from harness.gamepage import playable_codes, settle, tap

from .test_motion import VIEWPORT, fresh_game, pass_three

# Every element the page animates from now on, by its card code.
WATCH = """() => {
  const animate = Element.prototype.animate;
  window.__animated = [];
  Element.prototype.animate = function (...args) {
    window.__animated.push(this.dataset?.card ?? null);
    return animate.apply(this, args);
  };
}"""


def test_a_lift_slides_the_card_up(warm_page):
    page = warm_page
    page.set_viewport_size(VIEWPORT)
    page.emulate_media(reduced_motion="no-preference")
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    settle(page)  # your turn
    code = playable_codes(page)[0]
    page.evaluate(WATCH)
    tap(page, code)
    page.wait_for_function("(code) => window.__animated.includes(code)", arg=code)
    assert page.locator(f'#hand [data-card="{code}"].lifted').count() == 1
