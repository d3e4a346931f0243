// Cards that travel (FLIP). Python builds the plan from the controller's events
// (hearts/web/motion.py: play, gather, exchange, deal); the painter hands it to
// `before(plan)` just before it sets the table's HTML and calls `after()` right after. In
// between the DOM jumps to the new table; `after` plays each move with the Web Animations
// API on `translate`, `scale` and `opacity` only (compositor work, no layout per frame); the
// cards that stay in your hand slide to their new places at every paint (a gap, a lift).
// View only: nothing waits for a flight, a reload mid-flight shows the settled table, and
// `prefers-reduced-motion: reduce` turns every flight into at most a short fade.
//
// One owner per node: it never changes an attribute, class, text or child of a node Python
// drew. It gives Python's nodes effects only (Web Animations: a move, an opacity, a mark
// held back) and draws the rest on its own layer: a card that left the table flies as a
// copy, a pile whose trick is on its way shows as a stand-in (static/motion/piles.mjs).
// Its state is one instance's, made by the page (static/effects.mjs).

import { IDS, NAMES } from "./build/contract.mjs";
import { atMiddle, box, cards, pileBox, seatBox, seatEl } from "./motion/boxes.mjs";
import { createPiles } from "./motion/piles.mjs";

// Every flight ends well before the next move can come (the 450 ms cadence, R22): a move is
// main-thread work, and a flight that is still running when it comes drops frames. The
// longest are the exchange (the cards you receive set off when yours are a fifth of the way:
// 0.2 × 280 + 300 = 356 ms), a deal (200 + 12 × 12 = 344 ms) and a gather (300 + 3 × 15).
const BASE_MS = Object.freeze({ play: 260, sort: 180, gather: 300, out: 280, in: 300, deal: 200 });
const STAGGER_MS = Object.freeze({ gather: 15, deal: 12 });
const IN_AFTER_OUT = 0.2;
const DEAL_FROM_SCALE = 0.6;
const CALM_MS = 120; // reduced motion: a new card fades in, nothing flies
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const EASE_IN = "cubic-bezier(0.5, 0, 0.75, 0.4)";
const HIDDEN = Object.freeze({ opacity: 0, scale: "1.8" });
const SHOWN = Object.freeze({ opacity: 1, scale: "1" });
const STAR_POP = Object.freeze([HIDDEN, Object.freeze({ ...HIDDEN, offset: 0.6 }), SHOWN]);
// A card's own shadow, without the marks Python drew on it (30-cards.css): the trick's
// winner ring and a received card's band wait until the card has landed.
const BARE = Object.freeze({ boxShadow: "var(--card-shadow)" });
const UNMARKED = Object.freeze([BARE, BARE]);

function fade(el, ms, delay = 0) {
  return el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, delay, fill: "backwards" });
}

/** The motion layer of `doc`'s table: `before(plan)`, `after()`, `running()`, `settle()`
 * (every flight at its end now) and `destroy()`. `reduced`: a MediaQueryList (default:
 * the document's `prefers-reduced-motion: reduce`). */
