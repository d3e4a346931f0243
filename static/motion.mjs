// Cards that travel (FLIP): the painter (hearts/web/painter.py) calls `before()` just
// before it sets a region's HTML and `after(plan)` right after. In between the DOM jumps to
// the new table; `after` plays the difference with the Web Animations API on `translate`,
// `scale` and `opacity` only (compositor work, no layout per frame):
//
//   a card played      from its place in your hand, or from that CPU's cards, to its slot;
//   your hand          every card that stays slides from where it was (the gap closes);
//   a gathered trick   the four cards (the very nodes that lay there) fly to the winner's
//                      pile, whose count changes when they arrive;
//   the exchange       your three cards leave toward the receiving seat; the three you
//                      receive arrive from the passing seat, their marks shown on arrival;
//   a new deal         the cards come from the middle of the table, one after another.
//
// View only: nothing waits for a flight (the engine, the saves and the timer never see it),
// a reload mid-flight shows the settled table, and `prefers-reduced-motion: reduce` turns
// every flight into at most a short fade. Python calls nothing at `?cadence=0`.

import { IDS } from "./build/contract.mjs";

// Every flight ends well before the next move can come (the 450 ms cadence, R22): a move is
// main-thread work, and a flight that is still running when it comes drops frames. The
// longest are the exchange (the cards you receive set off when yours are a fifth of the way:
// 0.2 × 280 + 300 = 356 ms), a deal (200 + 12 × 12 = 344 ms) and a gather (300 + 3 × 15).
const BASE_MS = { play: 260, sort: 180, gather: 300, out: 280, in: 300, deal: 200 };
const STAGGER_MS = { gather: 15, deal: 12 };
const IN_AFTER_OUT = 0.2;
const DEAL_FROM_SCALE = 0.6;
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const STAR_POP = [
  { opacity: 0, scale: "1.8" },
  { opacity: 0, scale: "1.8", offset: 0.6 },
  { opacity: 1, scale: "1" },
];
const EASE_IN = "cubic-bezier(0.5, 0, 0.75, 0.4)";
const reduced = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)");

let first = null;
let layer = null;
const flights = new Set(); // running animations, for the probe and the tests

function box(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

// Where a seat's cards are (its last back, else its plate) and where its pile lies.
function seatBox(seat) {
  const s = document.getElementById(IDS.seats[seat]);
  if (!s) return null;
  const backs = s.querySelectorAll(".backs .back");
  return box(backs[backs.length - 1]) || box(s.querySelector(".plate")) || box(s);
}

function pileBox(seat) {
  const s = document.getElementById(IDS.seats[seat]);
  return s ? box(s.querySelector(".pile-stack")) || seatBox(seat) : null;
}

function cards(regionId) {
  const found = new Map();
  const region = document.getElementById(regionId);
  if (!region) return found;
  for (const el of region.querySelectorAll("[data-card]")) {
    found.set(el.dataset.card, { el, box: box(el), w: el.offsetWidth, h: el.offsetHeight });
  }
  return found;
}

function overlay() {
  if (!layer || !layer.isConnected) {
    layer = document.createElement("div");
    layer.className = "flights";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  return layer;
}

function track(animation, done) {
  flights.add(animation);
  const end = () => {
    flights.delete(animation);
    if (done) done();
  };
  animation.finished.then(end, end);
  return animation;
}

// The element, drawn at `to`, starts at `from` and moves to its place.
function flyIn(el, from, to, ms, delay = 0, extra = {}) {
  if (!from || !to) return null;
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const s = from.w / to.w;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(s - 1) < 0.01) return null;
  const start = { translate: `${dx}px ${dy}px`, scale: `${s}`, ...extra.from };
  const end = { translate: "0px 0px", scale: "1", ...extra.to };
  return el.animate([start, end], { duration: ms, delay, easing: EASE, fill: "backwards" });
}

// A node that left the table (a gathered trick, a passed card) flies on its own layer from
// where it was to `to`, then is gone.
function flyOut(item, to, ms, delay, done) {
  const { el, box: from, w, h } = item;
  if (!from || !to) return done && done();
  el.classList.remove("winner", "lifted", "selected", "blocked");
  el.classList.add("flight");
  el.removeAttribute("tabindex");
  el.style.setProperty("--w", `${w}px`); // the card's own size, wherever it was
  el.style.left = `${from.x - w / 2}px`;
  el.style.top = `${from.y - h / 2}px`;
  overlay().append(el);
  const s = Math.min(1, to.w / w);
  // Travel for 85 % of the time, then fade out where it arrived.
  const there = { translate: `${to.x - from.x}px ${to.y - from.y}px`, scale: `${s}` };
  const a = el.animate(
    [
      { translate: "0px 0px", scale: `${from.w / w}`, opacity: 1, easing: EASE_IN },
      { ...there, opacity: 1, offset: 0.85 },
      { ...there, opacity: 0 },
    ],
    { duration: ms, delay, fill: "both" },
  );
  track(a, () => {
    el.remove();
    if (done) done();
  });
}

// A box at the middle of the table, `scale` times the size of `like`. A deal starts there:
// from the middle region's own box, a card began five times its size, and Chromium
// rasters an animated layer at its largest scale (half a second of software raster at
// 1366x768 before the first frame of a deal, make bench-motion).
function atMiddle(middle, like, scale) {
  if (!middle || !like) return null;
  return { x: middle.x, y: middle.y, w: like.w * scale, h: like.h * scale };
}

function fade(el, ms, delay = 0) {
  return el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, delay, fill: "backwards" });
}

