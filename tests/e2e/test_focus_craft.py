"""The table's craft in the page: focus that hides nothing, a lifted card put back down, a
fourth pass card answered, the cards received named, a help whose close button covers no
text, names that never break (R7, R17, U4, U12, U14).

One page for the file (one browser context), reloaded on a cleared storage for each fresh
game, at ``?cadence=0``.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.gamepage import next_frame, open_game, settle, state, tap, to_my_turn, wait_until
from hearts import i18n
from hearts.cards import Card
from hearts.save import load_game

from .contrast import LAYERS_JS, colours, ratio, worst_ratio
from .drive import act, open_dialog

FOCUS_SIZES = [(1366, 768), (390, 844), (844, 390)]

# For the focused card: every other card whose index corner is not the topmost element at
# its middle, and the corners of the focus ring that something else covers.
FOCUS_PROBE = """
() => {
  const cards = [...document.querySelectorAll('#hand button[data-card]')];
  const focused = document.activeElement;
  const found = [];
  for (const card of cards) {
    if (card === focused) continue;
    const r = card.querySelector('.corner.tl').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!card.contains(hit)) found.push(`${card.dataset.card}'s index under ${
      hit && hit.closest('[data-card]') ? hit.closest('[data-card]').dataset.card : hit}`);
  }
  const ring = getComputedStyle(focused, '::after');
  const code = focused.dataset.card;
  if (ring.content === 'none' || ring.borderTopStyle === 'none') {
    found.push(`${code}: no focus ring on the card's strip`);
    return {found, ring: ring.borderTopColor, code};
  }
  const box = focused.getBoundingClientRect();
  const w = parseFloat(ring.width), h = parseFloat(ring.height);
  for (const [x, y] of [[4, 4], [w - 4, 4], [4, h - 4], [w - 4, h - 4]]) {
    const hit = document.elementFromPoint(box.left + 1 + x, box.top + 1 + y);
    if (hit !== focused && !focused.contains(hit)) {
      const by = hit && hit.className;
      found.push(`${focused.dataset.card}: ring corner ${x},${y} covered by ${by}`);
    }
  }
  return {found, ring: ring.borderTopColor, code};
}
"""


@pytest.fixture(scope="module")
def page(warm_contexts):
    """One warm page (conftest) for the module: each test starts its own game on it."""
    found = warm_contexts.page("en")
    found.set_default_timeout(15_000)
    yield found
    found.close()


def fresh(page, query: str = "?seed=8&cadence=0&lang=en", size=(1366, 768)) -> dict[str, Any]:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("localStorage.clear()")
    open_game(page, query)
    return settle(page)


def test_a_focused_card_covers_no_index_and_its_ring_shows_whole(page):
    """U4 (WCAG 2.4.11): the focused card stays in its place in the pile, its ring on its own
    visible strip, ≥ 3:1 against the card face; the pass button's ring too."""
    fresh(page)
    for code in hand_of(page)[1:13:5]:
        tap(page, code)  # three chosen: raised cards among the others
    found: list[str] = []
    for w, h in FOCUS_SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#hand button[data-card]").first.focus()
        page.keyboard.press("Home")
        for step in range(13):
            if step:
                page.keyboard.press("ArrowRight")
            next_frame(page)
            probe = page.evaluate(FOCUS_PROBE)
            found += [f"{w}×{h} {line}" for line in probe["found"]]
        card = f'#hand button[data-card="{probe["code"]}"]'
        face = page.evaluate(LAYERS_JS, [card])[0]
        if worst_ratio(probe["ring"], face["layers"]) < 3:
            found.append(f"{w}×{h}: the ring {probe['ring']} is under 3:1 on the card face")
    assert not found, "\n".join(found)
    # The pass button: a white ring on the dark panel, a dark one against the gold.
    button = page.locator('[data-intent="confirm-pass"]')
    button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    looks = button.evaluate(
        "(b) => { const s = getComputedStyle(b);"
        " return [s.outlineColor, s.boxShadow, s.backgroundColor, s.outlineStyle]; }"
    )
    outline, shadow, background, style = looks
    assert style == "solid"
    panel = page.evaluate(LAYERS_JS, [".pass-panel"])[0]
    assert worst_ratio(outline, panel["layers"]) >= 3, outline
    assert ratio(colours(shadow)[0], colours(background)[0]) >= 3, (shadow, background)


def hand_of(page) -> list[str]:
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#hand button[data-card]')].map(b => b.dataset.card)"
    )
    return found


def lifted(page) -> list[str]:
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#hand button.lifted')].map(b => b.dataset.card)"
    )
    return found


def test_escape_and_a_tap_on_the_felt_put_a_lifted_card_down(page):
    """R17: the first tap lifts; Escape or the felt takes it back, nothing is played."""
    fresh(page, "?seed=8&cadence=0&lang=en")
    now = to_my_turn(page)
    code = now["legal"][0]
    played = len(now["actions"])
    tap(page, code)
    wait_until(page, lambda s: s["lifted"] == code)
    page.keyboard.press("Escape")
    after = wait_until(page, lambda s: s["lifted"] is None, what="Escape lowers")
    assert len(after["actions"]) == played and lifted(page) == []
    tap(page, code)
    wait_until(page, lambda s: s["lifted"] == code)
    page.locator("#center").click(position={"x": 3, "y": 3})  # the felt, beside the cards
    after = wait_until(page, lambda s: s["lifted"] is None, what="the felt lowers")
    assert len(after["actions"]) == played and lifted(page) == []
    tap(page, code)  # lifts again, does not play
    assert wait_until(page, lambda s: s["lifted"] == code)["actions"] == after["actions"]


