"""Accessibility audit: axe-core on every screen and dialog, in English
and German, in the light and the dark theme (prefers-color-scheme).

axe-core (bundled by ``axe-playwright-python``, pinned in requirements-dev.txt) runs with
its full default rule set: WCAG 2.x A/AA and best practices, no rule excluded.  The page's
CSP has no 'unsafe-eval' and no inline scripts, so the audit uses a browser context with
``bypass_csp=True``; everything else about the page is the production page.

One page per language walks through the screens; positions deep inside a game come from
CPython (tests/e2e/positions.py) so no screen needs minutes of play to reach.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from harness.gamepage import (
    blocked_codes,
    next_frame,
    open_game,
    playable_codes,
    settle,
    state,
    tap,
    to_my_turn,
)

from . import contrast
from .drive import open_dialog
from .positions import game_over, hand_over, last_trick_pause, load_position

AXE = Axe()
SCREENS = (
    "pass phase",
    "menu",
    "new game",
    "new game, confirm abandon",
    "statistics",
    "statistics, confirm reset",
    "how to play",
    "play phase, blocked cards, one lifted",
    "trick pause",
    "hand summary",
    "game over",
    "open in another tab",
)
MIN_RULES = 80  # axe 4.12 has ~100 rules; far fewer would mean the audit did not run


def audit(page) -> dict[str, Any]:
    """axe.run with every default rule; returns the raw results."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):  # once per page load
        page.evaluate(AXE.axe_script)
    results: dict[str, Any] = page.evaluate(
        "axe.run(document, {resultTypes: ['violations', 'incomplete']})"
    )
    assert results["testEngine"]["name"] == "axe-core"
    return results


def rules_checked(results: dict[str, Any]) -> int:
    return sum(len(results[k]) for k in ("passes", "violations", "incomplete", "inapplicable"))


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {node['target']}: {node['failureSummary']}")
    return "\n".join(lines)


SCHEMES = ("light", "dark")


@contextlib.contextmanager
def axe_page(browser: Any, site_url: str, lang: str = "en") -> Iterator[Any]:
    """A page of a phone-sized context axe can audit (its script needs the CSP bypassed),
    closed after the block."""
    context = browser.new_context(
        base_url=site_url,
        bypass_csp=True,  # axe's script (the page's CSP allows no other)
        service_workers="block",
        viewport={"width": 390, "height": 844},
        locale="de-DE" if lang == "de" else "en-US",
    )
    try:
        yield context.new_page()
    finally:
        context.close()


