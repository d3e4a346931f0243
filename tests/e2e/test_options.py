"""The menu's two switches in the browser: the four-colour deck (U11) and sound
(U10).

Four colours: ♣ and ♠ (and ♦ and ♥) get different computed colours, every index at least
4.5:1 on the card face in the light and the dark theme, and a reload paints the saved deck
from its first paint, before Python runs. Sound: ``AudioContext`` and every scheduled
source's ``start`` are counted by an init script; no context exists before the switch is
on and a gesture happened, a play is heard when it is on, a refused tap and a switched-off
game are silent.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.gamepage import (
    BOOT_TIMEOUT_S,
    blocked_codes,
    my_move,
    next_frame,
    open_game,
    play_first_playable,
    poll,
    settle,
    tap,
    to_my_turn,
    wait_ready,
)

from . import contrast
from .drive import collect_errors, open_dialog
from .test_a11y import audit, describe

SUITS = "CDSH"
COUNT_AUDIO = """
window.__audio = { made: 0, started: 0 };
if (window.AudioContext) {
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.made++; }
  };
  // AudioBufferSourceNode has a start of its own (with offset and duration).
  for (const kind of [AudioScheduledSourceNode, AudioBufferSourceNode]) {
    if (!Object.hasOwn(kind.prototype, "start")) continue;
    const start = kind.prototype.start;
    kind.prototype.start = function (...args) {
      window.__audio.started++;
      return start.apply(this, args);
    };
  }
}
"""
# For each suit, the top-left index of one card of that suit in the hand or on the table.
MARK_SUITS = """() => Object.fromEntries([..."CDSH"].map((s) => {
  const card = document.querySelector(`#hand .card.s-${s}, #center .card.s-${s}`);
  if (!card) return [s, null];
  card.dataset.suit = s;
  return [s, {rank: `[data-suit="${s}"] .corner.tl .rk`, pip: `[data-suit="${s}"] .corner.tl .ix`}];
}))"""


@pytest.fixture
def page(warm_page):
    warm_page.add_init_script(COUNT_AUDIO)  # from the next navigation: the game's page
    warm_page.set_default_timeout(BOOT_TIMEOUT_S * 1000)
    return warm_page


def audio(page: Any) -> dict[str, int]:
    found: dict[str, int] = page.evaluate("window.__audio")
    return found


def switch(page: Any, action: str) -> None:
    """Press a switch of the menu with a real click (a gesture) and close the menu."""
    menu = open_dialog(page, "menu")
    button = menu.locator(f'[data-intent="{action}"]')
    before = button.get_attribute("aria-checked")
    button.click()
    now = poll(page, lambda: button.get_attribute("aria-checked"), lambda now: now != before)
    # The state shows by a mark, not by colour alone; the mark is not part of the name.
    mark = button.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert mark.startswith('"✓') == (now == "true"), (action, now, mark)
    name = (button.text_content() or "").strip()
    assert menu.get_by_role("switch", name=name, exact=True).count() == 1, (name, mark)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-menu:not([open])", state="attached")


def suit_marks(page: Any) -> dict[str, dict[str, str]]:
    marks: dict[str, dict[str, str] | None] = page.evaluate(MARK_SUITS)
    assert all(marks.values()), f"a suit is missing from the table: {marks}"
    return {suit: mark for suit, mark in marks.items() if mark}


def colours(page: Any, marks: dict[str, dict[str, str]]) -> dict[str, tuple[str, str]]:
    """Each suit's (index colour, pip colour)."""
    found: dict[str, tuple[str, str]] = {
        suit: (
            page.eval_on_selector(mark["rank"], "(el) => getComputedStyle(el).color"),
            page.eval_on_selector(mark["pip"], "(el) => getComputedStyle(el).color"),
        )
        for suit, mark in marks.items()
    }
    return found


