"""The table's layout in the page: your label keeps its place while the prompt changes, no
trick card covers another's index corner, landscape table cards near the hand's size, no
label wraps mid-phrase and the statistics fit 360 px, the pass direction stands out only
while passing, the focus ring is never covered, dialogs close from their top, and the game
over shows places 1-4 with the winner marked; the top bar keeps its height whatever the
status says.

One context per language walks the sizes by resizing one page.
"""

from __future__ import annotations

import pytest

from harness.gamepage import (
    my_move,
    next_frame,
    open_game,
    playable_codes,
    settle,
    state,
    tap,
    to_my_turn,
)
from hearts import Game
from hearts.driver import drive, phase_is
from hearts.enums import Phase
from hearts.view import build
from hearts.web.render import status_bar

from .drive import open_dialog
from .positions import game_over, load_position, play_until

SIZES = [(360, 640), (390, 844), (844, 390), (1366, 768)]

# Short labels that must stay on one line: seat badges, the pass button, the top bar's
# items, seat names.
ONE_LINE = """
() => [...document.querySelectorAll(
    ".seat-status:not(.st-idle), .pass-btn, .status > span, .seat-name, .seat-score"
  )].flatMap((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // Text of several sizes shares a line when the boxes overlap vertically; text hidden
    // from sight (a 1 px box: .sr-only, a phone's "Pass:") is on no line.
    const rects = [...range.getClientRects()].filter((r) => r.width > 1);
    const lines = rects.filter((r, i) => i > 0 && r.top >= rects[i - 1].bottom - 1);
    return lines.length ? [el.className + ": " + el.textContent.trim()] : [];
  })
"""

# Every card's top-left and bottom-right index corner, and which other trick card's box
# covers part of it.
CORNERS = """
() => {
  const cards = [...document.querySelectorAll("#center .tcard")];
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                      && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const found = [];
  cards.forEach((card, i) => {
    for (const corner of card.querySelectorAll(".corner")) {
      const c = corner.getBoundingClientRect();
      cards.forEach((other, j) => {
        if (j > i && hit(c, other.getBoundingClientRect())) {
          found.push(`${card.dataset.card} ${corner.className} under ${other.dataset.card}`);
        }
      });
    }
  });
  return {found, count: cards.length,
          table: cards[0]?.getBoundingClientRect().width,
          hand: document.querySelector("#hand .hcard")?.getBoundingClientRect().width};
}
"""


# Read in one task: between two Playwright calls the painter may replace the plate (the
# CPUs play on at cadence 0), and a detached element has no box.
PROMPT_AND_LABEL = """() => {
  const box = document.querySelector("#seat-0 .plate").getBoundingClientRect();
  return [document.querySelector("#prompt").innerText,
          Math.round((box.x + box.width / 2) * 10) / 10];
}"""


