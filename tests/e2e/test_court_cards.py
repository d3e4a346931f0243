"""The court cards show a figure. Every J, Q and K in the hand shows the court
figure of the English-pattern deck (a loaded image inside the card's box, the one of its
rank and suit), and its corners still read the rank letter of the player's language (U3:
B/D/K in German, J/Q/K in English), at the desktop's and the phone's smallest card size.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.gamepage import next_frame, poll

# The sprite's order (scripts/build_courts.mjs): J, Q, K, each in clubs, diamonds, hearts, spades.
FIGURES = [rank + suit for rank in "JQK" for suit in "CDHS"]
LETTERS = {"en": {"J": "J", "Q": "Q", "K": "K"}, "de": {"J": "B", "Q": "D", "K": "K"}}

COURTS = """
() => [...document.querySelectorAll('#hand button[data-card]')]
  .filter((b) => "JQK".includes(b.dataset.card[0]))
  .map((b) => {
    const court = b.querySelector('.court');
    const card = b.getBoundingClientRect();
    const box = court ? court.getBoundingClientRect() : null;
    const style = court ? getComputedStyle(court) : null;
    return {
      code: b.dataset.card,
      label: b.getAttribute('aria-label'),
      corners: [...b.querySelectorAll('.corner .rk')].map((el) => el.textContent),
      image: style ? style.backgroundImage : 'none',
      x: style ? style.backgroundPositionX : '',
      size: style ? style.backgroundSize : '',
      box: box && {left: box.left - card.left, top: box.top - card.top,
                   right: card.right - box.right, bottom: card.bottom - box.bottom,
                   width: box.width, height: box.height},
    };
  })
"""

# The figures' image: one that decodes to a picture of some size, and, where the page has a
# resource-timing entry for it, requested by the stylesheet. Twice (in run M beside a second
# make test, and once on a warm page) no entry came within 20 s for an image the cards
# showed; not reproduced in the ten runs of the test since. The entry was never the point:
# the computed style names the sprite and the sprite decodes.
LOADED = """
async (url) => {
  const entry = performance.getEntriesByType('resource').find((e) => e.name === url);
  const img = new Image();
  img.src = url;
  try { await img.decode(); } catch (e) { return {initiator: entry?.initiatorType, width: 0}; }
  return {initiator: entry?.initiatorType ?? null, width: img.naturalWidth,
          height: img.naturalHeight};
}
"""


def url_of(image: str) -> str:
    assert image.startswith('url("') and image.endswith('")'), image
    return image[5:-2]


def check_courts(page: Any, lang: str) -> list[dict[str, Any]]:
    next_frame(page)
    courts: list[dict[str, Any]] = page.evaluate(COURTS)
    assert courts, "the deal has no court card in the hand: choose another seed"
    for court in courts:
        code, where = court["code"], f"{lang} {court['code']}"
        assert court["box"] is not None, f"{where}: no figure"
        assert all(v >= 0 for k, v in court["box"].items() if k not in ("width", "height")), (
            f"{where}: the figure leaves the card {court['box']}"
        )
        assert court["box"]["width"] > 10 and court["box"]["height"] > 10, where
        assert court["image"].endswith('/build/courts.svg")'), f"{where}: {court['image']}"
        assert court["size"] == "1200% 100%", where
        index = FIGURES.index(code[0] + code[1])
        assert float(court["x"].rstrip("%")) == pytest.approx(index * 100 / 11, abs=0.01), (
            f"{where}: shows figure {court['x']}, not its own"
        )
        letter = LETTERS[lang][code[0]]
        assert court["corners"] == [letter, letter], f"{where}: corners {court['corners']}"
    url = url_of(courts[0]["image"])
    loaded = poll(
        page,
        lambda: page.evaluate(LOADED, url),
        lambda found: found["width"] > 0,
        what=f"{url} decoded",
    )
    assert loaded["initiator"] in ("css", None), loaded
    assert loaded["width"] > loaded["height"] > 0, loaded
    return courts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_court_cards_show_their_figure_and_the_language_letter(warm_lang_pages, lang):
    page = warm_lang_pages(lang, (1366, 768))
    wide = check_courts(page, lang)
    # The phone's smallest cards (360 px portrait): the same figures, still inside the card.
    page.set_viewport_size({"width": 360, "height": 640})
    small = check_courts(page, lang)
    assert [c["code"] for c in small] == [c["code"] for c in wide]
    assert max(c["box"]["width"] for c in small) < max(c["box"]["width"] for c in wide)
