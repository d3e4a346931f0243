"""Dialogs on small screens: every button reachable, a scroll that shows itself, a header
with an edge, an options row that holds still.

- At 844×390 and 360×640 every dialog (the menu and what it opens, the hand's summary,
  game over) lies inside the viewport and each of its buttons and choices can be scrolled
  into view, uncovered by the sticky header (the menu's Close button lay below the fold at
  844×390).
- A dialog that scrolls shows it: a shade along its lower edge while there is more below,
  gone at the end (measured in the dialog's side padding, where no content passes).
- The help's header has an edge where the text scrolls under it (before, lines were cut in
  half by a header of the dialog's own colour, nothing between them).
- Turning the four-colour deck on moves nothing in the menu (before, its check mark made
  the button wider and pushed "Sound" onto a line of its own).
"""

from __future__ import annotations

import base64

import pytest

from harness.gamepage import next_frame

from .drive import open_dialog
from .positions import game_over, hand_over, load_position

SMALL = [(844, 390), (360, 640)]

# Each button and choice of the dialog scrolled into view in turn: where it lies, and
# whether it is on top at its centre.
REACH = """
(id) => {
  const dlg = document.getElementById(id);
  const box = dlg.getBoundingClientRect();
  const found = [];
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5
    && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  if (!inside(box, view)) found.push(`the dialog beyond the viewport: ${JSON.stringify(box)}`);
  for (const el of dlg.querySelectorAll("button, input, a[href]")) {
    el.scrollIntoView({block: "nearest"});
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = (el.textContent || el.value || el.dataset.intent || "").trim().slice(0, 24);
    if (!inside(r, box) || !inside(r, view)) found.push(`${name}: out of reach`);
    else if (!el.contains(document.elementFromPoint(x, y))) found.push(`${name}: covered`);
  }
  dlg.scrollTop = 0;
  return {found, more: dlg.scrollHeight - dlg.clientHeight};
}
"""

# The mean grey (0-255) of a PNG, decoded by the browser.
MEAN_GREY = """
async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(bitmap, 0, 0);
  const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let sum = 0;
  for (let i = 0; i < px.length; i += 4) {
    sum += 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
  }
  return sum / (px.length / 4);
}
"""

# A strip of the dialog's left padding (no content passes there): at its lower edge, just
# under its header (if it has one), and beside the middle (the dialog's plain colour).
STRIPS = """
(id) => {
  const dlg = document.getElementById(id);
  const box = dlg.getBoundingClientRect();
  const head = dlg.querySelector(".dlg-head")?.getBoundingClientRect();
  // Inside the left padding (1.2rem) and clear of the rounded corner (1rem).
  const x = box.left + 9, width = 8;
  return {bottom: {x, y: box.bottom - 12, width, height: 6},
          under: head && {x, y: head.bottom, width, height: 3},
          plain: {x, y: box.top + box.height * 0.6, width, height: 5}};
}
"""
SHADE = 6  # grey levels: a shade or an edge one sees
# px: the shade shows whole while this much is left below (closer to the end it fades out
# as the end comes into view).
WHOLE_SHADE = 32


def grey(page, clip: dict[str, float]) -> float:
    png = page.screenshot(clip=clip)
    value: float = page.evaluate(MEAN_GREY, base64.b64encode(png).decode())
    return value


def scroll_to(page, name: str, where: str) -> None:
    page.evaluate(
        """([id, where]) => { const d = document.getElementById(id);
             d.scrollTop = where === "end" ? d.scrollHeight : Number(where); }""",
        [f"dlg-{name}", where],
    )
    next_frame(page)


def shows_it_scrolls(page, name: str, where: str) -> list[str]:
    """A dialog that scrolls is shaded at its lower edge until its end is reached."""
    scroll_to(page, name, "0")
    strips = page.evaluate(STRIPS, f"dlg-{name}")
    plain, shaded = grey(page, strips["plain"]), grey(page, strips["bottom"])
    scroll_to(page, name, "end")
    at_end = grey(page, page.evaluate(STRIPS, f"dlg-{name}")["bottom"])
    scroll_to(page, name, "0")
    found = []
    if abs(shaded - plain) < SHADE:
        found.append(f"{where} {name}: no shade at the lower edge ({shaded:.0f} on {plain:.0f})")
    if abs(at_end - plain) >= SHADE:
        found.append(f"{where} {name}: shaded at its end ({at_end:.0f} on {plain:.0f})")
    return found


