"""One owner per node: the motion layer animates what it owns (its flight layer, its copies,
effects on a node) and never writes to a node Python drew (U6's flights, R20).

A MutationObserver watches the table from before the page's first script. A write to a
region itself (its HTML set, its class) is Python's draw, and the nodes it adds are
Python's from then on, also once they leave the table (the observer follows them). Any
other change of such a node (an attribute, a class, a style, its text or children) or a
move of one onto another parent is the motion layer's, and fails; Python's roving focus
(``tabindex`` on your cards, painter.move_focus_to) is the one write of Python's inside a
region. Before Python runs, the page's parser and static/boot.js draw the table: what they
add is Python's too, unjudged. Each region's HTML as Python last set it is noted too:
after a whole hand, reduced motion, a hidden tab, a new game or a resize mid-flight, and
moves redrawn while the flights (slowed) still run, the table ends exactly as Python drew
it, the flight layer empty and no effect left on a node.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from harness.gamepage import my_move, playable_codes, poll, settle, tap

from .test_motion import VIEWPORT, fresh_game, pass_three

WATCH = """
(() => {
  const REGIONS = new Set(["status", "seat-0", "seat-1", "seat-2", "seat-3", "center",
                           "prompt", "hand"]);
  const OPTS = {subtree: true, childList: true, attributes: true, characterData: true};
  const python = new WeakSet();
  const drawn = window.__drawn = {};
  const writes = window.__writes = [];
  const isRegion = (n) => n.nodeType === 1 && REGIONS.has(n.id);
  const mark = (n) => {
    python.add(n);
    for (const c of n.childNodes) mark(c);
  };
  const name = (n) => n.nodeType === 1 ? `${n.nodeName}.${n.className}` : n.nodeName;
  const html = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  Object.defineProperty(Element.prototype, "innerHTML", {
    ...html,
    set(value) {
      if (REGIONS.has(this.id)) drawn[this.id] = value;
      html.set.call(this, value);
    },
  });
  // Judged once Python runs the table: before, the page's parser and static/boot.js draw it.
  const ready = () => document.documentElement.dataset.state === "ready";
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const drawing = isRegion(r.target);  // Python's draw
      if (ready() && !drawing) {
        const focus = r.type === "attributes" && r.attributeName === "tabindex";
        if (python.has(r.target) && !focus) {
          writes.push(`${r.type} ${r.attributeName ?? ""} of ${name(r.target)}`);
        }
        for (const n of r.addedNodes) {
          if (python.has(n)) writes.push(`${name(n)} moved into ${name(r.target)}`);
        }
      }
      if (drawing || python.has(r.target)) {
        r.addedNodes.forEach(mark);
        r.removedNodes.forEach((n) => observer.observe(n, OPTS));  // still Python's
      }
    }
  });
  observer.observe(document, OPTS);
})();
"""

# The table as Python drew it: no flight left, no effect on a node, each region's HTML what
# Python last set (as the browser writes it; Python's roving focus moves ``tabindex``).
AS_DRAWN = """() => {
  const flights = document.querySelector(".flights");
  const tabless = (s) => s.replace(/ tabindex="-?\\d+"/g, "");
  const wrong = [];
  if (flights && flights.childElementCount) wrong.push(`${flights.childElementCount} left`);
  for (const a of document.getAnimations()) {  // the stylesheet's own are Python's look
    if (!(a instanceof CSSAnimation) && !(a instanceof CSSTransition)) {
      wrong.push(`an effect on ${a.effect?.target?.className}`);
    }
  }
  for (const [id, html] of Object.entries(window.__drawn)) {
    const t = document.createElement("template");
    t.innerHTML = html;
    const now = document.getElementById(id).innerHTML;
    if (tabless(t.innerHTML) !== tabless(now)) wrong.push(`#${id} is not as drawn`);
  }
  return wrong;
}"""


# How the game started is not what these tests are about: a warm page (its game starts
# from the kept snapshot, conftest.py) at the motion tests' size, with motion wanted.
@pytest.fixture
def page(warm_contexts: Any) -> Iterator[Any]:
    page = warm_contexts.page("en")
    page.set_viewport_size(VIEWPORT)
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(WATCH)
    yield page
    page.close()


RUNNING = """() => document.getAnimations().map((a) => [
  a.playState, a.pending, Math.round(a.currentTime), a.effect?.target?.className])"""


def landed(page: Any, timeout_s: float = 10) -> None:
    """Until no flight runs."""
    try:
        poll(page, lambda: page.evaluate("heartsMotion.running()"), lambda n: n == 0, timeout_s)
    except AssertionError as error:
        raise AssertionError(f"{error}; {page.evaluate(RUNNING)}") from None


def assert_owned(page: Any) -> None:
    landed(page)
    assert page.evaluate("window.__writes") == [], "the motion layer wrote to Python's nodes"
    assert page.evaluate(AS_DRAWN) == []


@contextmanager
def slowed(page: Any, rate: float = 0.1) -> Iterator[None]:
    """The page's animations at ``rate`` of their speed (its timers are not): flights then
    outlast the next paint. The rate changes only while no flight runs (Chromium moves a
    running animation's times when it changes: one then ran on for many seconds)."""
    landed(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})
    try:
        yield
        landed(page, 60)
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()


