"""axe-core on the table and the menu at a phone's sizes and at the largest desktop, light and
dark (tests/e2e/test_a11y.py audits every screen at 1280×800). On a phone the top bar shows
the heart alone: its name stays for screen readers, so the page's h1 is never empty (it
was, an axe violation at every width up to 560 px).
"""

from __future__ import annotations

import pytest

from harness.gamepage import open_game, settle

from .drive import open_dialog
from .test_a11y import axe_findings, axe_page

SIZES = [(360, 640), (390, 844), (844, 390), (2560, 1440)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_finds_nothing_on_a_phone_or_the_largest_screen(browser, site_url, lang):
    found = []
    with axe_page(browser, site_url, lang) as page:
        open_game(page, f"?seed=8&cadence=0&lang={lang}")
        settle(page)
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            found += axe_findings(page, f"{w}×{h} table")
            open_dialog(page, "menu")
            found += axe_findings(page, f"{w}×{h} menu")
            page.keyboard.press("Escape")
            page.locator("#dlg-menu:not([open])").wait_for(state="attached")
    assert found == [], "\n".join(found)
