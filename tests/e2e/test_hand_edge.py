"""Your hand keeps clear of the window's bottom edge and moves calmly.

- At least 8 px lie between the lowest card (a sunk one, R18) and the viewport's bottom,
  at desktop, landscape and phone sizes (before: 3 px at 1366×768, 1920×1080, 2560×1440
  and 844×390, 2 px on a portrait phone: the sunk cards all but touched the edge). The
  safe-area inset comes on top of it (40-hand.css; headless Chromium has none).
- Cards that sink or rise as the legal set changes (your turn comes, your card is played)
  get there over several frames, never in one jump; under reduced motion they simply are
  there.
"""

from __future__ import annotations

from typing import Any

from harness.gamepage import motion_settled, next_frame, playable_codes, settle, tap

from .positions import load_position, play_until
from .test_motion import PROBE, assert_travelled, frames, track, wait_frames

SIZES = [
    (1024, 600),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (844, 390),
    (390, 844),
    (360, 640),
]
MIN_GAP = 8  # px between the lowest card and the viewport's bottom

LOWEST = """() => {
  const cards = [...document.querySelectorAll("#hand .hcard")];
  return {gap: innerHeight - Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)),
          sunk: document.querySelectorAll("#hand .hcard.blocked").length};
}"""


# A new size changes the lift and the sink, and a lifted or sunk card's transform eases
# there (40-hand.css): measured once it has arrived.
SETTLED = "() => Promise.all(document.getAnimations().map((a) => a.finished))"


def gaps(page, what: str) -> list[str]:
    found = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        page.evaluate(SETTLED)
        low = page.evaluate(LOWEST)
        if low["gap"] < MIN_GAP:
            found.append(f"{what} {w}×{h}: {low['gap']:.1f} px under the hand")
    return found


def your_turn_in_the_first_trick() -> Any:
    return play_until(
        11, lambda g: g.phase == "play" and g.to_act == 0 and len(g.current_trick) == 3
    )


def cpu_before_you() -> Any:
    """CPU 3 to play the third card of the first trick; then your turn, one card playable."""
    game = play_until(
        11, lambda g: g.phase == "play" and g.to_act == 3 and len(g.current_trick) == 2
    )
    assert not game.tricks
    return game


def test_the_hand_keeps_clear_of_the_bottom_edge(warm_page):
    page = warm_page
    page.set_viewport_size({"width": 1366, "height": 768})
    load_position(page, your_turn_in_the_first_trick(), "?cadence=0&lang=en")
    assert page.evaluate(LOWEST)["sunk"] == 12
    found = gaps(page, "sunk cards")
    tap(page, playable_codes(page)[0])
    found += gaps(page, "a card lifted")
    assert found == [], "\n".join(found)


def moved_cards(log: list[dict[str, Any]], codes: list[str]) -> list[str]:
    """The cards whose place changed by more than a pixel from the first frame to the last."""
    return [c for c in codes if len(track(log, "hand", c)) > 1]


def test_cards_sink_and_rise_over_several_frames(warm_page):
    page = warm_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(reduced_motion="no-preference")
    # CPU 3 plays 2 s after the page shows (time to start the probe), its flights and the
    # hand's at full length (as from the default 450 ms on).
    load_position(page, cpu_before_you(), "?cadence=2000&lang=en")
    codes = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    page.evaluate(PROBE)
    settle(page)  # CPU 3 played: your turn, the twelve cards you may not play sink
    wait_frames(page, lambda log: len(moved_cards(log, codes)) == 12)
    motion_settled(page)  # every card has sunk the whole way
    next_frame(page)
    log = frames(page)
    assert page.locator("#hand .hcard.blocked").count() == 12
    for code in moved_cards(log, codes):
        assert_travelled(log, "hand", code)
    mine = playable_codes(page)[0]
    tap(page, mine)
    page.evaluate(PROBE)  # from here: your card played, the others rise
    tap(page, mine)

    def rose(log: list[dict[str, Any]]) -> list[str]:
        return [c for c in codes if c != mine and len(track(log, "hand", c)) > 1]

    wait_frames(page, lambda log: len(rose(log)) == 12)
    motion_settled(page)  # every card has risen the whole way
    next_frame(page)
    log = frames(page)
    for code in rose(log):
        assert_travelled(log, "hand", code)


def test_under_reduced_motion_the_cards_simply_are_there(warm_page):
    page = warm_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    load_position(page, cpu_before_you(), "?cadence=2000&lang=en")
    codes = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    page.evaluate(PROBE)
    settle(page)
    moved = wait_frames(page, lambda log: len(moved_cards(log, codes)) == 12)
    motion_settled(page)  # a move that ran after all would have ended here, frame by frame
    log = wait_frames(page, lambda log: len(log) >= len(moved) + 10)
    paths = {c: track(log, "hand", c) for c in moved_cards(log, codes)}
    assert len(paths) == 12 and all(len(p) == 2 for p in paths.values()), paths