def in_flight(page: Any) -> None:
    """Play your first playable card and wait until it flies."""
    settle(page)
    code = playable_codes(page)[0]
    tap(page, code)  # lift
    tap(page, code)  # play
    poll(page, lambda: page.evaluate("heartsMotion.running()"), bool, 10, "a flight")


@contextmanager
def mid_flight(page: Any) -> Iterator[None]:
    """Seed 7's game past its exchange, flights slowed, your first play in the air: the
    body does what comes mid-flight; the flights land after it (slowed)."""
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    with slowed(page):
        in_flight(page)
        yield


def test_a_whole_hand_writes_nothing_python_drew(page: Any) -> None:
    fresh_game(page, "?seed=7&lang=en")  # deal, exchange, plays, gathers at the cadence
    now = settle(page)
    while now["phase"] != "hand_over":
        now = my_move(page)
    assert_owned(page)


def test_reduced_motion_writes_nothing_python_drew(page: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    for _ in range(3):
        my_move(page)
    assert_owned(page)


def test_moves_redrawn_while_their_flights_run_end_as_drawn(page: Any) -> None:
    """Tenfold slower flights: each trick's gather and the plays after it overlap, and the
    winner's pile is drawn anew while its stand-in still lies over it."""
    fresh_game(page, "?seed=7&lang=en")
    pass_three(page)
    with slowed(page):
        for _ in range(3):
            my_move(page)
    assert_owned(page)


def test_a_hidden_tab_ends_every_flight_at_once(page: Any) -> None:
    with mid_flight(page):
        page.evaluate(
            """() => {
              Object.defineProperty(document, "hidden", {value: true, configurable: true});
              document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )
        assert page.evaluate("heartsMotion.running()") == 0  # at once, no frame needed
        assert page.evaluate(AS_DRAWN) == []
        page.evaluate("() => { delete document.hidden; }")
    assert_owned(page)


def test_a_new_game_mid_flight_ends_as_drawn(page: Any) -> None:
    with mid_flight(page):
        page.locator("#menu-button").click()
        page.locator('#dlg-menu [data-intent="open-newgame"]').click()
        page.locator('#dlg-newgame [data-intent="start-new"]').click()
        page.locator('#dlg-newgame [data-intent="abandon"]').click()
        assert settle(page)["phase"] == "pass"
    assert_owned(page)


def test_a_resize_mid_flight_ends_as_drawn(page: Any) -> None:
    with mid_flight(page):
        page.set_viewport_size({"width": 900, "height": 700})
        settle(page)
    assert_owned(page)


def test_two_instances_share_no_state(page: Any) -> None:
    """The state is the instance's (createMotion): one's plan and flights are not the
    other's, and ending one leaves the page's own alone."""
    fresh_game(page, "?seed=7&lang=en")
    settle(page)
    found = page.evaluate(
        """async () => {
          const { createMotion } = await import(
            document.querySelector('script[src$="effects.mjs"]').src);
          const [a, b] = [createMotion(document), createMotion(document)];
          const hand = [...document.querySelectorAll("#hand [data-card]")];
          const plan = {speed: 1, moves: [{kind: "deal", cards: hand.map((c) => c.dataset.card)}]};
          a.before(JSON.stringify(plan));
          b.after();  // b was given no plan
          const quiet = b.running();
          a.after();
          const flying = a.running();
          a.destroy();
          return {quiet, flying: flying > 0, after: a.running(), page: heartsMotion.running()};
        }"""
    )
    assert found == {"quiet": 0, "flying": True, "after": 0, "page": 0}