def close(page, name: str) -> None:
    page.keyboard.press("Escape")
    page.locator(f"#dlg-{name}:not([open])").wait_for(state="attached")


def reach(page, name: str, where: str) -> list[str]:
    got = page.evaluate(REACH, f"dlg-{name}")
    found = [f"{where} {name}: {f}" for f in got["found"]]
    if got["more"] >= WHOLE_SHADE:
        found += shows_it_scrolls(page, name, where)
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_dialog_s_buttons_are_reachable_and_a_scroll_shows(warm_lang_pages, scheme):
    page = warm_lang_pages("de")
    page.emulate_media(color_scheme=scheme)
    found: list[str] = []
    scrolled = 0
    for w, h in SMALL:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        for name in ("menu", "newgame", "stats", "help"):
            open_dialog(page, name)
            got = reach(page, name, f"{w}×{h}")
            scrolled += page.evaluate(
                "(id) => { const d = document.getElementById(id);"
                " return d.scrollHeight > d.clientHeight + 1 ? 1 : 0; }",
                f"dlg-{name}",
            )
            found += got
            close(page, name)
            if page.locator("#dlg-menu[open]").count():  # the menu that opened it
                close(page, "menu")
    assert scrolled >= 2, "the help scrolls at both sizes"
    for position in (hand_over(8), game_over(8)):
        load_position(page, position, "?cadence=0&lang=de")
        page.locator("#dlg-summary[open]").wait_for()
        for w, h in SMALL:
            page.set_viewport_size({"width": w, "height": h})
            next_frame(page)
            found += reach(page, "summary", f"{w}×{h} {position.phase}")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(("size", "scheme"), [((390, 844), "light"), ((1366, 768), "dark")])
def test_the_help_s_header_has_an_edge_where_the_text_scrolls_under_it(
    warm_lang_pages, size, scheme
):
    page = warm_lang_pages("en", size)
    page.emulate_media(color_scheme=scheme)
    open_dialog(page, "help")
    assert page.evaluate(
        "() => { const d = document.getElementById('dlg-help');"
        " return d.scrollHeight > d.clientHeight + 200; }"
    )
    scroll_to(page, "help", "200")
    strips = page.evaluate(STRIPS, "dlg-help")
    under, plain = grey(page, strips["under"]), grey(page, strips["plain"])
    assert abs(under - plain) >= SHADE, f"no edge under the header: {under:.0f} on {plain:.0f}"


# The options row's place and each switch's box, to the tenth of a pixel.
OPTIONS = """
() => [...document.querySelectorAll("#dlg-menu .options, #dlg-menu .options > *")].map((el) => {
  const r = el.getBoundingClientRect();
  return [el.className, ...[r.left, r.top, r.width, r.height].map((v) => Math.round(v * 10) / 10)];
})
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_options_row_keeps_its_layout_when_a_switch_turns_on(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    found = []
    for w, h in [(360, 640), (390, 844), (844, 390), (1280, 800)]:
        page.set_viewport_size({"width": w, "height": h})
        open_dialog(page, "menu")
        four = page.locator('#dlg-menu [data-intent="four-colour"]')
        before = page.evaluate(OPTIONS)
        four.click()
        page.locator("html[data-deck='four']").wait_for(state="attached")
        next_frame(page)
        after = page.evaluate(OPTIONS)
        if after != before:
            found.append(f"{w}×{h}: {before} -> {after}")
        page.locator('#dlg-menu [data-intent="four-colour"]').click()  # off again
        page.locator("html:not([data-deck='four'])").wait_for(state="attached")
        close(page, "menu")
    assert found == [], "\n".join(found)
