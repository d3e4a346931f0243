"""Game over in plain words (R4, R35; U7), in English and German, on a phone and a desktop:
who won with how many points, your place and points, places 1-4 in the table, no rule text
once the game has ended, a column heading that says what the names are, and the names
standing at one left edge.

Seed 8 ends with CPU 1 and CPU 2 sharing first place on 23 points and you fourth on 114;
seed 7 with your win on 40 (tests/e2e/positions.py plays them in CPython).
"""

from __future__ import annotations

import pytest

from harness.gamepage import next_frame

from .positions import game_over, hand_over, load_position

SIZES = [(390, 844), (1366, 768)]
EXPECTED = {
    ("en", 8): (
        "CPU 1 and CPU 2 share first place with 23 points each. You finish 4th with 114 points."
    ),
    ("de", 8): (
        "CPU 1 und CPU 2 teilen sich den ersten Platz mit je 23 Punkten. "
        "Du landest mit 114 Punkten auf dem vierten Platz."
    ),
    ("en", 7): "You win with 40 points.",
    ("de", 7): "Du gewinnst mit 40 Punkten.",
}
HEADINGS = {"en": ("Place", "Player"), "de": ("Platz", "Spieler")}

# The summary as a player reads it: the result's words (not its decoration, the hearts of a
# win's burst), the headings, each row's place and
# name with the name's left edge, and whether the rule text is there.
READ = """
() => {
  const dlg = document.getElementById("dlg-summary");
  const text = (el) => el ? el.textContent.replace(/\\s+/g, " ").trim() : null;
  return {
    result: [...(dlg.querySelector(".result")?.children ?? [])]
      .filter((el) => el.getAttribute("aria-hidden") !== "true").map(text).join(" "),
    heads: [...dlg.querySelectorAll(".scores thead th")].map(text),
    rows: [...dlg.querySelectorAll(".scores tbody tr")].map((tr) => {
      const name = tr.querySelector("th[scope=row]");
      const words = document.createRange();
      words.selectNodeContents(name);
      return [text(tr.querySelector(".place"))?.split(".")[0], text(name),
              Math.round(words.getBoundingClientRect().left * 10) / 10];
    }),
    target: dlg.querySelector(".target") !== null,
  };
}
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_game_over_says_who_won_and_your_place_in_plain_words(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    found = []
    for seed in (8, 7):
        load_position(page, game_over(seed), f"?cadence=0&lang={lang}")
        page.locator("#dlg-summary[open]").wait_for()
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            next_frame(page)
            seen = page.evaluate(READ)
            where = f"seed {seed} at {w}×{h}"
            if seen["result"] != EXPECTED[lang, seed]:
                found.append(f"{where}: {seen['result']!r}")
            if tuple(seen["heads"][:2]) != HEADINGS[lang]:
                found.append(f"{where}: headings {seen['heads']}")
            if seen["target"]:
                found.append(f"{where}: the rule text after the end")
            places = [row[0] for row in seen["rows"]]
            if places != (["1", "1", "3", "4"] if seed == 8 else ["1", "2", "3", "4"]):
                found.append(f"{where}: places {places}")
            if len({row[2] for row in seen["rows"]}) != 1:
                found.append(f"{where}: names not at one edge {seen['rows']}")
    assert found == [], "\n".join(found)


def test_between_hands_the_rule_that_ends_the_game_is_still_said(warm_lang_pages):
    page = warm_lang_pages("en")
    load_position(page, hand_over(8), "?cadence=0&lang=en")
    page.locator("#dlg-summary[open]").wait_for()
    seen = page.evaluate(READ)
    assert seen["target"] and seen["heads"][0] == "Player"
    assert len({row[2] for row in seen["rows"]}) == 1