def axe_findings(page: Any, where: str) -> list[str]:
    """axe's violations on the page as it stands, in the light and the dark scheme."""
    found = []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        next_frame(page)
        violations = audit(page)["violations"]
        if violations:
            found.append(f"{where} {scheme}:\n{describe(violations)}")
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_reports_no_violations_on_any_screen(browser, site_url, lang):
    """Each screen is audited in both themes where it stands: one walk per language."""
    context = browser.new_context(
        base_url=site_url,
        bypass_csp=True,
        service_workers="block",
        viewport={"width": 1280, "height": 800},
        locale="de-DE" if lang == "de" else "en-US",
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    found: dict[tuple[str, str], dict[str, Any]] = {}

    contrast_failures: list[str] = []
    reviewed = 0

    def check(screen: str) -> None:
        nonlocal reviewed
        assert screen in SCREENS
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            next_frame(page)
            found[scheme, screen] = results = audit(page)
            # What axe leaves for review (text on the felt gradient, one-character card
            # indices and score digits) is measured here instead: WCAG AA from computed
            # styles.
            targets = contrast.left_for_review(results)
            reviewed += len(targets)
            failures = contrast.check(page, targets)
            contrast_failures.extend(f"{scheme}, {screen}: {f}" for f in failures)

    try:
        open_game(page, f"?seed=8&cadence=0&lang={lang}")
        settle(page)
        chosen = playable_codes(page)[2]
        tap(page, chosen)
        check("pass phase")
        tap(page, chosen)  # deselect: the walk below passes the first three cards

        open_dialog(page, "menu")
        check("menu")
        page.locator('#dlg-menu [data-intent="open-newgame"]').click()
        check("new game")
        page.locator('#dlg-newgame [data-intent="start-new"]').click()
        check("new game, confirm abandon")
        page.locator('#dlg-newgame [data-intent="keep"]').click()
        open_dialog(page, "stats")
        check("statistics")
        page.locator('#dlg-stats [data-intent="reset"]').click()
        check("statistics, confirm reset")
        page.locator('#dlg-stats [data-intent="reset-no"]').click()
        page.locator('#dlg-stats .buttons [data-intent="close"]').click()
        open_dialog(page, "help")
        check("how to play")
        page.locator('#dlg-help .buttons [data-intent="close"]').click()

        to_my_turn(page, lambda s, p: bool(blocked_codes(p)) and len(s["legal"]) >= 2)
        tap(page, playable_codes(page)[0])
        check("play phase, blocked cards, one lifted")

        # The last trick of hand 1 lies face up (the slowest cadence: a 22 s pause, long
        # enough for both themes' audits on a loaded machine); then that hand's summary.
        now = load_position(page, last_trick_pause(8), f"?cadence=10000&lang={lang}")
        assert now["trick_waiting"] and page.locator("#center .tcard.winner").count() == 1
        check("trick pause")
        assert state(page)["trick_waiting"], "the audits outlasted the trick pause"
        assert load_position(page, hand_over(8), f"?cadence=0&lang={lang}")["phase"] == "hand_over"
        page.locator("#dlg-summary[open]").wait_for()
        check("hand summary")

        load_position(page, game_over(8), f"?cadence=0&lang={lang}")
        page.locator("#dlg-summary[open] .result").wait_for()
        check("game over")

        # A second tab of the same game: it says so, in a dialog of its own.
        playing, page = page, context.new_page()
        page.goto(f"/?cadence=0&lang={lang}")
        page.locator("#dlg-tab[open]").wait_for()
        check("open in another tab")
        playing.close()
    finally:
        context.close()

    assert set(found) == {(scheme, screen) for scheme in SCHEMES for screen in SCREENS}
    version = found["light", "pass phase"]["testEngine"]["version"]
    for scheme in SCHEMES:
        print(f"\naxe-core {version}, {lang}, {scheme}")
        for screen in SCREENS:
            r = found[scheme, screen]
            print(
                f"  {screen}: {rules_checked(r)} rules checked "
                f"({len(r['passes'])} passed, {len(r['violations'])} violations, "
                f"{len(r['incomplete'])} incomplete, {len(r['inapplicable'])} inapplicable)"
            )
        incomplete = {s: sorted(v["id"] for v in found[scheme, s]["incomplete"]) for s in SCREENS}
        print("  needs review (incomplete):", json.dumps(incomplete, ensure_ascii=False))
    print(f"  contrast measured by the test for {reviewed} elements axe left for review")
    for (scheme, screen), r in found.items():
        assert rules_checked(r) >= MIN_RULES, f"{scheme}, {screen}: only {rules_checked(r)} ran"
    failures = {key: describe(r["violations"]) for key, r in found.items() if r["violations"]}
    assert not failures, "\n".join(
        f"[{lang}, {scheme}] {screen}:\n{text}" for (scheme, screen), text in failures.items()
    )
    assert reviewed > 0 and not contrast_failures, "\n".join(contrast_failures)


MOTION = """
() => [...document.querySelectorAll("#table *, #table")].flatMap((el) => {
  const s = getComputedStyle(el);
  const secs = (v) => v.split(",").map((x) => parseFloat(x) || 0);
  const moving = s.animationName !== "none" && secs(s.animationDuration).some((d) => d > 0);
  const easing = s.transitionProperty !== "none" && secs(s.transitionDuration).some((d) => d > 0);
  if (!moving && !easing) return [];
  return [`${el.className.baseVal ?? el.className} animation=${s.animationName} ` +
          `${s.animationDuration} transition=${s.transitionProperty} ${s.transitionDuration}`];
})
"""


def test_reduced_motion_stops_card_movement_and_suits_keep_contrast(warm_page):
    """prefers-reduced-motion: no animation or transition anywhere on the table; the red
    and black suit signs and indices reach 4.5:1 on the card face (normal and blocked)."""
    page = warm_page
    page.set_default_timeout(90_000)
    open_game(page, "?seed=8&cadence=0&lang=en")
    page.set_default_timeout(15_000)
    to_my_turn(
        page,
        lambda s, p: bool(blocked_codes(p)) and p.locator("#center .tcard").count() >= 2,
    )
    tap(page, playable_codes(page)[0])  # a lifted card, cards on the table

    page.emulate_media(reduced_motion="no-preference")
    moving = page.evaluate(MOTION)
    assert any("hcard" in m for m in moving), "the control: cards ease without the setting"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert page.evaluate(MOTION) == []
    tap(page, playable_codes(page)[0])  # play it: the trick card arrives without motion
    to_my_turn(page, lambda s, p: bool(blocked_codes(p)))
    assert page.evaluate(MOTION) == []

    # Suit colours: every card in the hand and on the table, corner index and pip.
    selectors = page.evaluate(
        """() => [...document.querySelectorAll('#hand .card, #center .card')].flatMap((c, i) => {
          c.dataset.audit = String(i);
          return [`[data-audit="${i}"] .corner.tl .rk`, `[data-audit="${i}"] .corner.tl .ix`];
        })"""
    )
    kinds = page.evaluate(
        "[...document.querySelectorAll('#hand .card, #center .card')].map(c => c.className)"
    )
    assert any("red" in k for k in kinds) and any("black" in k for k in kinds)
    assert any("blocked" in k for k in kinds)
    assert len(selectors) >= 20
    assert contrast.check(page, selectors) == []
    ratios = [
        contrast.worst_ratio(item["color"], item["layers"])
        for item in page.evaluate(contrast.LAYERS_JS, selectors)
    ]
    print(f"\nsuit contrast on the card face: min {min(ratios):.2f}:1 over {len(ratios)} marks")