# The deck and a diamond's colour as static/boot.js paints the saved table (data-state
# "painted"), before Python runs.
FIRST_PAINT = """
new MutationObserver((_, watch) => {
  const root = document.documentElement;
  if (root.dataset.state !== "painted") return;
  watch.disconnect();
  const diamond = document.querySelector("#hand .card.s-D .rk, #center .card.s-D .rk");
  window.__firstPaint = {deck: root.dataset.deck, diamond: getComputedStyle(diamond).color};
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
"""


def test_four_colours_differ_by_suit_keep_contrast_and_paint_first_after_reload(page):
    """U11: clubs and diamonds get colours of their own, light and dark, 4.5:1 or more;
    the two-colour deck is the default; the saved choice shows from the first paint."""
    errors = collect_errors(page)
    open_game(page, "?seed=7&cadence=0&lang=en")
    to_my_turn(page, lambda s, p: p.locator("#center .card").count() >= 1)
    marks = suit_marks(page)
    two = colours(page, marks)
    assert two["D"] == two["H"] and two["C"] == two["S"], "the default: two colours"

    switch(page, "four-colour")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        next_frame(page)
        four = colours(page, suit_marks(page))
        assert len({four[s][0] for s in SUITS}) == 4, (scheme, four)
        assert all(index == pip for index, pip in four.values()), (scheme, four)
        assert four["H"] == two["H"] and four["S"] == two["S"]
        selectors = [m[part] for m in suit_marks(page).values() for part in ("rank", "pip")]
        assert contrast.check(page, selectors) == [], scheme

    # A reload: the boot script paints the saved table in four colours before Python runs.
    # What the first paint showed is noted the moment it is painted: read after it, a start
    # from the snapshot on a loaded machine had often made the table playable already.
    page.emulate_media(color_scheme="light")
    page.add_init_script(FIRST_PAINT)
    page.reload()
    wait_ready(page)
    first = page.evaluate("window.__firstPaint")
    assert first == {"deck": "four", "diamond": four["D"][0]}
    assert page.evaluate("document.documentElement.dataset.deck") == "four"
    assert errors == []


# Every court figure's image and place, read from a probe card per figure (the hand holds
# only some) and from the hand's own court cards.
FIGURE_STYLES = """() => {
  const probe = document.createElement('div');
  probe.className = 'card';
  probe.style.cssText = 'position:fixed;left:-500px;width:80px;height:112px';
  probe.innerHTML = [..."JQK"].flatMap((r) => [..."CDHS"].map((s) =>
    `<span class="court fig-${r}${s}"></span>`)).join('');
  document.body.append(probe);
  const read = (el) => {
    const style = getComputedStyle(el);
    return [style.backgroundImage.replace(/^.*\\/build\\//, '').replace(/"\\)$/, ''),
            style.backgroundPositionX, style.backgroundSize];
  };
  const found = {
    probe: Object.fromEntries([...probe.children].map((el) => [el.className.slice(10), read(el)])),
    hand: Object.fromEntries([...document.querySelectorAll('#hand .court')]
      .map((el) => [el.className.slice(10), read(el)])),
  };
  probe.remove();
  return found;
}"""
FIGURES = [rank + suit for rank in "JQK" for suit in "CDHS"]  # scripts/build_courts.mjs
FOUR_FIGURES = [code for code in FIGURES if code[1] in "CD"]