export function createMotion(doc = document, { reduced } = {}) {
  const view = doc.defaultView;
  const calmQuery = reduced ?? view?.matchMedia?.("(prefers-reduced-motion: reduce)");
  let first = null; // the plan and where its cards were, from `before`
  let layer = null;
  const flights = new Set(); // running animations, for the probe and the tests
  const overlay = () => {
    if (!layer || !layer.isConnected) {
      layer = doc.createElement("div");
      layer.className = "flights";
      layer.setAttribute("aria-hidden", "true");
      doc.body.append(layer);
    }
    return layer;
  };
  const piles = createPiles(doc, overlay);

  function track(animation, done) {
    flights.add(animation);
    const end = () => void (flights.delete(animation), done?.());
    animation.finished.then(end, end);
    return animation;
  }

  // The element, drawn at `to`, starts at `from` and moves to its place (`null`: no need).
  function flyIn(el, from, to, ms, delay = 0, extra = {}, done = null) {
    if (!from || !to) return null;
    const dx = from.x - to.x;
    const dy = from.y - to.y;
    const s = from.w / to.w;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(s - 1) < 0.01) return null;
    const start = { translate: `${dx}px ${dy}px`, scale: `${s}`, ...extra.from };
    const end = { translate: "0px 0px", scale: "1", ...extra.to };
    const timing = { duration: ms, delay, easing: EASE, fill: "backwards" };
    return track(el.animate([start, end], timing), done);
  }

  // A card that left the table (a gathered trick, a passed card) flies as a copy on the
  // layer from where it was to `to`, then is gone. The node Python drew is not touched.
  function flyOut(item, to, ms, delay, done) {
    const { el, box: from, w, h } = item;
    if (!from || !to) return done && done();
    const copy = el.cloneNode(true);
    const { winner, lifted, selected, blocked } = NAMES.card;
    copy.classList.remove(winner, lifted, selected, blocked);
    copy.classList.add("flight");
    copy.removeAttribute("tabindex");
    copy.removeAttribute("id");
    copy.style.setProperty("--w", `${w}px`); // the card's own size, wherever it was
    copy.style.left = `${from.x - w / 2}px`;
    copy.style.top = `${from.y - h / 2}px`;
    overlay().append(copy);
    const s = Math.min(1, to.w / w);
    // Travel for 85 % of the time, then fade out where it arrived.
    const there = { translate: `${to.x - from.x}px ${to.y - from.y}px`, scale: `${s}` };
    const a = copy.animate(
      [
        { translate: "0px 0px", scale: `${from.w / w}`, opacity: 1, easing: EASE_IN },
        { ...there, opacity: 1, offset: 0.85 },
        { ...there, opacity: 0 },
      ],
      { duration: ms, delay, fill: "both" },
    );
    track(a, () => void (copy.remove(), done?.()));
  }

  // A card played: from your hand or from the seat that played it. A finished trick's
  // winner mark, and the prompt that names it, come when the card has landed.
  function play({ card, seat }, was, now, ms) {
    const it = now.center.get(card);
    if (!it?.box) return;
    if (was.calm) return track(fade(it.el, CALM_MS));
    if (!flyIn(it.el, was.hand.get(card)?.box || was.seats[seat], it.box, ms("play"))) return;
    const winner = doc.querySelector(`#${IDS.center} .tcard.${NAMES.card.winner}`);
    if (!winner) return;
    track(winner.animate(UNMARKED, { duration: ms("play") }));
    const prompt = doc.getElementById(IDS.prompt);
    if (prompt) track(fade(prompt, 160, ms("play")));
  }

  // The trick gathered: copies of the cards that lay there fly to the pile, which keeps
  // its old look until they arrive. Reduced motion: the cards are simply gone.
  function gather({ cards: codes, seat }, was, now, ms) {
    const token = was.holds.get(seat);
    const lay = codes.map((code) => was.center.get(code));
    const items = lay.filter((it) => it && !it.el.isConnected); // the table drew them away
    if (was.calm || !items.length) return token && piles.landed(seat, token);
    let left = items.length;
    items.forEach((item, i) => {
      flyOut(item, pileBox(doc, seat), ms("gather"), i * STAGGER_MS.gather * was.speed, () => {
        left -= 1;
        if (!left) piles.landed(seat, token);
      });
    });
  }

  // The exchange: yours leave toward `to`, the received ones arrive from `from`.
  function exchange({ passed, to, received, from }, was, now, ms) {
    for (const code of was.calm ? [] : passed) {
      const item = was.hand.get(code);
      if (!item || item.el.isConnected) continue;
      flyOut(item, was.seats[to] || seatBox(doc, to), ms("out"), 0);
    }
    for (const code of received) {
      const it = now.hand.get(code);
      if (!it?.box) continue;
      if (was.calm) {
        track(fade(it.el, CALM_MS));
        continue;
      }
      const delay = ms("out") * IN_AFTER_OUT;
      if (!flyIn(it.el, seatBox(doc, from), it.box, ms("in"), delay)) continue;
      // Its marks come as it lands: the band held back, the star popping in, within the
      // flight's own time (a CSS animation started when the mark appeared ran again at every
      // repaint of the hand and dropped frames while the next move ran: make bench-motion).
      track(it.el.animate(UNMARKED, { duration: delay + ms("in") }));
      const star = it.el.querySelector(".rcv");
      if (star) track(star.animate(STAR_POP, { duration: ms("in"), delay, fill: "backwards" }));
    }
  }

  // A new deal: your cards, then the other seats' backs, from the middle of the table.
  function deal({ cards: codes }, was, now, ms) {
    const grow = { from: { opacity: 0.4 }, to: { opacity: 1 } };
    codes.forEach((code, i) => {
      const it = now.hand.get(code);
      if (!it?.box) return;
      if (was.calm) return track(fade(it.el, CALM_MS));
      const from = atMiddle(was.middle, it.box, DEAL_FROM_SCALE);
      flyIn(it.el, from, it.box, ms("deal"), i * STAGGER_MS.deal * was.speed, grow);
    });
    for (const seat of was.calm ? [] : [1, 2, 3]) {
      const backs = seatEl(doc, seat, ".backs");
      const to = box(backs);
      const longest = ms("deal") + 12 * STAGGER_MS.deal * was.speed;
      const from = atMiddle(was.middle, to, DEAL_FROM_SCALE);
      flyIn(backs, from, to, longest, 0, { from: { opacity: 0 }, to: { opacity: 1 } });
    }
  }

  const MOVES = { play, gather, exchange, deal };

  /** Every flight at its end now: the layer empty, every pile and mark as drawn. */
  function settle() {
    for (const animation of flights) animation.finish();
    flights.clear(); // their ends still come (a microtask later): each copy removes itself
    piles.releaseAll();
    layer?.replaceChildren();
  }

  // A hidden tab draws no frame: its flights would wait for it to come back.
  const onVisibility = () => doc.hidden && settle();
  doc.addEventListener("visibilitychange", onVisibility);

  return {
    /** The flights to come (`plan`: JSON from Python): call just before the table's HTML
     * changes; it notes where the cards are now. */
    before(planText) {
      first = null;
      let plan = null;
      try {
        plan = JSON.parse(planText);
      } catch {} // no plan: the table just jumps
      const speed = Math.max(0, Math.min(1, Number(plan?.speed) || 0));
      if (speed === 0 || !Array.isArray(plan.moves) || doc.hidden) return;
      const calm = Boolean(calmQuery?.matches);
      const gathers = calm ? [] : plan.moves.filter((move) => move.kind === "gather");
      first = {
        moves: plan.moves,
        speed,
        calm,
        hand: cards(doc, IDS.hand),
        center: cards(doc, IDS.center),
        seats: [0, 1, 2, 3].map((seat) => seatBox(doc, seat)),
        middle: box(doc.getElementById(IDS.center)),
        holds: new Map(gathers.map(({ seat }) => [seat, piles.hold(seat)])),
      };
    },

    /** The table is drawn: play the plan given to `before`. */
    after() {
      const was = first;
      first = null;
      if (!was) return;
      const ms = (name) => BASE_MS[name] * was.speed;
      const now = { hand: cards(doc, IDS.hand), center: cards(doc, IDS.center) };
      for (const move of was.moves) MOVES[move.kind]?.(move, was, now, ms);
      piles.cover();
      if (was.calm || was.moves.some((move) => move.kind === "deal")) return;
      for (const [code, it] of now.hand) flyIn(it.el, was.hand.get(code)?.box, it.box, ms("sort"));
    },

    // How many flights run (the tests and the snapshot's maker poll it): not one on a node
    // the table redrew away (a new game mid-flight), which may never end.
    running: () => [...flights].filter((a) => a.effect?.target?.isConnected).length,
    settle,

    destroy() { // no more flights: every one at its end, the layer gone
      doc.removeEventListener("visibilitychange", onVisibility);
      settle();
      layer?.remove();
    },
  };
}
