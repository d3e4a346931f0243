"""Statistics at a glance (R36): beside the counts, a small bar per level that shows its
wins, draws and losses, drawn by the renderer, named for screen readers, with no streak and
no best score; axe finds nothing in the dialog, light and dark, on a phone and a desktop.

The statistics are stored before the page loads: Easy none, Medium 1 win, 1 draw and 2
losses of 5 played (one abandoned, R37), Hard 2 wins and 3 losses.
"""

from __future__ import annotations

import json

import pytest

from harness.gamepage import next_frame, open_game
from hearts.stats import Stats
from hearts.web.records import STATS_KEY

from .drive import open_dialog
from .test_a11y import axe_findings, axe_page

SIZES = [(390, 844), (1366, 768)]
LABELS = {
    "en": [
        "Easy: 0 wins, 0 draws, 0 losses",
        "Medium: 1 win, 1 draw, 2 losses",
        "Hard: 2 wins, 0 draws, 3 losses",
    ],
    "de": [
        "Leicht: 0 Siege, 0 Unentschieden, 0 Niederlagen",
        "Mittel: 1 Sieg, 1 Unentschieden, 2 Niederlagen",
        "Schwer: 2 Siege, 0 Unentschieden, 3 Niederlagen",
    ],
}


def stored_stats() -> str:
    stats = Stats()
    for level, results in (
        ("medium", ["win", "draw", "loss", "loss", None]),
        ("hard", ["win", "loss", "win", "loss", "loss"]),
    ):
        for result in results:
            stats = stats.game_started(level)
            if result:
                stats = stats.game_finished(level, result)
    return stats.to_json()


# Each bar: its name, and the width of each part as a share of the bar's.
BARS = """
() => [...document.querySelectorAll("#dlg-stats [role=img]")].map((bar) => {
  const whole = bar.getBoundingClientRect();
  const parts = {};
  for (const kind of ["win", "draw", "loss"]) {
    const part = bar.querySelector(`.${kind}`);
    parts[kind] = part ? Math.round(part.getBoundingClientRect().width / whole.width * 100) : 0;
  }
  return {label: bar.getAttribute("aria-label"), tag: bar.tagName, parts,
          inView: whole.width > 20 && whole.height >= 6};
})
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_level_has_a_bar_of_its_wins_draws_and_losses(browser, site_url, lang):
    found = []
    with axe_page(browser, site_url, lang) as page:
        page.goto("/static/vendor/manifest.json")
        page.evaluate(
            f"localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(stored_stats())})"
        )
        open_game(page, f"?seed=8&cadence=0&lang={lang}")
        open_dialog(page, "stats")
        text = page.locator("#dlg-stats").inner_text().lower()
        assert "streak" not in text and "serie" not in text and "best" not in text  # R36
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            next_frame(page)
            bars = page.evaluate(BARS)
            if [b["label"] for b in bars] != LABELS[lang]:
                found.append(f"{w}×{h}: {[b['label'] for b in bars]}")
                continue
            easy, medium, hard = (b["parts"] for b in bars)
            if any(easy.values()):
                found.append(f"{w}×{h}: Easy has no finished game, yet {easy}")
            # Medium: a quarter won, a quarter drawn, half lost (of the 4 finished); Hard
            # two fifths won and three lost. A part may lose a pixel or two to its gaps.
            for got, want in ((medium, (25, 25, 50)), (hard, (40, 0, 60))):
                shares = (got["win"], got["draw"], got["loss"])
                if any(abs(g - w_) > 4 for g, w_ in zip(shares, want, strict=True)):
                    found.append(f"{w}×{h}: parts {shares}, not about {want}")
            if not all(b["inView"] for b in bars):
                found.append(f"{w}×{h}: a bar too small to see {bars}")
            found += axe_findings(page, f"{w}×{h}")
    assert found == [], "\n".join(found)
