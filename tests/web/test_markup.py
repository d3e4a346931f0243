"""What static/boot.js may paint from storage: exactly the renderer's markup,
saying only the renderer's words (U9).

Every picture a whole game keeps (both languages, every phase, summaries, the next
game) passes the allowlist of :mod:`hearts.web.markup` and every text in it is one of
:mod:`hearts.web.phrases`; what the fault campaigns stored does not.  The browser's own
check of the same rules is tested end to end (tests/e2e/test_boot.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hearts.web import markup
from hearts.web.ports import Boot
from hearts.web.records import PICTURE_KEY

from .memory import MemoryStorage
from .pages import open_tab


def pictures(lang: str, seed: int) -> list[dict[str, Any]]:
    memory = MemoryStorage()
    tab = open_tab(memory, claim=False, seed=seed, lang=lang)
    tab.dom.boot = Boot(build="b")
    tab.page.run_safely(tab.ownership.claim)
    seen: list[dict[str, Any]] = []
    saved = tab.page.ctl.records.save_picture

    def keep(picture: dict[str, Any]) -> None:
        saved(picture)
        seen.append(json.loads(memory.data[PICTURE_KEY]))

    tab.page.ctl.records.save_picture = keep  # type: ignore[method-assign]  # every one
    for _ in range(400):
        if tab.ctl.game.phase == "game_over":
            break
        tab.my_move()
    assert tab.ctl.game.phase == "game_over"
    return seen


@pytest.mark.parametrize(("lang", "seed"), [("en", 3), ("de", 8)])
def test_every_picture_of_a_whole_game_is_the_renderers_markup(lang, seed):
    seen = pictures(lang, seed)
    assert len(seen) > 300
    table = re.compile(f"^(?:{markup.TABLE_CLASS})$")
    hand = re.compile(f"^(?:{markup.HAND_CLASS})$")
    # Most regions repeat from one picture to the next; allowed() is a pure function of the
    # markup, so each distinct markup is checked once (a third of the checks, same verdict).
    regions = {html: region for snap in seen for region, html in snap["regions"].items()}
    for html, region in regions.items():
        assert markup.allowed(html, lang), (region, html)
    for snap in seen:
        assert table.match(snap["classes"]["table"]) and hand.match(snap["classes"]["hand"])


HOSTILE = [
    '<meta http-equiv="refresh" content="0;url=https://example.com">',
    '<a href="https://example.com">Hearts</a>',
    '<span id="hand"></span>',
    '<link rel="stylesheet" href="/x.css">',
    "<form><button>ok</button></form>",
    '<iframe src="/"></iframe>',
    '<span style="display:none">x</span>',
    '<button type="button" onclick="alert(1)">x</button>',
    '<svg><use href="https://example.com/s.svg#x"></use></svg>',
    '<svg><use xlink:href="#s-H"></use></svg>',
    '<span class="card boot">x</span>',
    '<button type="submit">x</button>',
    '<span data-card="QS QH">x</span>',
    "<!-- hi --><span></span>",
    '<img src="x">',
]


@pytest.mark.parametrize("html", HOSTILE)
def test_markup_the_renderer_never_makes_is_refused(html):
    assert not markup.allowed(html)


# the renderer's elements around invented words (a tampered picture showed these).
INVENTED = [
    '<p class="seat-status st-to_act">Your save is damaged. Visit example.com</p>',
    '<button type="button" class="btn primary">Recover save</button>',
    '<div class="pile" role="img" aria-label="Call 0800 to recover your save"></div>',
    '<h2 class="seat-name">Du</h2>',  # a German word on an English table
]


@pytest.mark.parametrize("html", INVENTED)
def test_the_renderers_markup_with_words_it_never_says_is_refused(html):
    assert markup.allowed(html)  # the elements alone pass
    assert not markup.allowed(html, "en")


def test_the_rules_are_data_for_the_boot_module():
    rules = markup.rules()
    assert json.loads(json.dumps(rules)) == rules
    assert "id" not in markup.ATTRIBUTES and "style" not in markup.ATTRIBUTES
    assert not any(name.startswith("on") for name in markup.ATTRIBUTES)
