// No dead end (issue 20): if Python cannot start, dies while starting (a Pyodide fatal
// error) or its start raises, the player is told so in their language, with the way on:
// set aside the record Python was reading (a .bad copy is kept, as Python keeps them;
// statistics stay unless they are the cause) and start again.
import { RECORDS } from "../build/contract.mjs";
import { runtimeChecked, runtimeProven, startWithoutSnapshot } from "../start-notes.mjs";
import { setAside } from "./set-aside.mjs";

const CAUSES = new Map([
    [RECORDS.game, "game"],
    [RECORDS.stats, "stats"],
    [RECORDS.settings, "settings"],
]);

// The way on: set aside `key` (none: just start again), drop the picture, reload. First
// the service worker checks its copies of the game's files (static/watch.mjs): a damaged
// one is fetched again, never served to the next start; offline, `why` says that the game
// needs the network once more.
function wayOn(cause, key, words, why) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary boot-action";
    button.dataset.boot = cause === "none" ? "retry" : "set-aside";
    button.textContent = cause === "none" ? words.steps.retry : words.steps.set_aside;
    button.addEventListener("click", async () => {
        button.disabled = true;
        startWithoutSnapshot(); // it may be the cause: see stopped()
        try {
            if (cause !== "none") setAside(localStorage, key);
            localStorage.removeItem(RECORDS.picture); // only a cache: drawn again by Python
        } catch (error) {
            console.warn("Hearts: storage refused the way on", error); // start again anyway
        }
        const repair = await (globalThis.heartsWatch ? globalThis.heartsWatch.repair() : "unchecked");
        if (repair === "offline") {
            why.textContent = words.download.offline;
            button.disabled = false;
            return;
        }
        if (repair === "ok") runtimeChecked();
        location.reload();
    });
    return button;
}

// What Python is reading while it starts (hearts/web/records.py tells): the record to set
// aside if it dies meanwhile. onStop: called once the start is given up (no more input).
export function failures(words, onStop) {
    const root = document.documentElement;
    const proven = runtimeProven(); // this start's own note: read before any way on writes one
    let reading = null;
    const read = new Set();

    // The start failed: say so, and offer the way on. The cause is the record Python was
    // reading when it died, or, if it had read them all, the saved game (the table it could
    // not set up); none if it never got to the records (then: try again). Python dying
    // after the table was ready (`died`) stops the game too: then the way on is a reload.
    function stopped(died = false) {
        const state = root.dataset.state;
        if (state === "elsewhere" || state === "stopped" || (state === "ready" && !died)) return;
        // Blame only what is proven (issue 46, U15): a record is blamed only while the start
        // is not ready (all read and fine then), not restored from the memory snapshot (the
        // heap it restored may be what broke Python, whatever record it was reading) and on
        // runtime files proven sound (a damaged copy the service worker kept may be the
        // cause). Else the way on is Try again: it checks those copies and starts without
        // the snapshot, and only a failure then may set a record aside.
        const blamed = state !== "ready" && root.dataset.python !== "snapshot" && proven;
        root.dataset.state = "stopped";
        const boot = document.getElementById("boot");
        boot.hidden = false;
        onStop();
        const key = blamed ? (reading ?? (read.has(RECORDS.game) ? RECORDS.game : null)) : null;
        const cause = CAUSES.get(key) ?? "none";
        document.getElementById("boot-bar").classList.add("failed");
        const text = document.getElementById("boot-text");
        text.textContent = state === "ready" ? words.steps.died : words.steps.stopped;
        const why = document.createElement("p");
        why.className = "boot-text boot-why";
        why.textContent = words.causes[cause];
        const button = wayOn(cause, key, words, why);
        boot.classList.add("stopped");
        boot.setAttribute("role", "alert");
        boot.append(why, button);
        // A dialog Python opened answers no more, and as a modal one it leaves everything
        // else inert: the way on behind it could not be pressed (issue 46). Its close event
        // hands the focus back to its opener: the way on takes it again after that.
        for (const dialog of document.querySelectorAll("dialog[open]")) {
            dialog.addEventListener("close", () => button.focus(), { once: true });
            dialog.close();
        }
        button.focus();
    }

    // All scripts done and no table being claimed or played: Python failed before the
    // game's start (its main raised, or the runtime never came).
    addEventListener("py:all-done", () => {
        if (root.dataset.state !== "claiming") stopped();
    });
    // Python died (Pyodide's fatal error, e.g. its stack exhausted): nothing of it runs
    // again. static/interpreter.mjs reports it; the error events are a second way to notice.
    document.addEventListener("hearts:python-died", () => stopped(true));
    const fatal = (error) => Boolean(error && error.pyodide_fatal_error);
    addEventListener("error", (event) => fatal(event.error) && stopped(true));
    addEventListener("unhandledrejection", (event) => fatal(event.reason) && stopped(true));
    // static/pwa.mjs: the runtime could not be fetched (its own alert says why).
    document.addEventListener("hearts:boot-failed", () => stopped());

    return {
        reading(key) {
            reading = typeof key === "string" ? key : null;
            if (reading) read.add(reading);
        },
        stopped,
    };
}
