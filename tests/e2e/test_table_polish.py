"""The table's polish in the page: dialogs open at their top and fit, the keyboard goes
hand -> pass button -> menu, your turn never starts with the focus on a blocked card, and
each seat's taken tricks lie face down before it with their count, said as a fact.

Measured in the page at 360×640, 390×844, 844×390 and 1280×800, in both languages: one
context per language walks the sizes by resizing one page.
"""

from __future__ import annotations

import re

import pytest

from harness.gamepage import (
    blocked_codes,
    my_move,
    next_frame,
    settle,
    state,
    to_my_turn,
    wait_until,
)

from .drive import open_dialog

SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]
DIALOGS = ("menu", "newgame", "stats", "help")  # the menu and what it opens

DIALOG_GEOMETRY = """
(name) => {
  const dlg = document.getElementById(`dlg-${name}`);
  const title = dlg.querySelector("h2").getBoundingClientRect();
  const box = dlg.getBoundingClientRect();
  const wide = [...dlg.querySelectorAll("*")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
  }).map((el) => el.tagName + " " + (el.textContent || "").trim().slice(0, 20));
  // A word wider than its own cell or button spills over its neighbour.
  const spilled = [...dlg.querySelectorAll("th, td, button, p, h2, li")]
    .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName + " " + (el.textContent || "").trim().slice(0, 20));
  wide.push(...spilled);
  return {scrollTop: dlg.scrollTop, overflowX: dlg.scrollWidth - dlg.clientWidth, wide,
          titleTop: title.top, titleBottom: title.bottom, dlgTop: box.top,
          vh: innerHeight, vw: innerWidth, right: box.right};
}
"""


def focused(page) -> str:
    found: str = page.evaluate(
        """() => { const el = document.activeElement;
                   if (el.dataset.card) return "card";
                   return el.id || el.dataset.intent || el.tagName; }"""
    )
    return found


def dialog_problems(page, name: str, where: str) -> list[str]:
    g = page.evaluate(DIALOG_GEOMETRY, name)
    found = []
    if g["scrollTop"] > 0:
        found.append(f"{where} {name}: opened scrolled down by {g['scrollTop']} px")
    if g["titleTop"] < g["dlgTop"] - 0.5 or g["titleBottom"] > g["vh"]:
        found.append(f"{where} {name}: title out of view {g}")
    if g["overflowX"] > 0 or g["wide"] or g["right"] > g["vw"] + 0.5:
        found.append(f"{where} {name}: wider than the dialog or the screen: {g}")
    return found


@pytest.fixture
def pages(warm_lang_pages):
    return lambda lang: warm_lang_pages(lang, (360, 640))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dialogs_open_at_their_top_and_fit_every_size(pages, lang):
    page = pages(lang)
    found: list[str] = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        for name in DIALOGS:
            open_dialog(page, name)
            next_frame(page)
            found += dialog_problems(page, name, f"{lang} {w}×{h}")
            page.keyboard.press("Escape")
            page.locator(f"#dlg-{name}[open]").wait_for(state="detached")
    # The summary, at the end of a hand (its Continue button has the focus).
    while state(page)["phase"] != "hand_over":
        my_move(page)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        found += dialog_problems(page, "summary", f"{lang} {w}×{h}")
    assert focused(page) == "continue"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_keyboard_goes_hand_then_pass_button_then_menu(pages, lang):
    page = pages(lang)
    # Until three cards are chosen the pass button is disabled and out of the tab order.
    page.locator("#hand button[data-card]").nth(3).focus()
    page.keyboard.press("Tab")
    assert focused(page) == "menu-button"
    for n in range(3):
        page.locator("#hand button[data-card]").nth(n).focus()
        page.keyboard.press("Enter")
    page.locator("#hand .selected").nth(2).wait_for()
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#hand button[data-card]").nth(3).focus()
        page.keyboard.press("Tab")
        assert focused(page) == "confirm-pass", f"{w}×{h}"
        page.keyboard.press("Tab")
        assert focused(page) == "menu-button", f"{w}×{h}"
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        assert focused(page) == "card", f"{w}×{h}"
    # In play there is no pass button: from the hand straight to the menu.
    page.locator('[data-intent="confirm-pass"]').click()
    to_my_turn(page)
    page.locator('#hand button[tabindex="0"]').focus()
    page.keyboard.press("Tab")
    assert focused(page) == "menu-button"


def test_your_turn_never_starts_with_focus_on_a_blocked_card(pages):
    page = pages("en")
    to_my_turn(page, lambda s, p: bool(blocked_codes(p)))
    blocked = blocked_codes(page)
    stop = page.locator('#hand button[tabindex="0"]')
    assert stop.get_attribute("data-card") not in blocked
    # Focus a card that will be blocked on your next turn and let the others play: the turn
    # starts with the focus moved to a card you may play.
    for _ in range(30):
        before = settle(page)
        if before["phase"] != "play":
            pytest.skip("the hand ended before a turn with blocked cards")
        legal = before["legal"]
        page.locator(f'#hand button[data-card="{legal[0]}"]').click(position={"x": 8, "y": 24})
        page.locator(f'#hand button[data-card="{legal[0]}"]').click(position={"x": 8, "y": 24})
        now = settle(page)
        if now["phase"] != "play" or now["to_act"] != 0:
            continue
        blocked = blocked_codes(page)
        if blocked:
            active = page.evaluate("document.activeElement.dataset.card || null")
            assert active is None or active not in blocked, (active, blocked)
            assert (
                page.locator('#hand button[tabindex="0"]').get_attribute("data-card")
                in now["legal"]
            )
            return
    pytest.fail("no turn with blocked cards reached")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_taken_tricks_lie_face_down_with_their_count(pages, lang):
    page = pages(lang)
    wait_until(page, lambda s: s["pending"] is None)
    assert page.locator(".pile").count() == 0  # nothing taken before the first trick
    while len(state(page)["actions"]) < 40 and state(page)["phase"] in ("pass", "play"):
        my_move(page)
    labels = page.eval_on_selector_all(
        ".pile", "(ps) => ps.map((p) => p.getAttribute('aria-label'))"
    )
    counts = page.eval_on_selector_all(".pile .pile-count", "(cs) => cs.map((c) => c.textContent)")
    assert labels and len(labels) == len(counts)
    word = "tricks?" if lang == "en" else "Stich(e)?"
    for label, count in zip(labels, counts, strict=True):
        assert re.fullmatch(rf"(CPU \d|You|Du), {count} {word}", label), label
    assert page.locator(".pile[role=img]").count() == len(labels)
    taken = sum(int(c) for c in counts)
    gathered = sum(1 for a in state(page)["actions"] if a == "G")
    assert taken == gathered
