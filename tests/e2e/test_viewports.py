"""Phones and desktops (U4): at 360×640, 390×844, 844×390 and 1280×800, in
both languages, every card of your hand can be seen and tapped, its corner index read,
nothing overflows sideways, and the trick, the scores and the buttons are on screen.

"Can be tapped" is measured, not assumed: ``elementFromPoint`` on a 1 px grid over the
top-left 64 px of each card (where the part of an overlapped card that shows lies) finds
what nothing covers, and that must hold a square of at least 44×44 CSS px (one row of
cards on wide screens, two overlapping rows on portrait phones: the measure does not care
which).  Cards must lie wholly inside the viewport,
sunk ones too.  The phone sizes run in a touch, mobile context; each context walks its
sizes by resizing one page (one Pyodide start per context).
"""

from __future__ import annotations

import pytest

from harness.gamepage import (
    blocked_codes,
    next_frame,
    playable_codes,
    settle,
    tap,
    to_my_turn,
)

from .conftest import open_lang_game

PHONES = [(360, 640), (390, 844), (844, 390)]
DESKTOPS = [(1280, 800)]
MIN_TAP = 44  # px: the side of the square of each card nothing covers
MIN_INDEX = 14  # px: the height of a card's corner rank
# At 360 px the index is 14 px exactly. Beside a second make test four cards measured it a
# hair under (printed 14.0: within 0.05 px; not reproduced on the idle machine, where every
# card measures 14): layout rounds to 1/64 px, which no reader sees.
SUBPIXEL = 0.05  # px

GEOMETRY = """
() => {
  const vw = innerWidth, vh = innerHeight, step = 1, reach = 64;
  const hits = (el, x, y) => {
    const at = document.elementFromPoint(x, y);
    return !!at && (at === el || el.contains(at));
  };
  // The side of the largest square near the card's top-left corner that nothing covers.
  const openSquare = (el) => {
    const r = el.getBoundingClientRect();
    const x0 = Math.max(r.left, 0) + 0.5, y0 = Math.max(r.top, 0) + 0.5;
    const cols = Math.floor((Math.min(r.right, vw, x0 + reach) - 0.5 - x0) / step) + 1;
    const rows = Math.floor((Math.min(r.bottom, vh, y0 + reach) - 0.5 - y0) / step) + 1;
    let best = 0, prev = new Array(cols + 1).fill(0);
    for (let j = 0; j < rows; j++) {
      const row = new Array(cols + 1).fill(0);
      for (let i = 0; i < cols; i++) {
        if (hits(el, x0 + i * step, y0 + j * step)) {
          row[i + 1] = Math.min(row[i], prev[i], prev[i + 1]) + 1;
          best = Math.max(best, row[i + 1]);
        }
      }
      prev = row;
    }
    return (best - 1) * step;
  };
  const box = (el) => {
    const r = el.getBoundingClientRect();
    const mid = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            inside: r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5,
            seen: r.width > 0 && hits(el, mid[0], mid[1])};
  };
  const hand = [...document.querySelectorAll("#hand button[data-card]")].map((c) => ({
    code: c.dataset.card, box: box(c), open: openSquare(c),
    index: c.querySelector(".corner.tl .rk").getBoundingClientRect().height,
  }));
  const named = {menu: "#menu-button", trick: "#center > *", pass: ".pass-btn",
                 prompt: "#prompt:not(:empty)"};
  const parts = {};
  for (const [name, sel] of Object.entries(named)) {
    const el = document.querySelector(sel);
    if (el && el.getBoundingClientRect().width > 0) parts[name] = box(el);
  }
  document.querySelectorAll(".plate").forEach((p, i) => { parts[`plate ${i}`] = box(p); });
  // Anything drawn beyond the sides (not the screen-reader-only live region, not the cards
  // of a gathered trick on their way out, not the closed dialogs).
  const wide = [...document.querySelectorAll("body *")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && (r.right > vw + 0.5 || r.left < -0.5) && !el.closest("dialog")
      && !el.closest(".flights") && !el.closest(".sr-only");
  }).map((el) => `${el.tagName} ${el.id || el.className}`).slice(0, 5);
  return {vw, vh, scrollWidth: document.scrollingElement.scrollWidth,
          docWidth: document.documentElement.scrollWidth, hand, parts, wide};
}
"""


def problems(page, where: str) -> list[str]:
    g = page.evaluate(GEOMETRY)
    found = []
    if max(g["scrollWidth"], g["docWidth"]) > g["vw"] or g["wide"]:
        found.append(f"{where}: horizontal overflow {g['scrollWidth']} > {g['vw']}: {g['wide']}")
    if len(g["hand"]) != 13:
        found.append(f"{where}: {len(g['hand'])} cards in the hand")
    for card in g["hand"]:
        if not card["box"]["inside"]:
            found.append(f"{where}: {card['code']} not fully on screen {card['box']}")
        if card["open"] < MIN_TAP:
            found.append(f"{where}: {card['code']} open to taps only {card['open']} px square")
        if card["index"] < MIN_INDEX - SUBPIXEL:
            found.append(f"{where}: {card['code']} index {card['index']:.3f} px tall")
    for name, part in g["parts"].items():
        if not part["inside"] or not part["seen"]:
            found.append(f"{where}: {name} not visible: {part}")
    for needed in ("menu", "trick", "plate 0", "plate 1", "plate 2", "plate 3"):
        if needed not in g["parts"]:
            found.append(f"{where}: {needed} missing")
    return found


def phone(browser, site_url, size: tuple[int, int]):
    """A touch context of its own (a phone's screen: mobile, twice the pixels)."""
    return browser.new_context(
        base_url=site_url,
        viewport={"width": size[0], "height": size[1]},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        service_workers="block",
    )


def walk(page, sizes, touch: bool, lang: str) -> list[str]:
    found: list[str] = []
    settle(page)
    assert page.evaluate("'ontouchstart' in window") == touch
    hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    tap(page, hand[1])
    tap(page, hand[12])  # two chosen cards stand raised
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        found += problems(page, f"{lang} {w}×{h} pass")
    tap(page, hand[5])
    page.locator('[data-intent="confirm-pass"]').click()
    # First trick, your turn: 13 cards, some blocked (sunk), one lifted.
    to_my_turn(page, lambda s, p: bool(blocked_codes(p)))
    tap(page, playable_codes(page)[-1])
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        found += problems(page, f"{lang} {w}×{h} play")
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_whole_hand_tappable_and_table_on_screen_on_phones(browser, site_url, lang):
    context = phone(browser, site_url, PHONES[0])
    try:
        found = walk(open_lang_game(context.new_page(), lang), PHONES, True, lang)
    finally:
        context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_whole_hand_tappable_and_table_on_screen_on_desktops(warm_lang_pages, lang):
    """Desktops: a warm page (conftest), no touch."""
    found = walk(warm_lang_pages(lang, DESKTOPS[0]), DESKTOPS, False, lang)
    assert not found, "\n".join(found)
