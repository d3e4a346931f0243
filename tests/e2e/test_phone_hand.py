"""A phone's hand stays put (U4 on a phone, R30's order kept within each row).

In portrait the hand lies in two rows. Over a whole hand, from the deal to the exchange
and from the exchange to the last trick, no remaining card changes its row: a card played
leaves a gap its own row closes (measured before: 32 row changes over 12 plays, the rows
refilled from the left). Each row stays in the hand's order, and every card keeps its
corner index and a strip to tap on top. A reload mid-hand shows the same rows (the split
is a function of the hand as it began, hearts/view/table_view.py ``rows``, not of the count
left). Landscape keeps one row. A card played from the lower row flies from where it lay.

Rows are read from the cards' boxes, as a player sees them: a card is in the lower row when
its centre lies below the middle between the two rows of the full hand. One phone context
walks 390×844 and 360×740 (and 844×390 for the one row) by resizing one page.
"""

from __future__ import annotations

from typing import Any

from harness.gamepage import (
    next_frame,
    open_game,
    pass_first_three,
    settle,
    tap,
    to_my_turn,
    wait_ready,
)

from .drive import act, collect_errors
from .drive import hand as codes
from .test_motion import BOXES, PROBE, distance, track, wait_frames

PORTRAITS = [(390, 844), (360, 740)]
LANDSCAPE = (844, 390)
SEED = 8

# Each card of the hand: its box, and whether its corner index and a spot near its
# top-left corner (where a tap lands, harness.gamepage.tap) are on top there.
CARDS = """
() => [...document.querySelectorAll("#hand button[data-card]")].map((b) => {
  const r = b.getBoundingClientRect();
  const ix = b.querySelector(".corner.tl .rk").getBoundingClientRect();
  const mine = (x, y) => b.contains(document.elementFromPoint(x, y));
  return {code: b.dataset.card, left: r.left, mid: r.top + r.height / 2, height: r.height,
          index: mine(ix.left + ix.width / 2, ix.top + ix.height / 2),
          tap: mine(r.left + 8, r.top + 24)};
})
"""


def look(page: Any, size: tuple[int, int]) -> list[dict[str, Any]]:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    next_frame(page)
    cards: list[dict[str, Any]] = page.evaluate(CARDS)
    return cards


class Rows:
    """The rows of one size: the line between them is fixed from the full hand."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        mids = [c["mid"] for c in cards]
        self.line = (min(mids) + max(mids)) / 2
        assert max(mids) - min(mids) > cards[0]["height"] / 3, "not two rows"
        self.rows = self.of(cards)

    def of(self, cards: list[dict[str, Any]]) -> dict[str, int]:
        return {c["code"]: int(c["mid"] > self.line) for c in cards}


def covered(cards: list[dict[str, Any]], where: str) -> list[str]:
    """The cards whose index or tap spot something else covers."""
    found = []
    for c in cards:
        if not (c["index"] and c["tap"]):
            found.append(
                f"{where}: {c['code']} covered (index on top {c['index']}, tap {c['tap']})"
            )
    return found


def ordered(cards: list[dict[str, Any]], rows: dict[str, int], hand: list[str]) -> bool:
    """Each row, left to right, in the hand's order (R30: by suit, then rank)."""
    for row in (0, 1):
        mine = [c for c in cards if rows[c["code"]] == row]
        left_to_right = [c["code"] for c in sorted(mine, key=lambda c: c["left"])]
        if left_to_right != [code for code in hand if rows[code] == row]:
            return False
    return True


def phone(browser: Any, site_url: str, **options: Any) -> Any:
    """A context on the first portrait phone, touch and no service worker."""
    width, height = PORTRAITS[0]
    return browser.new_context(
        base_url=site_url,
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=True,
        service_workers="block",
        **options,
    )


