// Taps and keys on a painted hand answer at once (select, lift, focus) and are queued;
// hearts/web takes the queue when it is ready (window.heartsBoot.take()) and hands each
// tap to the engine in order, which decides as always.
import { IDS, NAV_KEYS } from "../build/contract.mjs";
import { navIndex, tapDecision } from "./hand.mjs";
import { field } from "./records.mjs";

const SELECTED = "button.selected";

// How a decision of tapDecision shows on the button (and the pass button's state).
function show(decision, button, hand, center) {
    if (decision === "play") {
        button.classList.add("playing"); // the engine plays it
        return;
    }
    if (decision === "lift") {
        for (const other of hand.querySelectorAll("button.lifted")) {
            other.classList.remove("lifted");
            other.setAttribute("aria-pressed", "false");
        }
    }
    const on = decision !== "deselect";
    button.classList.toggle(decision === "lift" ? "lifted" : "selected", on);
    button.setAttribute("aria-pressed", String(on));
    const confirm = center.querySelector('[data-action="confirm-pass"]');
    if (confirm && decision !== "lift") {
        confirm.disabled = hand.querySelectorAll(SELECTED).length !== 3;
    }
}

// listening: a picture was painted (the neutral table has no cards to tap).
export function listen(listening) {
    const queue = [];
    const hand = document.getElementById(IDS.hand);
    const center = document.getElementById(IDS.center);
    const passing = () => document.getElementById(IDS.table).classList.contains("phase-pass");

    hand.addEventListener("click", (event) => {
        const button = listening && event.target.closest("button[data-card]");
        if (!button) return;
        const card = {
            disabled: button.getAttribute("aria-disabled") === "true",
            chosen: button.classList.contains("selected"),
            lifted: button.classList.contains("lifted"),
        };
        const decision = tapDecision(card, passing(), hand.querySelectorAll(SELECTED).length);
        if (!decision) return;
        show(decision, button, hand, center);
        queue.push({ tap: button.dataset.card });
    });

    // A key's autorepeat is no tap (R17, issue 46): Enter clicks a focused button at every
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

    center.addEventListener("click", (event) => {
        const confirm = listening && event.target.closest('[data-action="confirm-pass"]');
        if (!confirm || confirm.disabled) return;
        confirm.disabled = true;
        queue.push({ action: "confirm-pass" });
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
