"""Phones and desktops: all 13 cards visible, each with a tap strip of at least 24×24 CSS
px, nothing overflowing sideways, the trick, scores and menu on screen (issue 4's
accessibility baseline; issue 6 hardens it)."""

from __future__ import annotations

import pytest

from tools.gamepage import settle, to_my_turn, wait_ready

SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]

GEOMETRY = """
() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height}; };
  return {
    cards: [...document.querySelectorAll("#hand button")].map(box),
    plates: [...document.querySelectorAll(".plate")].map(box),
    center: box(document.getElementById("center")),
    menu: box(document.getElementById("menu-button")),
    scrollWidth: document.documentElement.scrollWidth,
    vw: innerWidth, vh: innerHeight,
  };
}
"""


def check(page) -> None:
    g = page.evaluate(GEOMETRY)
    vw, vh = g["vw"], g["vh"]
    cards = g["cards"]
    assert g["scrollWidth"] <= vw
    for i, card in enumerate(cards):
        assert card["left"] >= 0 and card["right"] <= vw, (i, card)
        assert card["top"] >= 0 and card["bottom"] <= vh + 0.5, (i, card)
        # What is not covered by the next card is this card's tap strip.
        strip = (cards[i + 1]["left"] if i + 1 < len(cards) else card["right"]) - card["left"]
        assert strip >= 24 and card["height"] >= 24, (i, strip, card)
    for item in [*g["plates"], g["center"], g["menu"]]:
        assert item["left"] >= 0 and item["right"] <= vw and item["bottom"] <= vh + 0.5, item


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_whole_hand_fits_and_every_card_can_be_tapped(browser, base_url, width, height):
    phone = width < 600 or height < 600
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
    )
    page = context.new_page()
    try:
        page.goto("/?seed=8&cadence=0&lang=de")  # German: the longer words
        wait_ready(page)
        settle(page)
        assert page.locator("#hand button").count() == 13
        check(page)  # pass phase, 13 cards
        to_my_turn(page, lambda s, p: len(s["legal"]) < len(s["actions"]) and len(s["legal"]) < 13)
        check(page)  # play phase, blocked cards sunk
    finally:
        context.close()


def test_seat_badges_stay_inside_their_plates(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640})
    page = context.new_page()
    try:
        page.goto("/?seed=8&cadence=0&lang=de")
        wait_ready(page)
        settle(page)
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('.seat-status')].map((b) => {
                const r = b.getBoundingClientRect();
                const p = b.closest('.plate').getBoundingClientRect();
                return [r.left - p.left, p.right - r.right];
            })"""
        )
        assert len(boxes) == 3
        assert all(left >= 0 and right >= 0 for left, right in boxes), boxes
    finally:
        context.close()
