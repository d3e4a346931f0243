// Taps and keys on a painted hand answer at once (select, lift, focus) and are queued;
// hearts/web takes the queue when it is ready (window.heartsBoot.take()) and hands each
// tap to the engine in order, which decides as always.
import { IDS, NAMES, NAV_KEYS } from "../build/contract.mjs";
import { navIndex, putDown, tapDecision } from "./hand.mjs";
import { field } from "./records.mjs";

const { card: CARD, pass: PASS, intents: INTENTS } = NAMES;
const SELECTED = `button.${CARD.selected}`;
const LIFTED = `button.${CARD.lifted}`;
const CONFIRM = `[data-intent="${INTENTS.confirmPass}"]`;
// What a tap on the felt must not be (hearts/web/input.py CONTROLS).
const CONTROLS = "button, a, input, label, select, textarea, dialog, [data-card], [data-intent]";

// Lower every lifted card (Escape, a tap on the felt).
function lower(hand) {
    for (const button of hand.querySelectorAll(LIFTED)) {
        button.classList.remove(CARD.lifted);
        button.setAttribute("aria-pressed", "false");
    }
}

// A fourth card: the count pulses anew (the class alternates, as Python draws it).
function nudge(center) {
    const count = center.querySelector(`.${PASS.count}`);
    if (!count) return;
    const [first, second] = PASS.nudges;
    const next = count.classList.contains(first) ? second : first;
    count.classList.remove(first, second);
    count.classList.add("full", next);
}

// How a decision of tapDecision shows on the button (and the pass button's state).
function show(decision, button, hand, center) {
    if (decision === "play") {
        button.classList.add(CARD.playing); // the engine plays it
        return;
    }
    if (decision === "full") {
        nudge(center);
        return;
    }
    if (decision === "lift") lower(hand);
    const on = decision !== "deselect";
    button.classList.toggle(decision === "lift" ? CARD.lifted : CARD.selected, on);
    button.setAttribute("aria-pressed", String(on));
    const confirm = center.querySelector(CONFIRM);
    if (confirm && decision !== "lift") {
        confirm.disabled = hand.querySelectorAll(SELECTED).length !== 3;
    }
}

// listening: a picture was painted (the neutral table has no cards to tap).
export function listen(listening) {
    const queue = [];
    const hand = document.getElementById(IDS.hand);
    const center = document.getElementById(IDS.center);
    const table = document.getElementById(IDS.table);
    const putDownBy = (key) => {
        if (!listening || !putDown(key, hand.querySelector(LIFTED) !== null)) return;
        lower(hand);
        queue.push({ intent: INTENTS.lower });
    };
    const passing = () => document.getElementById(IDS.table).classList.contains(PASS.phase);

    hand.addEventListener("click", (event) => {
        const button = listening && event.target.closest("button[data-card]");
        if (!button) return;
        const card = {
            disabled: button.getAttribute("aria-disabled") === "true",
            chosen: button.classList.contains(CARD.selected),
            lifted: button.classList.contains(CARD.lifted),
        };
        const decision = tapDecision(card, passing(), hand.querySelectorAll(SELECTED).length);
        if (!decision) return;
        show(decision, button, hand, center);
        queue.push({ tap: button.dataset.card });
    });

    // A key's autorepeat is no tap (R17): Enter clicks a focused button at every
    // repeated keydown. Python's hearts/web/keys.py KeyGuard takes over once it runs.
    document.addEventListener(
        "keydown",
        (event) => {
            if (listening && event.repeat && (event.key === "Enter" || event.key === " ")) {
                event.preventDefault();
            }
        },
        true,
    );

    hand.addEventListener("keydown", (event) => {
        const move = field(NAV_KEYS, event.key);
        const buttons = [...hand.querySelectorAll("button[data-card]")];
        if (!listening || !move || !buttons.length) return;
        event.preventDefault();
        const current = buttons.indexOf(document.activeElement);
        const target = buttons[navIndex(move, current, buttons.length)];
        for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
        target.focus();
    });

    document.addEventListener("keydown", (event) => {
        if (event.key === "Escape") putDownBy("Escape");
    });
    table.addEventListener("click", (event) => {
        if (!event.target.closest(CONTROLS)) putDownBy("felt");
    });

    center.addEventListener("click", (event) => {
        const confirm = listening && event.target.closest(CONFIRM);
        if (!confirm || confirm.disabled) return;
        confirm.disabled = true;
        queue.push({ intent: INTENTS.confirmPass });
    });

    return {
        // What was tapped meanwhile (JSON), and no more listening.
        take() {
            listening = false;
            return JSON.stringify(queue.splice(0));
        },
        stop() {
            listening = false;
        },
    };
}