def test_a_fourth_pass_card_says_what_to_do_and_a_hover_lifts_nothing(page):
    """R7: three cards at most; the fourth is answered by the count, not by a shake."""
    fresh(page)
    codes = hand_of(page)
    page.locator(f'#hand button[data-card="{codes[0]}"]').hover()
    assert page.locator(f'#hand button[data-card="{codes[0]}"]').evaluate(
        "(b) => getComputedStyle(b).transform"
    ) in ("none", "matrix(1, 0, 0, 1, 0, 0)"), "a hover must not lift a card like a choice"
    for code in codes[:4]:
        tap(page, code)
    count = page.locator(".pass-count")
    count.and_(page.locator(".full")).wait_for()
    assert count.inner_text() == i18n.text("en", "pass_full")
    fourth = page.locator(f'#hand button[data-card="{codes[3]}"]')
    assert "selected" not in str(fourth.get_attribute("class"))
    assert fourth.evaluate("(b) => b.getAnimations().length") == 0  # no shake
    assert state(page)["selection"] == codes[:3]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_received_are_named_until_your_first_play(page, lang):
    """U14: "You received 7♣ Q♥ 2♦ from CPU 3" over the hand, once, until your first play."""
    fresh(page, f"?seed=8&cadence=0&lang={lang}")
    act(page, settle(page))  # the first three cards go left; CPU 3's come in
    now = settle(page)
    received = [c for c in hand_of(page) if c in json_received(now)]
    names = " ".join(i18n.card_short(lang, Card.parse(c)) for c in received)
    expected = i18n.text(lang, "received_from", cards=names, seat=i18n.seat_name(lang, 3))
    note = page.locator("#prompt .received-note")
    assert note.inner_text().replace("\u00a0", " ").strip() == f"★ {expected}"
    now = to_my_turn(page)
    act(page, now)
    wait_until(page, lambda s: len(s["actions"]) > len(now["actions"]))
    note.wait_for(state="detached")


def json_received(now: dict[str, Any]) -> set[str]:
    game = load_game(now["game"])
    return {str(c) for c in game.received(0)}


TEXT_UNDER_BUTTON = """
() => {
  const dlg = document.getElementById('dlg-help');
  const x = dlg.querySelector('.dlg-x').getBoundingClientRect();
  const found = [];
  const walker = document.createTreeWalker(dlg.querySelector('.help-body'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const top = Math.max(r.top, x.top), bottom = Math.min(r.bottom, x.bottom);
      if (r.right <= x.left || r.left >= x.right || bottom <= top) continue;
      // Shown there (not under a header): the line's start at that height is the text.
      const hit = document.elementFromPoint(r.left + 2, (top + bottom) / 2);
      if (hit && node.parentElement.contains(hit)) found.push(node.textContent.slice(0, 30));
    }
  }
  return found;
}
"""


def test_the_help_close_button_covers_no_text_when_scrolled(page):
    """The close button sits in a header the text scrolls under; U12's paragraph is there."""
    fresh(page)
    found: list[str] = []
    for w, h in [(390, 844), (360, 640), (1366, 768)]:
        page.set_viewport_size({"width": w, "height": h})
        dialog = open_dialog(page, "help")
        height = dialog.evaluate("(d) => d.scrollHeight - d.clientHeight")
        for top in range(0, height + 1, 24):
            dialog.evaluate("(d, top) => { d.scrollTop = top; }", top)
            next_frame(page)
            found += [f"{w}×{h} at {top}: {t}" for t in page.evaluate(TEXT_UNDER_BUTTON)]
        page.keyboard.press("Escape")
        page.locator("#dlg-help[open]").wait_for(state="detached")
    assert not found, "\n".join(found)
    help_text = open_dialog(page, "help").locator("p.fair").inner_text()
    assert help_text == i18n.text("en", "help.fair")


BROKEN_NAMES = """
() => {
  const names = /CPU \\d|(?:Kreuz|Pik|Herz|Karo)[- ]\\S+|\\S+ of (?:clubs|spades|hearts|diamonds)/g;
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.getClientRects().length) continue;
    for (const m of node.textContent.matchAll(names)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (tops.size > 1) found.push(m[0]);
    }
  }
  return found;
}
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_name_breaks_over_two_lines_and_seat_names_align(page, lang):
    """Hand 3 passes across to CPU 2 (R8): at 360, 390, 844 and 1366 px no "CPU 2" and no
    card's name is broken; the summary's seat names stand at the left like the game-over
    table's."""
    now = fresh(page, f"?seed=8&cadence=0&lang={lang}")
    while not (now["hand_number"] == 3 and now["phase"] == "pass"):
        if now["phase"] == "hand_over":
            align = page.locator('#dlg-summary th[scope="row"]').first.evaluate(
                "(th) => getComputedStyle(th).textAlign"
            )
            assert align == "left"
        act(page, now)
        now = settle(page)
    found: list[str] = []
    for w, h in [(360, 640), (390, 844), (844, 390), (1366, 768)]:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        found += [f"{w}: {name}" for name in page.evaluate(BROKEN_NAMES)]
    assert "CPU 2" in page.locator(".pass-prompt").inner_text().replace("\u00a0", " ")
    assert not found, "\n".join(found)
