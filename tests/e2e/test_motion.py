"""Cards that travel (U6, and U4's reduced motion): a probe records, every
animation frame at the default cadence, where each card on the table is.

- a card you play first appears near its place in your hand and reaches its slot over
  several frames; a CPU's card first appears near that CPU's cards;
- a gathered trick gets most of the way to the winner's pile before it disappears, and the
  pile's count changes when the cards arrive;
- the exchange: your three cards leave toward the receiving seat, the three you receive
  arrive from the passing seat, their marks shown once they have landed;
- under reduced motion nothing flies, and at ``?cadence=0`` nothing waits for motion.

One browser context per motion preference; the game is seed 7 at 1366×768.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from harness.gamepage import (
    hand_codes,
    open_game,
    playable_codes,
    poll,
    settle,
    tap,
    wait_until,
)

from .drive import act

VIEWPORT = {"width": 1366, "height": 768}

# A seat's pile as the player sees it: the motion layer's stand-in while the seat's trick
# flies (static/motion/piles.mjs), else the pile as drawn when it shows; or null. ``off``:
# how far the stand-in lies from the pile as drawn (their top left corners, px).
SEEN_PILE = """
(s) => {
  const shown = (el) => {
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none" && style.opacity !== "0";
  };
  const held = document.querySelector(`.flights > .pile[data-seat="${s}"]`);
  const drawn = document.querySelector(`#seat-${s} .pile`);
  const pile = held || (drawn && shown(drawn) ? drawn : null);
  const [a, b] = [held?.getBoundingClientRect(), drawn?.getBoundingClientRect()];
  return pile && {count: pile.querySelector(".pile-count")?.textContent,
                  backs: [...pile.querySelectorAll(".pile-stack .back")].filter(shown).length,
                  off: a && b ? Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) : 0};
}
"""

# Every frame: the centre of each card on the table, in flight, and in your hand, the
# pile counts, and how many received cards still wait for their marks (the band drawn
# with an inset shadow, 40-hand.css).
PROBE = """
() => {
  const seenPile = SEEN_PILE;
  if (window.__frames) { window.__frames.length = 0; return; }
  const log = window.__frames = [];
  window.__probedEls = 0;
  const at = (el) => { const r = el.getBoundingClientRect();
                       return [r.left + r.width / 2, r.top + r.height / 2]; };
  const tick = () => {
    // The time the page's animations were drawn at in this frame: the callback itself can
    // run long after its frame began on a starved machine (performance.now() then said two
    // frames 100 ms apart were 6 ms apart).
    const f = {t: document.timeline.currentTime, center: {}, flight: {}, hand: {}, piles: {},
               pileEls: {}, incoming: 0};
    for (const el of document.querySelectorAll("#center .tcard")) {
      f.center[el.dataset.card] = [...at(el), Number(el.dataset.seat)];
    }
    const all = (sel) => document.querySelectorAll(sel);
    for (const el of all(".flights > .flight")) f.flight[el.dataset.card] = at(el);
    for (const el of all("#hand [data-card]")) f.hand[el.dataset.card] = at(el);
    for (const s of [0, 1, 2, 3]) {
      const c = document.querySelector(`#seat-${s} .pile-count`);
      f.piles[s] = seenPile(s)?.count ?? null;
      f.pileEls[s] = c ? (c.__probed ??= ++window.__probedEls) : 0;  // a new one: redrawn
    }
    f.incoming = [...all("#hand .received")]
      .filter((el) => !getComputedStyle(el).boxShadow.includes("inset")).length;
    log.push(f);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
""".replace("SEEN_PILE", SEEN_PILE.strip())

BOXES = """
() => {
  const c = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                      return [r.left + r.width / 2, r.top + r.height / 2]; };
  const out = {hand: {}, seats: {}, piles: {}};
  const cards = document.querySelectorAll("#hand [data-card]");
  for (const el of cards) out.hand[el.dataset.card] = c(el);
  for (const s of [0, 1, 2, 3]) {
    const backs = document.querySelectorAll(`#seat-${s} .backs .back`);
    out.seats[s] = c(backs[backs.length - 1]) || c(document.querySelector(`#seat-${s} .plate`));
    out.piles[s] = c(document.querySelector(`#seat-${s} .pile-stack`));
  }
  return out;
}
"""


def distance(a: list[float], b: list[float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def frames(page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.__frames.slice()")
    return found


def track(log: list[dict[str, Any]], region: str, code: str) -> list[list[float]]:
    """The positions of ``code`` in ``region`` frame by frame (repeats dropped)."""
    path: list[list[float]] = []
    for f in log:
        p = f[region].get(code)
        if p is not None and (not path or distance(p, path[-1]) > 0.5):
            path.append(p)
    return path


# Frames this close together show every step of a flight (three frames at 60 Hz). Where the
# page drew none for longer around a card's first or last sighting (a loaded machine), the
# card may have started or arrived unseen: its first or last place proves nothing then.
DENSE_MS = 50


def sightings(log: list[dict[str, Any]], region: str, code: str) -> list[int]:
    return [i for i, f in enumerate(log) if code in f[region]]


def enough_frames(log: list[dict[str, Any]], region: str, code: str) -> int:
    """How many distinct places ``code`` must show in ``region``: four, or as many frames
    as the page drew from its first appearance until it arrived (a loaded machine drops
    frames wholesale; a card that jumps still fails, as its first place is its last)."""
    seen = [f[region][code] for f in log if code in f[region]]
    if not seen:
        return 4
    arrived = next(i for i, p in enumerate(seen) if distance(p, seen[-1]) <= 0.5)
    return min(4, arrived + 1)


def assert_travelled(log: list[dict[str, Any]], region: str, code: str) -> list[list[float]]:
    """``code``'s path in ``region``, after checking it moved over the frames drawn: in as
    many steps as enough_frames asks, unless the page drew no frame for a while as it moved
    from one place to the next (then the steps between went unseen)."""
    path = track(log, region, code)
    if len(path) >= enough_frames(log, region, code):
        return path
    seen = sightings(log, region, code)
    moves = [
        log[b]["t"] - log[a]["t"]
        for a, b in itertools.pairwise(seen)
        if distance(log[a][region][code], log[b][region][code]) > 0.5
    ]
    assert max(moves, default=0) > DENSE_MS, f"{code} jumped in {region}: {path}"
    return path


def assert_starts_near(
    log: list[dict[str, Any]], region: str, code: str, source: list[float], share: float
) -> None:
    """``code`` first shows in ``region`` near ``source``: within ``share`` of the way it
    then went, unless the page drew no frame for a while before that first sighting."""
    path = track(log, region, code)
    if distance(path[0], source) < share * distance(path[-1], source):
        return
    first = sightings(log, region, code)[0]
    gap = log[first]["t"] - log[first - 1]["t"] if first > 0 else math.inf
    assert gap > DENSE_MS, f"{code} first showed far from where it left: {path}"


def assert_ends_near(
    log: list[dict[str, Any]], region: str, code: str, target: list[float], share: float
) -> None:
    """``code`` last shows in ``region`` within ``share`` of its way to ``target``, unless
    the page drew no frame for a while after that last sighting."""
    path = track(log, region, code)
    if distance(path[-1], target) < share * distance(path[0], target):
        return
    last = sightings(log, region, code)[-1]
    gap = log[last + 1]["t"] - log[last]["t"] if last + 1 < len(log) else math.inf
    assert gap > DENSE_MS, f"{code} vanished short of where it goes: {path}"


def wait_frames(page, check, timeout_s: float = 20) -> list[dict[str, Any]]:
    """Poll the probe's log until ``check(log)`` holds."""
    found: list[dict[str, Any]] = poll(
        page, lambda: frames(page), check, timeout_s, "the probe's frames"
    )
    return found


def trick_then_empty(log: list[dict[str, Any]]) -> bool:
    """A whole trick lay on the table, and later the table was empty."""
    full = next((i for i, f in enumerate(log) if len(f["center"]) == 4), None)
    return full is not None and any(not f["center"] for f in log[full:])


def trick_gathered(log: list[dict[str, Any]]) -> bool:
    """A whole trick lay on the table, then flew off, and every flight has ended."""
    full = next((i for i, f in enumerate(log) if len(f["center"]) == 4), None)
    if full is None:
        return False
    flying = next((i for i in range(full, len(log)) if log[i]["flight"]), None)
    return flying is not None and not log[-1]["flight"]


# A warm page (conftest.py): each game starts from the kept snapshot, as how it started is
# not what these tests are about. One page for the whole module: a second page of the warm
# context at the same time would be a second tab, which waits for the first.
def warm_motion_page(warm_contexts, reduced_motion: str):
    page = warm_contexts.page("en")
    page.set_viewport_size(VIEWPORT)
    page.emulate_media(reduced_motion=reduced_motion)
    return page


@pytest.fixture(scope="module")
def moving(warm_contexts):
    page = warm_motion_page(warm_contexts, "no-preference")
    yield page
    page.close()


@pytest.fixture
def calm(moving):
    moving.emulate_media(reduced_motion="reduce")
    yield moving
    moving.emulate_media(reduced_motion="no-preference")


def fresh_game(page, query: str) -> None:
    """Seed ``query``'s game from its first deal: storage cleared off the game's page (so
    nothing saves it back on the way out)."""
    page.goto("/static/vendor/manifest.json")
    page.evaluate("localStorage.clear()")
    open_game(page, query)


def pass_three(page) -> tuple[list[str], dict[str, Any]]:
    settle(page)
    chosen = hand_codes(page)[:3]
    for code in chosen:
        tap(page, code)
    boxes = page.evaluate(BOXES)
    page.evaluate(PROBE)
    page.locator('[data-intent="confirm-pass"]').click()
    return chosen, boxes


def test_the_exchange_crosses_the_table(moving):
    page = moving
    fresh_game(page, "?seed=7&lang=en")  # hand 1 passes left: to CPU 1, from CPU 3
    chosen, boxes = pass_three(page)
    now = wait_until(page, lambda s: s["phase"] == "play", 10)
    # Until your cards have gone and the received ones have landed (the later of the two).
    log = wait_frames(
        page, lambda log: len(log) > 10 and not log[-1]["flight"] and not log[-1]["incoming"]
    )
    for code in chosen:  # your three cards leave toward CPU 1 and are gone
        assert_travelled(log, "flight", code)
        assert_ends_near(log, "flight", code, boxes["seats"]["1"], 0.5)  # most of the way
    received = [c for c in hand_codes(page) if c not in boxes["hand"]]
    assert len(received) == 3 and now["phase"] == "play"
    for code in received:  # ... and those of CPU 3 come in from its side
        assert_travelled(log, "hand", code)
        assert_starts_near(log, "hand", code, boxes["seats"]["3"], 0.3)
    marked = [f for f in log if f["incoming"]]
    assert marked  # marked as incoming on their way (the wait saw the mark go on landing)
    # The received star pops once, as its card lands: a later repaint of your hand (a lift)
    # starts no animation of it (a CSS animation did, at every repaint, dropping frames).
    settle(page)
    tap(page, playable_codes(page)[0])
    stars = """() => document.getAnimations()
        .filter((a) => a.effect?.target?.classList?.contains("rcv")).length"""
    assert page.evaluate(stars) == 0


def test_a_played_card_travels_and_the_trick_goes_to_its_pile(moving):
    page = moving
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    settle(page)  # your turn
    code = playable_codes(page)[0]
    tap(page, code)
    boxes = page.evaluate(BOXES)
    page.evaluate(PROBE)
    tap(page, code)
    log = wait_frames(page, trick_gathered)
    assert_travelled(log, "center", code)
    assert_starts_near(log, "center", code, boxes["hand"][code], 0.25)

    trick = [f["center"] for f in log if len(f["center"]) == 4][-1]  # all four in place
    for other, (_x, _y, seat) in trick.items():
        if other == code or other in log[0]["center"]:
            continue  # yours, or played before the probe started
        assert_travelled(log, "center", other)
        assert_starts_near(log, "center", other, boxes["seats"][str(seat)], 0.25)

    before, after = log[0]["piles"], log[-1]["piles"]
    winner = next(s for s in after if after[s] != before[s])
    pile = page.evaluate(BOXES)["piles"][winner]
    for c in trick:  # most of the way to the winner's pile before it is gone
        assert_travelled(log, "flight", c)
        assert_ends_near(log, "flight", c, pile, 0.5)
    in_flight = [f["piles"][winner] for f in log if f["flight"]]
    assert in_flight and set(in_flight) == {before[winner]}  # the old count while they fly
    assert after[winner] == str(int(before[winner] or 0) + 1)


def test_a_pile_keeps_its_old_count_while_its_trick_flies_though_the_table_is_redrawn(moving):
    """A gather can outlast the next paint (on a starved machine its last frame came after
    the next play had drawn the winner's plate anew, with the new count): with the page's
    timeline slowed tenfold (its timers are not), the table is drawn again while the trick
    flies, and the pile still shows its old count until the cards land."""
    page = moving
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    settle(page)
    code = playable_codes(page)[0]
    tap(page, code)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    try:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})
        page.evaluate(PROBE)
        tap(page, code)
        log = wait_frames(page, trick_gathered, timeout_s=30)
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()
    before, after = log[0]["piles"], log[-1]["piles"]
    winner = next(s for s in after if after[s] != before[s])
    flying = [f for f in log if f["flight"]]
    assert len({f["pileEls"][winner] for f in flying}) > 1, "no paint while the trick flew"
    assert {f["piles"][winner] for f in flying} == {before[winner]}  # the old count
    assert after[winner] == str(int(before[winner] or 0) + 1)


