// No dead end: if Python cannot start, dies while starting (a Pyodide fatal
// error) or its start raises, the player is told so in their language, with the way on:
// set aside the record Python was reading (a .bad copy is kept, as Python keeps them;
// statistics stay unless they are the cause) and start again.
import { LIFECYCLE, NAMES, RECORDS } from "../build/contract.mjs";
import { blames, current, onChange, report } from "../lifecycle.mjs";
import { retriedStart, runtimeChecked, runtimeProven, startWithoutSnapshot, triedAgain } from "../start-notes.mjs";
import { discardRecord, dropPictures, setAsideForWayOn } from "./set-aside.mjs";

const CAUSES = new Map([
    [RECORDS.game, "game"],
    [RECORDS.stats, "stats"],
    [RECORDS.settings, "settings"],
]);

// The way on: set aside `key` (none: just start again), drop the picture, reload. First
// the service worker checks its copies of the game's files (static/watch.mjs): a damaged
// one is fetched again, never served to the next start; offline, `why` says that the game
// needs the network once more. A storage too full for the copy (even without the picture,
// which goes first) says so and lets the player choose: start without the record, or try
// again once there is room; never the same screen again for nothing.
function wayOn(cause, key, words, why) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary boot-action";
    button.dataset.boot = cause === "none" ? NAMES.wayOn.retry : NAMES.wayOn.setAside;
    button.textContent = cause === "none" ? words.steps.retry : words.steps.set_aside;
    const restart = async () => {
        const watch = globalThis[NAMES.globals.watch];
        const repair = await (watch ? watch.repair() : "unchecked");
        if (repair === "offline") {
            why.textContent = words.download.offline;
            button.disabled = false;
            return;
        }
        if (repair === "ok") runtimeChecked();
        location.reload();
    };
    button.addEventListener("click", async () => {
        button.disabled = true;
        startWithoutSnapshot(); // it may be the cause: see blamed()
        if (cause === "none") {
            triedAgain();
            try {
                dropPictures(localStorage);
            } catch (error) {
                console.warn("Hearts: storage refused the way on", error); // start again anyway
            }
        } else if (button.dataset.boot === NAMES.wayOn.setAside && !setAsideForWayOn(localStorage, key).kept) {
            why.textContent = words.causes.full;
            button.dataset.boot = NAMES.wayOn.retry;
            button.textContent = words.steps.retry;
            button.disabled = false;
            button.before(withoutIt(key, words, restart));
            return;
        }
        await restart();
    });
    return button;
}

// The player's choice when the copy cannot be kept: start without the record (lost).
function withoutIt(key, words, restart) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn boot-action";
    button.dataset.boot = NAMES.wayOn.startWithout;
    button.textContent = words.steps.start_without;
    button.addEventListener("click", async () => {
        button.disabled = true;
        try {
            discardRecord(localStorage, key);
        } catch (error) {
            console.warn("Hearts: storage refused the way on", error); // start again anyway
        }
        await restart();
    });
    return button;
}

// What Python is reading while it starts (hearts/web/records.py tells): the record to set
// aside if it dies meanwhile. onStop: called once the start is given up (no more input).
export function failures(words, onStop) {
    const root = document.documentElement;
    const proven = runtimeProven(); // this start's own note: read before any way on writes one
    const retried = retriedStart(); // the last start of this tab stopped and was tried again
    let reading = null;
    const read = new Set();

    // What the start that stopped in `from` may blame (hearts/web/lifecycle.py): a record
    // only while the start read the records, restored from no memory snapshot (the heap it
    // restored may be what broke Python, whatever record it was reading) and ran on runtime
    // files proven sound (a damaged copy the service worker kept may be the cause). Then the
    // record Python was reading when it died; if it had read them all, the saved game (the
    // table it could not set up), but only when Try again already failed the same way: the
    // first way on is Try again, which needs no record to go.
    function blamed(from) {
        if (!blames(from).includes(LIFECYCLE.blame.record) || root.dataset.python === "snapshot" || !proven) {
            return null;
        }
        if (reading) return reading;
        return retried && read.has(RECORDS.game) ? RECORDS.game : null;
    }

    // The start failed: say so, and offer the way on. Python dying after the table was
    // ready stops the game too: then the way on is a reload.
    function show({ from, event }) {
        const boot = document.getElementById(NAMES.boot.box);
        boot.hidden = false;
        onStop();
        const key = blamed(from);
        const cause = CAUSES.get(key) ?? "none";
        document.getElementById(NAMES.boot.bar).classList.add("failed");
        const text = document.getElementById(NAMES.boot.text);
        text.textContent = event === LIFECYCLE.died ? words.steps.died : words.steps.stopped;
        const why = document.createElement("p");
        why.className = "boot-text boot-why";
        why.textContent = words.causes[cause];
        const button = wayOn(cause, key, words, why);
        boot.classList.add(LIFECYCLE.stopped);
        boot.setAttribute("role", "alert");
        boot.append(why, button);
        // A dialog Python opened answers no more, and as a modal one it leaves everything
        // else inert: the way on behind it could not be pressed. Its close event hands the
        // focus back to its opener: the way on takes it again after that.
        for (const dialog of document.querySelectorAll("dialog[open]")) {
            dialog.addEventListener("close", () => button.focus(), { once: true });
            dialog.close();
        }
        button.focus();
    }
    onChange((change) => {
        if (change.to === LIFECYCLE.stopped) show(change);
    });

    const failed = (reason) => report(LIFECYCLE.failed, reason);
    const died = (reason) => report(LIFECYCLE.died, reason) || failed(reason);
    // All of Python's scripts are done before the game's Python started (asking for the
    // tab lock, it goes on in the lock's callbacks after its scripts are done): its main
    // raised, or the runtime never came.
    addEventListener("py:all-done", () => {
        if (!LIFECYCLE.states[current()].gameRuns) failed("Python ended before the game started");
    });
    // Python died (Pyodide's fatal error, e.g. its stack exhausted): nothing of it runs
    // again. static/interpreter.mjs reports it; the error events are a second way to notice.
    document.addEventListener("hearts:python-died", () => died("Python died"));
    const fatal = (error) => Boolean(error && error.pyodide_fatal_error);
    addEventListener("error", (event) => fatal(event.error) && died("Python died"));
    addEventListener("unhandledrejection", (event) => fatal(event.reason) && died("Python died"));
    // static/pwa.mjs or static/watch.mjs: the runtime could not be fetched, or the start
    // made no progress within its bound.
    document.addEventListener("hearts:boot-failed", (event) => failed(event.detail?.reason ?? "the start stopped"));

    return {
        reading(key) {
            reading = typeof key === "string" ? key : null;
            if (reading) read.add(reading);
        },
        stopped: () => failed("Python's start raised"),
    };
}
