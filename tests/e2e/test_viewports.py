"""Phones and desktops (issue 6): at 360×640, 390×844, 844×390 and 1280×800 every card of
your hand can be seen and tapped, nothing overflows sideways, and the trick, the scores
and the buttons are on screen without scrolling.

"Can be tapped" is measured, not assumed: each card's exposed strip (the part the next
card does not cover) is at least 24×24 CSS px, lies inside the viewport, and
``elementFromPoint`` at its centre and near its four corners returns that card.  The
phone sizes run in a touch, mobile context; each context walks its sizes by resizing one
page (one Pyodide start per context).
"""

from __future__ import annotations

import pytest

from tools.gamepage import (
    BOOT_TIMEOUT_S,
    blocked_codes,
    next_frame,
    open_game,
    playable_codes,
    settle,
    tap,
    to_my_turn,
)

PHONES = [(360, 640), (390, 844), (844, 390)]
DESKTOPS = [(1280, 800)]
MIN_TAP = 24

GEOMETRY = """
() => {
  const vw = innerWidth, vh = innerHeight;
  // The centre and four points near the corners (inset past any rounded corner).
  const hits = (el, x0, x1, y0, y1, inset = 0.2) => {
    const dx = Math.max(3, (x1 - x0) * inset), dy = Math.max(3, (y1 - y0) * inset);
    const pts = [[(x0 + x1) / 2, (y0 + y1) / 2], [x0 + dx, y0 + dy], [x1 - dx, y0 + dy],
                 [x0 + dx, y1 - dy], [x1 - dx, y1 - dy]];
    return pts.filter(([x, y]) => {
      const at = document.elementFromPoint(x, y);
      return !(at && (at === el || el.contains(at)));
    }).map(([x, y]) => [Math.round(x), Math.round(y),
                        (document.elementFromPoint(x, y) || {}).className || null]);
  };
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height,
            inside: r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5,
            missed: r.width > 0 ? hits(el, r.left, r.right, r.top, r.bottom) : ["empty"]};
  };
  const cards = [...document.querySelectorAll("#hand button[data-card]")];
  const rects = cards.map((c) => c.getBoundingClientRect());
  const hand = cards.map((c, i) => {
    const r = rects[i];
    const right = i + 1 < cards.length ? Math.min(r.right, rects[i + 1].left) : r.right;
    return {code: c.dataset.card, box: box(c), strip: right - r.left, height: r.height,
            missed: hits(c, r.left, right, Math.max(r.top, 0), Math.min(r.bottom, vh), 0)};
  });
  const named = {menu: "#menu-button", trick: "#center > *", pass: ".pass-btn",
                 prompt: "#prompt"};
  const parts = {};
  for (const [name, sel] of Object.entries(named)) {
    const el = document.querySelector(sel);
    if (el && el.getBoundingClientRect().width > 0) parts[name] = box(el);
  }
  document.querySelectorAll(".plate").forEach((p, i) => { parts[`plate ${i}`] = box(p); });
  return {vw, vh, scrollWidth: document.scrollingElement.scrollWidth,
          docWidth: document.documentElement.scrollWidth, hand, parts};
}
"""


def problems(page, where: str) -> list[str]:
    g = page.evaluate(GEOMETRY)
    found = []
    if max(g["scrollWidth"], g["docWidth"]) > g["vw"]:
        found.append(f"{where}: horizontal overflow {g['scrollWidth']} > {g['vw']}")
    if len(g["hand"]) != 13:
        found.append(f"{where}: {len(g['hand'])} cards in the hand")
    for card in g["hand"]:
        if not card["box"]["inside"]:
            found.append(f"{where}: {card['code']} not fully on screen {card['box']}")
        if card["strip"] < MIN_TAP or card["height"] < MIN_TAP:
            size = f"{card['strip']:.1f}×{card['height']:.1f}"
            found.append(f"{where}: {card['code']} tap area {size}")
        if card["missed"]:
            found.append(f"{where}: {card['code']} covered at {card['missed']}")
    for name, part in g["parts"].items():
        if not part["inside"] or part["missed"]:
            found.append(f"{where}: {name} not visible: {part}")
    for needed in ("menu", "trick", "plate 0", "plate 1", "plate 2", "plate 3"):
        if needed not in g["parts"]:
            found.append(f"{where}: {needed} missing")
    return found


def walk(browser, site_url, sizes, touch: bool) -> list[str]:
    width, height = sizes[0]
    context = browser.new_context(
        base_url=site_url,
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        device_scale_factor=2 if touch else 1,
        service_workers="block",
    )
    page = context.new_page()
    found: list[str] = []
    try:
        page.set_default_timeout(BOOT_TIMEOUT_S * 1000)
        open_game(page, "?seed=8&cadence=0&lang=de")  # the longer German labels
        settle(page)
        page.set_default_timeout(15_000)
        assert page.evaluate("'ontouchstart' in window") == touch
        hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
        tap(page, hand[1])
        tap(page, hand[12])  # two chosen cards stand raised
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            next_frame(page)
            found += problems(page, f"{w}×{h} pass")
        tap(page, hand[5])
        page.locator('[data-action="confirm-pass"]').click()
        # First trick, your turn: 13 cards, some blocked (sunk), one lifted.
        to_my_turn(page, lambda s, p: bool(blocked_codes(p)))
        tap(page, playable_codes(page)[-1])
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            next_frame(page)
            found += problems(page, f"{w}×{h} play")
    finally:
        context.close()
    return found


@pytest.mark.parametrize(
    "sizes,touch", [(PHONES, True), (DESKTOPS, False)], ids=["phones", "desktop"]
)
def test_whole_hand_tappable_and_table_on_screen(browser, site_url, sizes, touch):
    found = walk(browser, site_url, sizes, touch)
    assert not found, "\n".join(found)