/** Where every card is now: call just before the table's HTML changes. */
export function before() {
  first = {
    hand: cards(IDS.hand),
    center: cards(IDS.center),
    seats: [0, 1, 2, 3].map(seatBox),
    piles: [0, 1, 2, 3].map((seat) => {
      const count = document.querySelector(`#${IDS.seats[seat]} .pile-count`);
      return count ? count.textContent : null;
    }),
    middle: box(document.getElementById(IDS.center)),
  };
}

/** Play the difference between `before()` and the table drawn since (`plan`: JSON). */
export function after(planText) {
  const was = first;
  first = null;
  if (!was) return;
  let plan;
  try {
    plan = JSON.parse(planText);
  } catch {
    return;
  }
  const speed = Math.max(0, Math.min(1, Number(plan.speed) || 0));
  if (speed === 0) return;
  const ms = (name) => BASE_MS[name] * speed;
  const calm = reduced?.matches;
  const hand = cards(IDS.hand);
  const center = cards(IDS.center);

  // Cards played since: from your hand or from the seat that played them.
  let landed = 0;
  for (const [code, now] of center) {
    if (was.center.has(code) || !now.box) continue;
    if (calm) {
      track(fade(now.el, 120));
      continue;
    }
    const seat = Number(now.el.dataset.seat);
    const from = was.hand.get(code)?.box || was.seats[seat];
    const a = flyIn(now.el, from, now.box, ms("play"));
    if (a) {
      track(a);
      landed = Math.max(landed, ms("play"));
    }
  }
  // A finished trick: the winner's mark and the prompt that names it come when the last
  // card has landed, not while it is still on its way.
  const winner = document.querySelector(`#${IDS.center} .tcard.winner`);
  if (winner && landed) {
    winner.classList.remove("winner");
    const prompt = document.getElementById(IDS.prompt);
    if (prompt) track(fade(prompt, 160, landed));
    setTimeout(() => winner.isConnected && winner.classList.add("winner"), landed);
  }

  // The trick just gathered: its nodes fly to the winner's pile.
  const to = Number.isInteger(plan.gather) ? plan.gather : null;
  const gathered = [...was.center].filter(([code, item]) => !center.has(code) && !item.el.isConnected);
  if (to !== null && gathered.length) {
    const count = document.querySelector(`#${IDS.seats[to]} .pile-count`);
    const pile = document.querySelector(`#${IDS.seats[to]} .pile`);
    if (calm) {
      // no flight: the cards are simply gone, the pile has them
    } else {
      const target = pileBox(to);
      const shown = count ? count.textContent : null;
      if (count && was.piles[to] !== null) count.textContent = was.piles[to];
      else if (pile) pile.classList.add("awaiting");
      let left = gathered.length;
      gathered.forEach(([, item], i) => {
        flyOut(item, target, ms("gather"), i * STAGGER_MS.gather * speed, () => {
          left -= 1;
          if (left) return;
          if (count && count.isConnected) count.textContent = shown;
          if (pile) pile.classList.remove("awaiting");
        });
      });
    }
  }

  // Your hand: cards that stay slide to their new places; the exchange and a new deal.
  // A new deal: thirteen cards, none of which was in your hand before.
  const dealt = hand.size === 13 && [...hand.keys()].every((code) => !was.hand.has(code));
  const passFrom = Number.isInteger(plan.passFrom) ? plan.passFrom : null;
  const passTo = Number.isInteger(plan.passTo) ? plan.passTo : null;
  if (!calm && passTo !== null) {
    for (const [code, item] of was.hand) {
      if (!hand.has(code) && !center.has(code) && !item.el.isConnected) {
        flyOut(item, was.seats[passTo] || seatBox(passTo), ms("out"), 0);
      }
    }
  }
  let i = 0;
  for (const [code, now] of hand) {
    if (!now.box) continue;
    const old = was.hand.get(code);
    if (old) {
      if (!calm && !dealt) {
        const a = flyIn(now.el, old.box, now.box, ms("sort"));
        if (a) track(a);
      }
      continue;
    }
    if (calm) {
      track(fade(now.el, 120));
    } else if (dealt) {
      const from = atMiddle(was.middle, now.box, DEAL_FROM_SCALE);
      const a = flyIn(now.el, from, now.box, ms("deal"), i * STAGGER_MS.deal * speed, {
        from: { opacity: 0.4 },
        to: { opacity: 1 },
      });
      if (a) track(a);
      i += 1;
    } else if (passFrom !== null) {
      const el = now.el;
      el.classList.add("incoming");
      const delay = ms("out") * IN_AFTER_OUT;
      const a = flyIn(el, seatBox(passFrom), now.box, ms("in"), delay);
      const land = () => el.classList.remove("incoming");
      if (a) {
        track(a, land);
        // Its star pops in as it lands, within the flight's own time: a CSS animation
        // started when the mark appeared ran again at every repaint of the hand and
        // dropped frames while the next move ran (make bench-motion).
        const star = el.querySelector(".rcv");
        if (star) track(star.animate(STAR_POP, { duration: ms("in"), delay, fill: "backwards" }));
      } else land();
    }
  }
  if (dealt && !calm) {
    for (const seat of [1, 2, 3]) {
      const backs = document.querySelector(`#${IDS.seats[seat]} .backs`);
      const to = box(backs);
      const from = atMiddle(was.middle, to, DEAL_FROM_SCALE);
      const a = flyIn(backs, from, to, ms("deal") + 12 * STAGGER_MS.deal * speed, 0, {
        from: { opacity: 0 },
        to: { opacity: 1 },
      });
      if (a) track(a);
    }
  }
}

/** How many flights are running (the e2e tests poll it). */
export function running() {
  return flights.size;
}

globalThis.heartsMotion = { before, after, running };