def test_four_colour_court_figures_wear_green_clubs_and_blue_diamonds(page):
    """U11, with four colours on, the club and diamond court figures are drawn
    from the four-colour sprite (courts-4.svg: their suit marks in the green and blue of the
    corners, tests/web/test_court_sprites.py), each at its own place; the hearts and spades
    keep the deck's figures; switched off, every figure is the deck's again."""
    errors = collect_errors(page)
    open_game(page, "?seed=3&cadence=0&lang=en")  # Q♦, J♥ and Q♥ in the hand
    two = page.evaluate(FIGURE_STYLES)
    deck = {code: ["courts.svg", f"{FIGURES.index(code) * 100 / 11:.3f}%", "1200% 100%"]
            for code in FIGURES}
    assert {c: [i, f"{float(x[:-1]):.3f}%", s] for c, (i, x, s) in two["probe"].items()} == deck
    assert "QD" in two["hand"] and "JH" in two["hand"], two["hand"]

    switch(page, "four-colour")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        next_frame(page)
        four = page.evaluate(FIGURE_STYLES)
        for code in FIGURES:
            if code in FOUR_FIGURES:
                place = f"{FOUR_FIGURES.index(code) * 20}%"
                assert four["probe"][code] == ["courts-4.svg", place, "600% 100%"], code
            else:
                assert four["probe"][code] == two["probe"][code], code
        assert four["hand"]["QD"] == four["probe"]["QD"]
        assert four["hand"]["JH"] == two["hand"]["JH"]
    loaded = poll(
        page,
        lambda: page.evaluate(
            """() => performance.getEntriesByType('resource')
                 .filter((e) => e.name.endsWith('/build/courts-4.svg'))
                 .map((e) => e.initiatorType)"""
        ),
        bool,
        what="courts-4.svg loaded by the stylesheet",
    )
    assert loaded == ["css"]

    switch(page, "four-colour")
    assert page.evaluate(FIGURE_STYLES) == two
    assert errors == []


def test_sound_waits_for_the_switch_and_a_gesture_and_never_sounds_a_refusal(page):
    """U10: off by default (taps make no AudioContext); once on, a play is scheduled; a
    refused tap schedules nothing; after a reload nothing is made before a gesture; off
    again, silence."""
    errors = collect_errors(page)
    open_game(page, "?seed=7&cadence=0&lang=en")
    my_move(page)  # the pass: three real taps and the pass button
    to_my_turn(page)
    play_first_playable(page)  # real taps: gestures, and a play, with sound still off
    assert audio(page) == {"made": 0, "started": 0}

    switch(page, "sound")
    now = to_my_turn(page, lambda s, p: bool(blocked_codes(p)))
    before = audio(page)["started"]
    assert audio(page)["made"] == 1
    blocked = blocked_codes(page)[0]
    tap(page, blocked, force=True)  # refused (R18): a real tap on an aria-disabled card
    next_frame(page)
    assert settle(page)["actions"] == now["actions"]
    assert audio(page)["started"] == before, "a refused tap made a sound"
    play_first_playable(page)
    poll(page, lambda: audio(page)["started"], lambda n: n > before, what="a sound for a play")

    # Reloaded with sound on: no context until the player's gesture.
    page.reload()
    wait_ready(page)
    to_my_turn(page)
    assert audio(page) == {"made": 0, "started": 0}
    switch(page, "sound")  # the gesture makes the context; the switch turns sound off
    after_off = audio(page)["started"]
    my_move(page)
    settle(page)
    assert audio(page)["started"] == after_off, "sound after it was switched off"
    assert errors == []


def test_axe_finds_no_violation_with_both_switches_on(browser, site_url):
    """U10, U11 with the audit of test_a11y.py: the menu with its switches pressed and the
    four-colour table, light and dark, German (the longer labels): no axe violation, and
    what axe leaves for review reaches WCAG AA."""
    context = browser.new_context(
        base_url=site_url, bypass_csp=True, service_workers="block", locale="de-DE"
    )
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_S * 1000)
    try:
        open_game(page, "?seed=8&cadence=0&lang=de")
        to_my_turn(page, lambda s, p: p.locator("#center .card").count() >= 1)
        switch(page, "four-colour")
        switch(page, "sound")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for screen in ("table", "menu"):
                if screen == "menu":
                    menu = open_dialog(page, "menu")
                    on = '[aria-pressed="true"], [aria-checked="true"]'
                    pressed = menu.locator(on).count()
                    assert pressed == 3, "the language and both switches"
                next_frame(page)
                results = audit(page)
                assert results["violations"] == [], describe(results["violations"])
                targets = contrast.left_for_review(results)
                assert contrast.check(page, targets) == [], (scheme, screen)
            page.keyboard.press("Escape")
    finally:
        context.close()
