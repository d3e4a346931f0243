// The page's life from navigation to play, and the one owner of <html data-state>.
//
//   <script type="module" src="./static/lifecycle.mjs"></script>   (right after watch.mjs)
//
// The states, their bounds, exits and blames are declared once, in hearts/web/lifecycle.py,
// and generated into the contract (LIFECYCLE). Every part of the start, in either language,
// reports an event here: report("painted") (static/boot.js), report("restoring") and
// report("refused") (static/interpreter.mjs), "claiming", "elsewhere", "starting", "ready"
// (hearts/web, through window.heartsLifecycle), "updating" and "resumed" (static/pwa),
// "failed" and "died" (static/watch.mjs, static/boot/stopped.mjs, hearts/web). This module
// looks the event up in the current state's exits and performs the transition; an event
// without an exit changes nothing (the late report of a part that lost a race is not a
// transition). Listeners (onChange) learn each transition with the state it came from: the
// way on (static/boot/stopped.mjs) chooses what to blame by that state alone.
//
// window.heartsLifecycle: {report, fail, bound(), state(), history(), onChange} for
// static/watch.mjs (which imports nothing of the contract), hearts/web and tests.
import { LIFECYCLE, NAMES } from "./build/contract.mjs";

const root = document.documentElement;
const states = LIFECYCLE.states;
const listeners = new Set();
let state = Object.hasOwn(states, root.dataset.state ?? "") ? root.dataset.state : LIFECYCLE.initial;
const history = [{ state, event: null, at: Math.round(performance.now()) }];

// The state `event` leads to from `from`, or null (own keys only: "constructor" is no event).
function exit(from, event) {
    const exits = states[from].exits;
    return Object.hasOwn(exits, String(event)) ? exits[event] : null;
}

// Performs the transition `event` leads to; false if the current state has no such exit.
export function report(event, detail = null) {
    const from = state;
    const to = exit(from, event);
    if (to === null) return false;
    state = to;
    root.dataset.state = to;
    history.push({ state: to, event, at: Math.round(performance.now()) });
    for (const listener of [...listeners]) {
        try {
            listener({ from, to, event, detail });
        } catch (error) {
            console.error("Hearts: a listener of the page's state failed", error);
        }
    }
    return true;
}

export const current = () => state;

// `listener({from, to, event, detail})` after every transition; returns the way to stop.
export function onChange(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
}

// What a failure in `name` may blame (hearts/web/lifecycle.py: "runtime", "snapshot", "record").
export const blames = (name) => states[name].blames;

globalThis[NAMES.globals.lifecycle] = {
    report,
    fail: (reason) => report(LIFECYCLE.failed, reason),
    // The current state's bound: {ms, by} (by: the part that enforces it), or null.
    bound: () => (states[state].bound === null ? null : { ms: states[state].bound, by: states[state].boundBy }),
    state: current,
    // The game's Python has started (the states after hearts.web.shell.main ran).
    gameRuns: () => states[state].gameRuns,
    history: () => JSON.stringify(history),
    onChange,
};
