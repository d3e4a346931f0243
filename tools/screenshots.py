"""Screenshots of the table for a look by eye: ``make screenshots`` → screenshots/*.png.

Pass phase (two cards chosen), mid-trick (your turn, a card lifted, blocked cards sunk),
the trick pause (a finished trick face up, its winner marked), the hand summary, and the
statistics and help dialogs, at 1280×800, 390×844, 360×640 and 844×390, in English; the
phone and the desktop also in German, and both again in the dark theme; the four-colour
deck (U11) at phone, landscape and desktop size, and on the phone in German and
dark, with the menu showing its switches.  Fixed seed, fast cadence.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.browser import ROOT, launch, serve
from harness.gamepage import my_move, settle, state, tap, wait_ready

SIZES = {
    "desktop": (1280, 800),
    "phone": (390, 844),
    "small": (360, 640),
    "landscape": (844, 390),
}
SEED = 11


def shoot(
    browser,
    base: str,
    out: Path,
    name: str,
    size: tuple[int, int],
    lang: str,
    dark: bool = False,
    four: bool = False,
) -> None:
    phone = size[0] < 600 or size[1] < 600
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=phone,
        is_mobile=phone,
        device_scale_factor=1 if not phone else 2,
        locale="de-DE" if lang == "de" else "en-US",
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    page.goto(f"{base}?seed={SEED}&cadence=0&lang={lang}")
    wait_ready(page)
    settle(page)
    prefix = name + ("" if lang == "en" else f"-{lang}") + ("-dark" if dark else "")
    if four:
        prefix += "-four"
        page.locator("#menu-button").click()
        page.locator('#dlg-menu [data-intent="four-colour"]').click()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{prefix}-0-menu.png"))
        page.keyboard.press("Escape")

    hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    tap(page, hand[4])
    tap(page, hand[9])
    page.wait_for_timeout(250)
    page.screenshot(path=str(out / f"{prefix}-1-pass.png"))

    tap(page, hand[0])
    page.locator('[data-intent="confirm-pass"]').click()
    # Play on until it is your turn inside a trick with some cards blocked.
    now = settle(page)
    for _ in range(200):
        if (
            now["phase"] == "play"
            and now["to_act"] == 0
            and len(now["legal"]) < len(page.locator("#hand button").all())
            and page.locator("#center .tcard").count() >= 2
        ):
            break
        now = my_move(page)
    tap(page, now["legal"][0])
    page.wait_for_timeout(350)
    page.screenshot(path=str(out / f"{prefix}-2-trick.png"))
    tap(page, now["legal"][0])

    # The trick pause (R20): you play the fourth card and the trick lies face up.
    now = settle(page)
    for _ in range(200):
        if now["to_act"] == 0 and page.locator("#center .tcard").count() == 3:
            break
        now = my_move(page)
    page.goto(f"{base}?cadence=3000&lang={lang}")  # same saved game, slow cadence
    wait_ready(page)
    code = page.locator("#hand button:not([aria-disabled])").first.get_attribute("data-card")
    tap(page, code)
    tap(page, code)
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"{prefix}-3-pause.png"))
    page.goto(f"{base}?cadence=0&lang={lang}")
    wait_ready(page)

    while state(page)["phase"] not in ("hand_over", "game_over"):
        my_move(page)
    page.wait_for_timeout(350)
    page.screenshot(path=str(out / f"{prefix}-4-summary.png"))
    page.locator('#dlg-summary [data-intent="continue"]').click()
    for number, dialog in ((5, "stats"), (6, "help")):
        page.locator("#menu-button").click()
        page.locator(f'#dlg-menu [data-intent="open-{dialog}"]').click()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{prefix}-{number}-{dialog}.png"))
        page.keyboard.press("Escape")
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated names")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with serve() as base, sync_playwright() as pw:
        browser = launch(pw)
        names = args.sizes.split(",")
        for name in names:
            shoot(browser, base, args.out, name, SIZES[name], "en")
        for name in ("phone", "desktop"):
            if name in names:
                shoot(browser, base, args.out, name, SIZES[name], "de")
                shoot(browser, base, args.out, name, SIZES[name], "en", dark=True)
                shoot(browser, base, args.out, name, SIZES[name], "de", dark=True)
        for name in ("phone", "landscape", "desktop"):
            if name in names:
                shoot(browser, base, args.out, name, SIZES[name], "en", four=True)
        if "phone" in names:
            shoot(browser, base, args.out, "phone", SIZES["phone"], "de", dark=True, four=True)
        browser.close()
    for path in sorted(args.out.glob("*.png")):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