def test_your_label_keeps_its_place_while_the_prompt_changes(warm_lang_pages):
    page = warm_lang_pages("en")
    for w, h in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        open_game(page, "?seed=8&cadence=0&lang=en")
        seen: dict[str, float] = {}  # prompt -> where your label was

        def look(seen: dict[str, float] = seen) -> None:
            next_frame(page)
            prompt, label_x = page.evaluate(PROMPT_AND_LABEL)
            seen[prompt] = label_x

        for _ in range(4):  # passing, your turn, a card lifted, a trick on the table
            look()
            now = my_move(page)
            if now["to_act"] == 0:
                code = playable_codes(page)[0]
                tap(page, code)
                look()
                tap(page, code)  # the second tap plays it
        places, prompts = set(seen.values()), set(seen)
        assert len(prompts) >= 3, prompts
        assert len(places) == 1, f"{w}x{h}: the label moved: {places}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_labels_corners_and_sizes_at_every_size(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    waiting = play_until(8, lambda g: g.trick_waiting and len(g.tricks) == 4)
    load_position(page, waiting, f"?cadence=4000&lang={lang}")
    found: list[str] = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        where = f"{w}x{h} {lang}"
        g = page.evaluate(CORNERS)
        assert g["count"] == 4, "the finished trick lies on the table"
        found += [f"{where}: {f}" for f in g["found"]]
        if h < 480:  # landscape phone: table cards at least 80 % of the hand's
            assert g["table"] >= 0.8 * g["hand"], f"{where}: {g['table']} vs {g['hand']}"
        found += [f"{where}: wraps: {f}" for f in page.evaluate(ONE_LINE)]
    assert found == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_pass_phase_labels_and_the_statistics_fit(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    found: list[str] = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        found += [f"{w}x{h}: wraps: {f}" for f in page.evaluate(ONE_LINE)]
    assert page.locator(".status .dir.now").count() == 1  # emphasised while passing
    page.set_viewport_size({"width": 360, "height": 640})
    stats = open_dialog(page, "stats")
    stats.locator("table").wait_for()
    fit = page.evaluate(
        """() => { const d = document.getElementById('dlg-stats');
                   const t = d.querySelector('table');
                   const heads = [...t.querySelectorAll('th')].filter((th) => {
                     const r = document.createRange(); r.selectNodeContents(th);
                     return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1
                       || th.scrollWidth > th.clientWidth + 1; }).map((th) => th.textContent);
                   return {over: t.getBoundingClientRect().right - d.getBoundingClientRect().right,
                           heads}; }"""
    )
    assert fit["over"] <= 0 and fit["heads"] == [], fit
    top = stats.locator(".dlg-x")
    box = top.bounding_box()
    assert box is not None and box["y"] >= 0  # in view at the dialog's top
    top.click()
    assert not stats.evaluate("d => d.open")
    my_move(page)  # pass
    assert page.locator(".status .dir.now").count() == 0  # a plain fact during the tricks
    assert found == []


def test_help_closes_from_its_top_on_a_phone_and_escape_still_works(warm_lang_pages):
    page = warm_lang_pages("de")
    page.set_viewport_size({"width": 390, "height": 844})
    for close in ("top", "escape"):
        dialog = open_dialog(page, "help")
        scrolls = dialog.evaluate("d => d.scrollHeight > d.clientHeight")
        assert scrolls, "the help text is longer than a phone's screen"
        if close == "top":
            dialog.locator(".dlg-x").click()  # no scrolling needed
        else:
            page.keyboard.press("Escape")
        page.locator("#dlg-help:not([open])").wait_for(state="attached")
        page.keyboard.press("Escape")  # the menu, if it stayed open
        page.locator("#dlg-menu:not([open])").wait_for(state="attached")


def test_the_focus_ring_is_never_covered_by_a_neighbour(warm_lang_pages):
    page = warm_lang_pages("en")
    now = to_my_turn(page)
    assert now["to_act"] == 0
    page.locator("#hand button[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    # The ring is drawn on the strip of the card its neighbour leaves in view
    # (the card is not brought to the front, so it covers no index): its corners show.
    covered = page.evaluate(
        """() => { const el = document.activeElement; const r = el.getBoundingClientRect();
                   const ring = getComputedStyle(el, "::after");
                   const w = parseFloat(ring.width), h = parseFloat(ring.height);
                   const points = [[4, 4], [w - 4, 4], [4, h - 4], [w - 4, h - 4], [w - 4, h / 2]]
                     .map(([x, y]) => [r.left + 1 + x, r.top + 1 + y]);
                   return points.filter(([x, y]) => !el.contains(document.elementFromPoint(x, y)))
                                .length; }"""
    )
    assert covered == 0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_game_over_shows_places_and_the_winner(warm_lang_pages, lang):
    """U7."""
    page = warm_lang_pages(lang)
    game = game_over(8)
    load_position(page, game, f"?cadence=0&lang={lang}")
    dialog = page.locator("#dlg-summary[open]")
    dialog.wait_for()
    places = dialog.locator("td.place").all_inner_texts()
    assert [p.split(".")[0] for p in places] == [
        str(1 + sum(1 for o in game.scores if o < s)) for s in sorted(game.scores)
    ]
    totals = [int(t) for t in dialog.locator("tbody td:last-child").all_inner_texts()]
    assert totals == sorted(game.scores)
    assert dialog.locator("tr.first .crown").count() == game.scores.count(min(game.scores))
    first = dialog.locator("h2 + p").inner_text()
    assert game.result is not None
    expected = {
        "win": ("You win", "Du gewinnst"),
        "draw": ("Draw", "Unentschieden"),
        "loss": ("You finish", "Du landest"),  # after who won: your place and points
    }[game.result.value]
    assert expected[lang == "de"] in first
    assert dialog.locator(".target").count() == 0  # the rule is not said once it has ended


def test_the_target_is_on_the_table_during_play(warm_lang_pages):
    page = warm_lang_pages("de")
    settle(page)
    assert "Spiel bis 100" in page.locator("#status").inner_text()
    assert state(page)["phase"] == "pass"


# Every status the renderer can show that differs in width: each pass direction at a
# two-digit hand, each level, passing (emphasised) or playing.
def _every_status(lang: str) -> list[str]:
    deal = Game.new(1)
    hands = [deal.hand(seat) for seat in range(4)]
    found = []
    for number in (9, 10, 11, 12):
        for level in ("easy", "medium", "hard"):
            game = Game.from_deal(hands, hand_number=number, level=level)
            found.append(status_bar(build(game, lang)))
            if number != 12:  # hand 12 has no passing: it starts with the tricks
                drive(game, until=phase_is(Phase.PLAY))
                found.append(status_bar(build(game, lang)))
    return found


TOP_BAR = """(statuses) => {
  const bar = document.querySelector(".topbar"), status = document.getElementById("status");
  const kept = status.innerHTML;
  const measure = (html) => {
    status.innerHTML = html;
    const box = status.getBoundingClientRect();
    const out = [...status.children].filter((span) => {
      const r = span.getBoundingClientRect();
      return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5
        || r.right > box.right + 0.5;
    }).map((span) => span.textContent);
    return {height: Math.round(bar.getBoundingClientRect().height * 10) / 10, out};
  };
  const empty = measure("").height;
  const found = statuses.map(measure).filter((m) => m.height !== empty || m.out.length);
  status.innerHTML = kept;
  return {empty, found: found.slice(0, 3)};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_top_bar_keeps_its_height_whatever_the_status_says(warm_lang_pages, lang):
    """From the empty bar of the first paint to the longest status: the table never moves."""
    page = warm_lang_pages(lang)
    statuses = _every_status(lang)
    assert len(set(statuses)) == len(statuses) == 21
    found = []
    for w, h in [*SIZES, (412, 915), (480, 800), (560, 900), (760, 1024), (761, 800)]:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        bar = page.evaluate(TOP_BAR, statuses)
        if bar["found"]:
            found.append(f"{w}x{h}: empty {bar['empty']} px, {bar['found']}")
    assert found == []


# Layout shifts from the navigation on (Chromium's layout-shift entries: what CLS adds up).
WATCH_SHIFTS = """
new PerformanceObserver((list) => {
  window.heartsShifts = window.heartsShifts || [];
  for (const shift of list.getEntries()) {
    window.heartsShifts.push({value: shift.value, moved: shift.sources.map((s) =>
      s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")});
  }
}).observe({type: "layout-shift", buffered: true});
"""


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_the_start_paints_the_table_where_it_stays(lang_pages, size):
    """The first paint (index.html), the boot module's table (neutral, or the saved one on a
    return visit) and Python's table have their rows at one height: nothing moves while the
    game starts. A return visit on a phone used to shift by 0.23 (the status growing a row,
    the seats filling their plates), the first visit by 0.03."""
    page = lang_pages("de", size)  # its first visit ran before the watch: reload for one
    page.context.add_init_script(WATCH_SHIFTS)
    for visit in ("first", "return"):
        if visit == "first":
            page.evaluate("localStorage.clear()")
        open_game(page, "?seed=8&cadence=0&lang=de")
        next_frame(page)
        shifts = page.evaluate("window.heartsShifts || []")
        total = sum(shift["value"] for shift in shifts)
        assert total < 0.05, f"{visit} visit at {size}: CLS {total:.3f}: {shifts}"
