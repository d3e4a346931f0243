// What a tap or a key does on the painted hand before Python runs, as Python decides it
// (hearts/web/controller.py Controller.tap, hearts/web/painter.py Painter.navigate).
// Pure: tests/js runs both against Python on tests/shared_cases/tap.json and navigate.json.

// card: what the painted button shows (disabled: R18's sunk card, chosen: selected for the
// pass, lifted); passing: the pass phase; selected: how many cards are chosen.
// "select" | "deselect" | "lift" | "play", "full" (a fourth card: nothing changes, the pass
// count says so), or null: the tap does nothing.
export function tapDecision(card, passing, selected) {
    if (card.disabled) return null;
    if (passing) {
        if (card.chosen) return "deselect";
        return selected < 3 ? "select" : "full"; // R7: three cards
    }
    return card.lifted ? "play" : "lift"; // R17: the second tap plays
}

// key: the key pressed, or "felt" for a tap on the table beside the cards and controls;
// lifted: a card is lifted. true: it goes back down (nothing is played).
export function putDown(key, lifted) {
    return Boolean(lifted && (key === "Escape" || key === "felt"));
}

// move: NAV_KEYS' value for the key; current: the focused card's index (-1: none, as the
// first); count: how many cards. The index of the card to focus.
export function navIndex(move, current, count) {
    const from = Math.max(0, current);
    const index = { first: 0, last: count - 1, previous: from - 1, next: from + 1 }[move];
    return Math.min(count - 1, Math.max(0, index));
}
