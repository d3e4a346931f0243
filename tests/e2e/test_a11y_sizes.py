"""axe-core on the table and the menu at a phone's sizes and at the largest desktop, light and
dark (tests/e2e/test_a11y.py audits every screen at 1280×800). On a phone the top bar shows
the heart alone: its name stays for screen readers, so the page's h1 is never empty (it
was, an axe violation at every width up to 560 px).
"""

from __future__ import annotations

import pytest

from harness.gamepage import next_frame, open_game, settle

from .drive import open_dialog
from .test_a11y import audit, describe

SIZES = [(360, 640), (390, 844), (844, 390), (2560, 1440)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_finds_nothing_on_a_phone_or_the_largest_screen(browser, site_url, lang):
    context = browser.new_context(
        base_url=site_url,
        bypass_csp=True,  # axe's script (the page's CSP allows no other)
        service_workers="block",
        viewport={"width": 390, "height": 844},
        locale="de-DE" if lang == "de" else "en-US",
    )
    found = []
    try:
        page = context.new_page()
        open_game(page, f"?seed=8&cadence=0&lang={lang}")
        settle(page)
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                next_frame(page)
                for screen in ("table", "menu"):
                    if screen == "menu":
                        open_dialog(page, "menu")
                    violations = audit(page)["violations"]
                    if violations:
                        found.append(f"{w}×{h} {scheme} {screen}:\n{describe(violations)}")
                    if screen == "menu":
                        page.keyboard.press("Escape")
                        page.locator("#dlg-menu:not([open])").wait_for(state="attached")
    finally:
        context.close()
    assert found == [], "\n".join(found)
