// Cards that travel (FLIP). Python builds the plan from the controller's events
// (hearts/web/motion.py: play, gather, exchange, deal); the painter hands it to
// `before(plan)` just before it sets the table's HTML and calls `after()` right after. In
// between the DOM jumps to the new table; `after` plays each move with the Web Animations
// API on `translate`, `scale` and `opacity` only (compositor work, no layout per frame); the
// cards that stay in your hand slide to their new places at every paint (a gap, a lift).
// View only: nothing waits for a flight (the engine, the saves and the timer never see it),
// a reload mid-flight shows the settled table, and `prefers-reduced-motion: reduce` turns
// every flight into at most a short fade. Python calls nothing at `?cadence=0`.

import { IDS, NAMES } from "./build/contract.mjs";
import { awaitTrick, holdLanding, pileCount, seatEl, trickLanded } from "./motion/piles.mjs";

// Every flight ends well before the next move can come (the 450 ms cadence, R22): a move is
// main-thread work, and a flight that is still running when it comes drops frames. The
// longest are the exchange (the cards you receive set off when yours are a fifth of the way:
// 0.2 × 280 + 300 = 356 ms), a deal (200 + 12 × 12 = 344 ms) and a gather (300 + 3 × 15).
const BASE_MS = { play: 260, sort: 180, gather: 300, out: 280, in: 300, deal: 200 };
const STAGGER_MS = { gather: 15, deal: 12 };
const IN_AFTER_OUT = 0.2;
const DEAL_FROM_SCALE = 0.6;
const CALM_MS = 120; // reduced motion: a new card fades in, nothing flies
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const [HIDDEN, SHOWN] = [{ opacity: 0, scale: "1.8" }, { opacity: 1, scale: "1" }];
const STAR_POP = [HIDDEN, { ...HIDDEN, offset: 0.6 }, SHOWN];
const EASE_IN = "cubic-bezier(0.5, 0, 0.75, 0.4)";
const reduced = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)");

let first = null; // the plan and where its cards were, from `before`
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
  const backs = s?.querySelectorAll(".backs .back") ?? [];
  return box(backs[backs.length - 1]) || box(s?.querySelector(".plate")) || box(s);
}

const pileBox = (seat) => box(seatEl(seat, ".pile-stack")) || seatBox(seat);

function cards(regionId) {
  const found = new Map();
  for (const el of document.getElementById(regionId)?.querySelectorAll("[data-card]") ?? []) {
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

// A node that left the table (a gathered trick, a passed card) flies on its own layer from
// where it was to `to`, then is gone.
function flyOut(item, to, ms, delay, done) {
  const { el, box: from, w, h } = item;
  if (!from || !to) return done && done();
  const { winner, lifted, selected, blocked } = NAMES.card;
  el.classList.remove(winner, lifted, selected, blocked);
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
  track(a, () => void (el.remove(), done?.()));
}

// A box at the middle of the table, `scale` times the size of `like`: a deal starts there
// (from the middle region's own box a card began five times its size, and Chromium rasters
// an animated layer at its largest scale: half a second before a deal's first frame).
function atMiddle(middle, like, scale) {
  if (!middle || !like) return null;
  return { x: middle.x, y: middle.y, w: like.w * scale, h: like.h * scale };
}

function fade(el, ms, delay = 0) {
  return el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, delay, fill: "backwards" });
}

// A card played: from your hand or from the seat that played it. A finished trick's
// winner mark, and the prompt that names it, come when the card has landed.
function play({ card, seat }, was, now, ms) {
  const it = now.center.get(card);
  if (!it?.box) return;
  if (was.calm) return track(fade(it.el, CALM_MS));
  if (!flyIn(it.el, was.hand.get(card)?.box || was.seats[seat], it.box, ms("play"))) return;
  const winner = document.querySelector(`#${IDS.center} .tcard.winner`);
  if (!winner) return;
  winner.classList.remove(NAMES.card.winner);
  const prompt = document.getElementById(IDS.prompt);
  if (prompt) track(fade(prompt, 160, ms("play")));
  setTimeout(() => winner.isConnected && winner.classList.add(NAMES.card.winner), ms("play"));
}

