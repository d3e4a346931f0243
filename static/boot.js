// The table before Python starts (the page's own JavaScript; no inline script: the CSP
// allows only files from this origin). This module puts the jobs of static/boot/ together:
//
// 1. Paint at once, before PyScript is even imported (boot/paint.mjs): the saved table, if
//    its picture belongs to the save and to this build (boot/picture.mjs: your hand, the
//    plates, the trick, the status line, in the saved language), else the neutral table
//    in the page's language (boot/language.mjs). Storage is data, never HTML as such:
//    a stored region is painted only if it is the renderer's markup
//    (boot/markup.mjs), and stored text is read within the records' own limits
//    (boot/records.mjs).
// 2. Taps and keys on a painted hand answer at once and are queued for hearts/web
//    (boot/input.mjs, deciding as Python does: boot/hand.mjs).
// 3. Progress that never freezes and never goes backwards (boot/progress.mjs).
// 4. No dead end: a failed start offers the way on (boot/stopped.mjs).
// Python's facts (keys, kinds, regions, labels, keys, languages, texts): the contract,
// generated from the modules that own them (scripts/build_contract.py); none spelled here.
// Every module is named by a <link rel="modulepreload"> in index.html: all of them are
// fetched with this one, in a single wave (tests/web/test_boot_modules.py).
import { BUILD, LIFECYCLE, NAMES, TEXTS } from "./build/contract.mjs";
import { savedDeck } from "./boot/deck.mjs";
import { listen } from "./boot/input.mjs";
import { pageLanguage } from "./boot/language.mjs";
import { paint, preloadArchive } from "./boot/paint.mjs";
import { savedPicture } from "./boot/picture.mjs";
import { startProgress } from "./boot/progress.mjs";
import { failures } from "./boot/stopped.mjs";
import { report } from "./lifecycle.mjs";

const root = document.documentElement;
root.dataset.deck = savedDeck(); // the saved deck's colours from the first paint (U11)

let saved = null;
try {
    saved = savedPicture();
} catch (error) {
    console.warn("Hearts: the saved table is not painted", error); // the neutral one is
}
const lang = saved ? saved.lang : pageLanguage();
const words = TEXTS[lang];
if (saved) {
    paint(saved.regions, saved.classes, words.labels, lang);
    root.dataset.boot = "picture"; // the saved picture: static/css styles it by this name
} else {
    // The hand's class is render.facedown_hand_class(13) (tests/web/test_layering.py).
    const hand = "hand n13 row0-7 row1-6";
    paint(words.regions, { table: "table phase-boot", hand }, words.labels, lang);
    root.dataset.boot = "neutral";
}
report(LIFECYCLE.events.painted); // static/lifecycle.mjs: from its first state only
performance.mark("hearts:painted"); // tools/bench_startup.py: the table is on screen

// On a return visit (a saved table, or a page the service worker controls) the game's
// archive is cached: no hint (boot/paint.mjs says why).
if (!saved && !navigator.serviceWorker?.controller) preloadArchive();

const input = listen(Boolean(saved));
const failed = failures(words, () => input.stop());

globalThis[NAMES.globals.boot] = {
    build: BUILD,
    painted: saved ? saved.text : null,
    // hearts/web, once ready: what was tapped meanwhile (JSON), and no more listening.
    take: () => input.take(),
    // What Python is reading while it starts: the record to set aside if it dies meanwhile.
    reading: (key) => failed.reading(key),
    fail: () => failed.stopped(),
};

startProgress(words);
