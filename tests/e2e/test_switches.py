"""The menu's switches read and look as switches (U10, U11; R29, WCAG 1.4.1 and 4.1.2).

- Sound and the four-colour deck are each a ``role="switch"`` whose ``aria-checked`` says
  on or off (a plain toggle button was all a screen reader heard), named by their words
  alone; a click turns one on and again off.
- On and off differ without colour: the knob stands at the other end of the track.
- The options row keeps its height with both off and both on, at 1366×768 and 390×844.
- axe finds nothing in the menu with both on, light and dark.
"""

from __future__ import annotations

import pytest

from harness.gamepage import next_frame

from .drive import open_dialog
from .test_a11y import axe_findings, axe_page

SIZES = [(1366, 768), (390, 844)]
NAMES = {"en": ("Four-colour deck", "Sound"), "de": ("Vierfarbiges Blatt", "Ton")}

# Each switch: role, state, the old attribute, and the knob's place (the track is the
# button's ::after, its knob a radial gradient placed by background-position).
SWITCHES = """
() => [...document.querySelectorAll("#dlg-menu .options button")].map((b) => {
  const after = getComputedStyle(b, "::after");
  return {intent: b.dataset.intent, role: b.getAttribute("role"),
          checked: b.getAttribute("aria-checked"), pressed: b.getAttribute("aria-pressed"),
          knob: after.backgroundImage.replace(/rgb[a]?\\([^)]*\\)/g, "")};
})
"""
ROW = """() => document.querySelector("#dlg-menu .options").getBoundingClientRect().height"""


def click(page, action: str, on: bool) -> None:
    page.locator(f'#dlg-menu [data-intent="{action}"]').click()
    want = "true" if on else "false"
    page.locator(f'#dlg-menu [data-intent="{action}"][aria-checked="{want}"]').wait_for()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_sound_and_four_colours_are_switches_that_hold_the_row_still(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    found = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        open_dialog(page, "menu")
        off = page.evaluate(SWITCHES)
        for name in NAMES[lang]:
            if page.get_by_role("switch", name=name, exact=True).count() != 1:
                found.append(f"{w}×{h}: no switch named {name!r}")
        for s in off:
            if (s["role"], s["checked"], s["pressed"]) != ("switch", "false", None):
                found.append(f"{w}×{h} off: {s}")
        height_off = page.evaluate(ROW)
        click(page, "four-colour", True)
        click(page, "sound", True)
        next_frame(page)
        on = page.evaluate(SWITCHES)
        for before, after in zip(off, on, strict=True):
            if (after["role"], after["checked"], after["pressed"]) != ("switch", "true", None):
                found.append(f"{w}×{h} on: {after}")
            if after["knob"] == before["knob"]:
                found.append(f"{w}×{h}: {after['intent']}'s knob stays where it was")
        height_on = page.evaluate(ROW)
        if height_on != height_off:
            found.append(f"{w}×{h}: the options row {height_off} px off, {height_on} px on")
        click(page, "four-colour", False)
        click(page, "sound", False)
        page.keyboard.press("Escape")
        page.locator("#dlg-menu:not([open])").wait_for(state="attached")
    assert found == [], "\n".join(found)


def test_axe_finds_nothing_in_the_menu_with_both_switches_on(browser, site_url):
    found = []
    with axe_page(browser, site_url, "de") as page:
        page.goto("/?seed=8&cadence=0&lang=de")
        page.locator("html[data-state=ready]").wait_for(state="attached", timeout=90_000)
        open_dialog(page, "menu")
        click(page, "four-colour", True)
        click(page, "sound", True)
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            found += axe_findings(page, f"{w}×{h}")
    assert found == [], "\n".join(found)
