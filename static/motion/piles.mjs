// A pile whose trick is still flying to it looks as it did before the trick left the table
// until the last card lands (U6): its count and its stack of backs alike (or, the seat's
// first trick, no pile at all). The stack is drawn with the new count's backs (up to three),
// so holding the number alone showed a pile of one trick with two backs.
//
// The pile is Python's node and stays as Python drew it: before the paint, the motion layer
// lays a stand-in on its own flight layer, a copy of the pile as it looks (each element with
// its computed style inline, so it needs none of the table's rules); after the paint, the
// pile Python drew is hidden under it by an opacity effect (Web Animations: no attribute,
// class or text of it changes). A paint before the landing (the next play comes on the
// cadence; on a starved machine a flight's end can come after it) draws a new pile: it is
// hidden in its turn. At the landing the stand-in goes and the effect is cancelled.

import { seatEl } from "./boxes.mjs";

const UNSEEN = Object.freeze({ opacity: 0 });
const HIDDEN = Object.freeze([UNSEEN, UNSEEN]);
const HOLD = Object.freeze({ duration: 1, fill: "both" });
// Not copied: an animation or transition would run again on the copy, and a logical
// property (inset-block-start, margin-inline-end…) would win over the physical one set
// later to place it (the physical ones are copied).
const SKIPPED = /^(animation|transition|inset)|(^|-)(block|inline)(-|$)/;

// Lay `copy` at the place of `el` on screen (their top left corners).
function place(copy, el) {
  const r = el.getBoundingClientRect();
  Object.assign(copy.style, { left: `${r.left}px`, top: `${r.top}px` });
}

// `el` as it looks, as a node of the layer at its place on screen.
function copyOf(el) {
  const view = el.ownerDocument.defaultView;
  const copy = el.cloneNode(true);
  const to = [copy, ...copy.querySelectorAll("*")];
  [el, ...el.querySelectorAll("*")].forEach((node, i) => {
    const style = view.getComputedStyle(node);
    for (const name of style) {
      if (!SKIPPED.test(name)) to[i].style.setProperty(name, style.getPropertyValue(name));
    }
  });
  copy.removeAttribute("role");
  copy.removeAttribute("aria-label");
  place(copy, el);
  Object.assign(copy.style, {
    position: "absolute",
    margin: "0",
    transform: "none", // its box on screen is where the pile's moves took it
    translate: "none",
    scale: "none",
    rotate: "none",
    opacity: "1", // the pile it copies may be hidden under an earlier stand-in
    visibility: "visible",
  });
  return copy;
}

/** The held piles of one motion instance (`layer()`: its flight layer). */
export function createPiles(doc, layer) {
  const holds = new Map(); // seat → { token, standIn, pile: the hidden one, hide }

  function release(seat) {
    const held = holds.get(seat);
    if (!held) return;
    holds.delete(seat);
    held.standIn?.remove();
    held.hide?.cancel();
  }

  return {
    /** Before the paint: a trick sets off to `seat`, whose pile keeps its look until
     * `landed(seat, token)`. */
    hold(seat) {
      const drawn = seatEl(doc, seat, ".pile");
      const standIn = drawn ? copyOf(drawn) : null;
      release(seat); // an earlier trick's: this one lands later
      if (standIn) {
        standIn.dataset.seat = String(seat);
        layer().prepend(standIn); // under the cards that fly to it
      }
      const token = {};
      holds.set(seat, { token, standIn, pile: null, hide: null });
      return token;
    },

    /** After a paint: each held seat's pile as drawn is hidden under its stand-in, which
     * lies where the table now lays the pile out (a prompt coming moves your seat's row). */
    cover() {
      for (const [seat, held] of holds) {
        const pile = seatEl(doc, seat, ".pile");
        if (pile && held.standIn) place(held.standIn, pile);
        if (pile === held.pile) continue;
        held.hide?.cancel();
        held.pile = pile;
        held.hide = pile ? pile.animate(HIDDEN, HOLD) : null;
      }
    },

    /** The trick of `token` has landed: the seat's pile is the one drawn. */
    landed(seat, token) {
      if (holds.get(seat)?.token === token) release(seat);
    },

    /** Every pile is the one drawn at once. */
    releaseAll() {
      for (const seat of [...holds.keys()]) release(seat);
    },
  };
}
