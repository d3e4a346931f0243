"""A trick's pile changes when the trick lands on it (U6): while a gathered trick flies, the
winner's pile looks as it did before, its count and its stack of backs alike (the stack
grew by a card the moment the trick left the table: a pile of one trick showed two backs,
the count still 1, while the cards were still on their way). A whole first hand at the
default cadence, 1366×768, every frame probed.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.gamepage import motion_settled, my_move, next_frame, settle

from .test_motion import SEEN_PILE, fresh_game, warm_motion_page

# Every frame: each seat's pile as a player sees it (shown or not, its count, how many backs
# its stack shows: the motion layer's stand-in while its trick flies) and whether any card
# is in flight.
PROBE = """
() => {
  const log = window.__piles = [];
  const seenPile = SEEN_PILE;
  const tick = () => {
    const f = {t: document.timeline.currentTime, flying: 0, piles: [], off: 0};
    f.flying = document.querySelectorAll(".flights > .flight").length;
    for (const s of [0, 1, 2, 3]) {
      const pile = seenPile(s);
      f.piles.push(pile && [pile.count, pile.backs]);
      f.off = Math.max(f.off, pile?.off ?? 0);
    }
    log.push(f);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
""".replace("SEEN_PILE", SEEN_PILE.strip())


def flights(log: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The spans of frames [start, end) in which cards flew."""
    spans, start = [], None
    for i, f in enumerate(log):
        if f["flying"] and start is None:
            start = i
        elif not f["flying"] and start is not None:
            spans.append((start, i))
            start = None
    return spans


@pytest.fixture
def page(warm_contexts):
    page = warm_motion_page(warm_contexts, "no-preference")
    yield page
    page.close()


def test_every_pile_shows_its_old_count_and_stack_until_its_trick_lands(page):
    fresh_game(page, "?seed=7&lang=en")
    page.evaluate(PROBE)
    now = settle(page)
    while now["phase"] != "hand_over":
        now = my_move(page)
    motion_settled(page)  # the last trick lands
    next_frame(page)  # and the probe saw the table after it
    log: list[dict[str, Any]] = page.evaluate("window.__piles.slice()")
    spans = flights(log)
    assert len(spans) >= 13, f"fewer flights than tricks: {len(spans)}"
    found, grew = [], 0
    for start, end in spans:
        before = log[start - 1]["piles"]
        for f in log[start:end]:
            if f["piles"] != before:
                found.append(f"at {f['t']:.0f} ms, in flight: {before} -> {f['piles']}")
                break
        grew += log[end]["piles"] != before
    assert found == [], "\n".join(found)
    # ... and where the pile as drawn lies (your seat's row moves as the prompt comes)
    assert max(f["off"] for f in log) < 1
    assert grew >= 13, "every trick lands on a pile, which then shows it"