def test_reduced_motion_flies_nothing(calm):
    page = calm
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    settle(page)
    page.evaluate(PROBE)
    code = playable_codes(page)[0]
    tap(page, code)
    tap(page, code)
    log = wait_frames(page, trick_then_empty)
    assert not any(f["flight"] for f in log)  # a short fade at most, never a flight
    for f in log:
        for c in f["center"]:
            assert len(track(log, "center", c)) == 1, f"{c} moved on the table"


def test_cadence_zero_waits_for_nothing(moving):
    page = moving
    fresh_game(page, "?seed=7&cadence=0&lang=en")
    pass_three(page)
    now = settle(page)
    code = playable_codes(page)[0]
    tap(page, code)
    tap(page, code)
    assert page.evaluate("heartsMotion.running()") == 0
    assert page.locator(".flights > *").count() == 0
    assert now["phase"] == "play"


def test_a_new_deal_comes_from_the_middle_card_sized(moving):
    """A dealt card starts at the middle of the table no bigger than itself: from the
    middle region's own box it began five times its size, and Chromium rasters an animated
    layer at its largest scale (half a second before the deal's first frame at 1366x768)."""
    page = moving
    fresh_game(page, "?seed=7&cadence=0&lang=en")  # the first hand at once, no motion
    now = settle(page)
    while now["phase"] != "hand_over":
        act(page, now)
        now = settle(page)
    open_game(page, "?seed=7&lang=en")  # the saved game, at the default cadence
    # Every flight the deal starts, noted as it is asked for: read afterwards, a loaded
    # machine's early flights may have ended, or the deal not yet begun.
    page.evaluate(
        """() => {
          const animate = Element.prototype.animate;
          window.__dealt = [];
          Element.prototype.animate = function (frames, timing) {
            if (Array.isArray(frames) && this.closest?.("#hand, .backs")) {
              window.__dealt.push(parseFloat(frames[0].scale));
            }
            return animate.call(this, frames, timing);
          };
        }"""
    )
    page.locator('#dlg-summary [data-intent="continue"]').click()
    starts = poll(
        page,
        lambda: page.evaluate("window.__dealt.filter((s) => !Number.isNaN(s))"),
        lambda found: len(found) >= 13 + 3,  # your hand and the three seats' backs
        10,
        "the deal's flights",
    )
    assert len(starts) == 13 + 3, starts
    assert max(starts) <= 1, starts
