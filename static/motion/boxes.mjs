// Where things are on the table, read from the document the motion layer was made for
// (static/motion.mjs). Reading only: nothing here writes to a node.

import { IDS } from "../build/contract.mjs";

/** An element's centre and size on screen, or null (gone, or not laid out). */
export function box(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

/** The first element of `seat`'s plate that matches `sel`. */
export const seatEl = (doc, seat, sel) => doc.querySelector(`#${IDS.seats[seat]} ${sel}`);

/** Where a seat's cards are: its last back, else its plate. */
export function seatBox(doc, seat) {
  const s = doc.getElementById(IDS.seats[seat]);
  const backs = s?.querySelectorAll(".backs .back") ?? [];
  return box(backs[backs.length - 1]) || box(s?.querySelector(".plate")) || box(s);
}

/** Where a seat's pile lies (its stack, else the seat). */
export const pileBox = (doc, seat) => box(seatEl(doc, seat, ".pile-stack")) || seatBox(doc, seat);

/** The cards of a region by code: the node, its box and its own size. */
export function cards(doc, regionId) {
  const found = new Map();
  for (const el of doc.getElementById(regionId)?.querySelectorAll("[data-card]") ?? []) {
    found.set(el.dataset.card, { el, box: box(el), w: el.offsetWidth, h: el.offsetHeight });
  }
  return found;
}

/** A box at `middle`, `scale` times the size of `like` (where a deal starts). */
export function atMiddle(middle, like, scale) {
  if (!middle || !like) return null;
  return { x: middle.x, y: middle.y, w: like.w * scale, h: like.h * scale };
}
