// A pile whose trick is still flying to it looks as it did before the trick left the table
// until the last card lands: its old count and as many backs in its stack as it showed (or,
// the seat's first trick, no pile at all). The stack is drawn with the new count's backs
// (up to three), so holding the number alone showed a pile of one trick with two backs
// while the cards were still on their way. The table can be drawn again before the landing
// (the next play comes on the cadence; on a starved machine a flight's end can come after
// it): the seat's plate is then new and shows the new pile, so every paint holds the
// landing piles again.

import { IDS } from "../build/contract.mjs";

const landing = new Map(); // seat → the count shown until its trick lands (null: no pile)
const truth = new WeakMap(); // a held count element → the count it was drawn with
const STACK_MAX = 3; // the most backs a stack shows (hearts/web/render/table_html.py)

export const seatEl = (seat, sel) => document.querySelector(`#${IDS.seats[seat]} ${sel}`);

/** What the seat's pile counts (a held count: what it was drawn with); null: no pile. */
export function pileCount(seat) {
  const count = seatEl(seat, ".pile-count");
  return count ? (truth.get(count) ?? count.textContent) : null;
}

// The stack's backs past `shown` wait unseen (an empty string: all are seen).
function showBacks(seat, shown) {
  const backs = document.querySelectorAll(`#${IDS.seats[seat]} .pile-stack .back`);
  backs.forEach((back, i) => {
    back.style.visibility = shown !== "" && i >= shown ? "hidden" : "";
  });
}

function hold(seat) {
  const count = seatEl(seat, ".pile-count");
  const old = landing.get(seat);
  if (count && old !== null) {
    if (!truth.has(count)) truth.set(count, count.textContent);
    count.textContent = old;
    showBacks(seat, Math.min(Number(old) || 0, STACK_MAX));
  } else seatEl(seat, ".pile")?.classList.add("awaiting");
}

/** A trick sets off to `seat`'s pile, which counted `old` before it (null: no pile). */
export function awaitTrick(seat, old) {
  landing.set(seat, old);
  hold(seat);
}

/** Its last card has landed: the pile shows what it counts. */
export function trickLanded(seat) {
  landing.delete(seat);
  const count = seatEl(seat, ".pile-count");
  if (count && truth.has(count)) count.textContent = truth.get(count);
  if (count) truth.delete(count);
  showBacks(seat, "");
  seatEl(seat, ".pile")?.classList.remove("awaiting");
}

/** The table was drawn again: the piles still waiting for a trick keep their old look. */
export function holdLanding() {
  for (const seat of landing.keys()) hold(seat);
}