def test_no_card_changes_its_row_over_a_whole_hand_and_a_reload(browser, site_url):
    context = phone(browser, site_url)
    page = context.new_page()
    errors = collect_errors(page)
    found: list[str] = []
    try:
        page.set_default_timeout(90_000)
        now = open_game(page, f"?seed={SEED}&cadence=0&lang=en")
        page.set_default_timeout(15_000)
        assert now["phase"] == "pass"
        rows = {size: Rows(look(page, size)) for size in PORTRAITS}
        plays = 0
        while True:
            hand = codes(page)
            for size in PORTRAITS:
                cards = look(page, size)
                where = f"{size[0]}×{size[1]} {now['phase']} {len(hand)} cards"
                found += covered(cards, where)
                seen = rows[size].of(cards)
                moved = {
                    c: (rows[size].rows[c], r) for c, r in seen.items() if rows[size].rows[c] != r
                }
                if moved:
                    found.append(f"{where}: changed row {moved}")
                if not ordered(cards, seen, hand):
                    found.append(f"{where}: a row out of the hand's order")
            one_row = look(page, LANDSCAPE)
            if one_row and max(c["mid"] for c in one_row) - min(c["mid"] for c in one_row) > (
                one_row[0]["height"] / 2
            ):
                found.append(f"844×390 {len(hand)} cards: not one row")
            if now["phase"] != "play" and plays:
                break
            if plays == 6:  # mid-hand: a reload shows the same rows as before it
                before = {size: rows[size].of(look(page, size)) for size in PORTRAITS}
                page.reload()
                wait_ready(page)
                # The saved picture, drawn before Python, was the one painted (its markup,
                # the rows' classes included, passed hearts/web/markup.py's allowlist).
                assert page.evaluate("document.documentElement.dataset.boot") == "picture"
                now = settle(page)
                assert codes(page) == hand
                for size in PORTRAITS:
                    after = rows[size].of(look(page, size))
                    if after != before[size]:
                        found.append(f"{size} after a reload: {before[size]} became {after}")
            was = now["phase"]
            act(page, now)
            now = settle(page)
            if was == "pass":  # the exchange: the hand is sorted anew with the cards received
                assert now["phase"] == "play", now["phase"]
                rows = {size: Rows(look(page, size)) for size in PORTRAITS}
            else:
                plays += 1
        assert plays == 13, plays
    finally:
        context.close()
    assert not found, "\n".join(found)
    assert not errors, errors


def test_a_card_played_from_the_lower_row_flies_from_where_it_lay(browser, site_url):
    """static/motion.mjs takes each card's box as drawn: on a phone too, the flight of a
    card played from the second row starts there (U6)."""
    context = phone(browser, site_url, reduced_motion="no-preference")
    page = context.new_page()
    try:
        page.set_default_timeout(90_000)
        open_game(page, f"?seed={SEED}&lang=en")  # the default cadence: cards fly
        page.set_default_timeout(15_000)
        pass_first_three(page)
        lower = page.locator("#hand button.row1:not([aria-disabled])")
        to_my_turn(page, lambda _state, _page: lower.count() > 0)
        code = str(lower.first.get_attribute("data-card"))
        tap(page, code)
        was = page.evaluate(BOXES)["hand"][code]
        page.evaluate(PROBE)
        tap(page, code)
        log = wait_frames(page, lambda log: len(log) > 30 and code in log[-1]["center"])
        path = track(log, "center", code)
        assert len(path) >= 2, f"{code} appeared in place: {path}"
        assert distance(path[0], was) < 0.25 * distance(path[-1], was), (was, path)
    finally:
        context.close()


# What lies over the hand: your label, the prompt's text (if any), and the hand's top card.
OVER_THE_HAND = """
() => {
  const label = document.querySelector("#seat-0 .plate").getBoundingClientRect();
  const text = document.createRange();
  text.selectNodeContents(document.querySelector("#prompt"));
  const prompt = text.getBoundingClientRect();
  const cards = [...document.querySelectorAll("#hand button[data-card]")]
    .map((b) => b.getBoundingClientRect());
  return {label: [label.top, label.bottom],
          prompt: prompt.height > 0 ? [prompt.top, prompt.bottom] : null,
          cards: Math.min(...cards.map((r) => r.top)), height: cards[0].height};
}
"""


def test_no_empty_strip_over_the_hand_while_passing_and_the_label_stays(browser, site_url):
    """A phone hand that stays put: in portrait, what lies over the hand (your
    label, the prompt) ends just over the cards in the pass phase too, where the prompt is
    empty (measured before: a 58 px strip at 390×844, the two free prompt lines under your
    label); what is left is the room a lifted card takes. Your label does not move when the
    play begins, in German (the longest prompt, three lines at 390 px)."""
    context = phone(browser, site_url, locale="de-DE")
    page = context.new_page()
    try:
        page.set_default_timeout(90_000)
        now = open_game(page, f"?seed={SEED}&cadence=0&lang=de")
        page.set_default_timeout(15_000)
        assert now["phase"] == "pass"
        passing = {size: over_the_hand(page, size) for size in PORTRAITS}
        for size, seen in passing.items():
            assert seen["prompt"] is None, f"{size}: the pass phase has a prompt {seen}"
            gap = seen["cards"] - seen["label"][1]
            assert 0 <= gap <= 0.25 * seen["height"], f"{size}: {gap:.0f} px over the hand {seen}"
        pass_first_three(page)
        to_my_turn(page)
        for size, seen in passing.items():
            playing = over_the_hand(page, size)
            assert playing["prompt"] is not None, f"{size}: no prompt in the play"
            assert playing["label"] == seen["label"], f"{size}: your label moved {playing}"
            assert playing["prompt"][1] <= playing["label"][0], f"{size}: {playing}"
    finally:
        context.close()


def over_the_hand(page: Any, size: tuple[int, int]) -> dict[str, Any]:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    next_frame(page)
    seen: dict[str, Any] = page.evaluate(OVER_THE_HAND)
    return seen