// The trick gathered: the nodes that lay there fly to the pile, which shows its old count
// until they arrive. Reduced motion: the cards are simply gone, the pile has them.
function gather({ cards: codes, seat }, was, now, ms) {
  const items = codes.map((code) => was.center.get(code)).filter((it) => it && !it.el.isConnected);
  if (was.calm || !items.length) return;
  awaitTrick(seat, was.piles[seat]);
  let left = items.length;
  items.forEach((item, i) => {
    flyOut(item, pileBox(seat), ms("gather"), i * STAGGER_MS.gather * was.speed, () => {
      left -= 1;
      if (!left) trickLanded(seat);
    });
  });
}

// The exchange: yours leave toward `to`, the received ones arrive from `from`.
function exchange({ passed, to, received, from }, was, now, ms) {
  for (const code of was.calm ? [] : passed) {
    const item = was.hand.get(code);
    if (item && !item.el.isConnected) flyOut(item, was.seats[to] || seatBox(to), ms("out"), 0);
  }
  for (const code of received) {
    const it = now.hand.get(code);
    if (!it?.box) continue;
    if (was.calm) {
      track(fade(it.el, CALM_MS));
      continue;
    }
    it.el.classList.add("incoming");
    const delay = ms("out") * IN_AFTER_OUT;
    const land = () => it.el.classList.remove("incoming");
    if (!flyIn(it.el, seatBox(from), it.box, ms("in"), delay, {}, land)) {
      land();
      continue;
    }
    // Its star pops in as it lands, within the flight's own time: a CSS animation started
    // when the mark appeared ran again at every repaint of the hand and dropped frames while
    // the next move ran (make bench-motion).
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
    const backs = seatEl(seat, ".backs");
    const to = box(backs);
    const longest = ms("deal") + 12 * STAGGER_MS.deal * was.speed;
    const from = atMiddle(was.middle, to, DEAL_FROM_SCALE);
    flyIn(backs, from, to, longest, 0, { from: { opacity: 0 }, to: { opacity: 1 } });
  }
}

const MOVES = { play, gather, exchange, deal };

/** The flights to come (`plan`: JSON from Python): call just before the table's HTML
 * changes; it notes where the cards are now. */
export function before(planText) {
  first = null;
  let plan = null;
  try {
    plan = JSON.parse(planText);
  } catch {} // no plan: the table just jumps
  const speed = Math.max(0, Math.min(1, Number(plan?.speed) || 0));
  if (speed === 0 || !Array.isArray(plan.moves)) return;
  first = {
    moves: plan.moves,
    speed,
    calm: reduced?.matches,
    hand: cards(IDS.hand),
    center: cards(IDS.center),
    seats: [0, 1, 2, 3].map(seatBox),
    piles: [0, 1, 2, 3].map(pileCount),
    middle: box(document.getElementById(IDS.center)),
  };
}

/** The table is drawn: play the plan given to `before`. */
export function after() {
  const was = first;
  first = null;
  if (!was) return;
  const ms = (name) => BASE_MS[name] * was.speed;
  const now = { hand: cards(IDS.hand), center: cards(IDS.center) };
  for (const move of was.moves) MOVES[move.kind]?.(move, was, now, ms);
  holdLanding();
  if (was.calm || was.moves.some((move) => move.kind === "deal")) return;
  for (const [code, it] of now.hand) flyIn(it.el, was.hand.get(code)?.box, it.box, ms("sort"));
}

/** How many flights are running (the e2e tests poll it). */
export function running() {
  return flights.size;
}

globalThis[NAMES.globals.motion] = { before, after, running };
