// The tables of tests/shared_cases/, run against static/boot/ as built:
// tests/web/test_shared_cases.py runs the same tables against Python, so a change on one
// side without the other fails one of the two. `make test-js` (after `make build`: the
// modules import the generated contract, .cache/app/build/contract.mjs).
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

// The page's files as built (.cache/app/: the stage scripts/publish_app.py publishes).
const SITE = new URL("../../.cache/app/", import.meta.url);
const { RECORDS, NAV_KEYS } = await import(new URL("build/contract.mjs", SITE));
const { withinLimits } = await import(new URL("boot/records.mjs", SITE));
const { chooseLanguage, queryLanguage } = await import(new URL("boot/language.mjs", SITE));
const { deckOf } = await import(new URL("boot/deck.mjs", SITE));
const { navIndex, putDown, tapDecision } = await import(new URL("boot/hand.mjs", SITE));
const { badKeys, discardRecord, setAside, setAsideForWayOn } = await import(
    new URL("boot/set-aside.mjs", SITE)
);
const { wording } = await import(new URL("boot/markup.mjs", SITE));

const table = (name) =>
    JSON.parse(readFileSync(new URL(`../shared_cases/${name}.json`, import.meta.url), "utf8")).cases;

// A text of a table: a string, or pieces repeated a number of times or a limit (+/- n).
function count(spec) {
    if (typeof spec === "number") return spec;
    const [, name, offset] = /^(\w+)([+-]\d+)?$/.exec(spec);
    assert.ok(Object.hasOwn(RECORDS, name), spec);
    return RECORDS[name] + Number(offset ?? 0);
}
const text = (spec) =>
    typeof spec === "string" ? spec : spec.build.map(([piece, n]) => piece.repeat(count(n))).join("");

for (const c of table("nesting")) {
    test(`nesting: ${c.name}`, () => assert.equal(withinLimits(text(c.text)), c.within));
}

for (const c of table("language")) {
    test(`language: ${c.name}`, () =>
        assert.equal(chooseLanguage(c.url, c.saved, c.browser), c.expect));
}

for (const c of table("deck")) {
    const saved = c.four_colour === "missing" ? undefined : c.four_colour;
    test(`deck: ${c.name}`, () => assert.equal(deckOf(saved), c.expect));
}

// ?lang= is the only parameter the boot script reads: seed and cadence only Python reads
// (hearts/web/params.py), so their columns have no JavaScript side.
for (const c of table("params")) {
    test(`params: ${c.name}`, () => assert.equal(queryLanguage(c.query), c.lang));
}

// The hand the boot module paints, as a model: pass phase, 13 cards c<i>; on a turn in
// play, two playable cards p<i> and a sunk one b0 (aria-disabled).
function hand(phase) {
    const names = phase === "pass" ? [...Array(13).keys()].map((i) => `c${i}`) : ["p0", "p1", "b0"];
    return new Map(names.map((name) => [name, { disabled: name.startsWith("b"), chosen: false }]));
}

for (const c of table("tap")) {
    test(`tap: ${c.name}`, () => {
        const cards = hand(c.phase);
        let lifted = null;
        let played = null;
        let full = false;
        for (const name of c.taps) {
            if (name === "Escape" || name === "felt") {
                const decision = putDown(name, lifted !== null);
                if (decision === true) lifted = null;
                else assert.equal(decision, false);
                continue;
            }
            const card = { ...cards.get(name), lifted: lifted === name };
            const chosen = [...cards.values()].filter((x) => x.chosen).length;
            const decision = tapDecision(card, c.phase === "pass", chosen);
            if (decision === "full") full = true;
            else if (decision === "select" || decision === "deselect") {
                cards.get(name).chosen = decision === "select";
                full = false;
            } else if (decision === "lift") lifted = name;
            else if (decision === "play") [played, lifted] = [name, null];
            else assert.ok(decision === null || decision === "full", decision);
        }
        const chosen = [...cards].filter(([, x]) => x.chosen).map(([name]) => name);
        assert.deepEqual(chosen.sort(), [...c.chosen].sort());
        assert.equal(lifted, c.lifted);
        assert.equal(played, c.played);
        assert.equal(full, c.full ?? false);
    });
}

for (const c of table("navigate")) {
    test(`navigate: ${c.name}`, () => {
        const total = 13;
        const at = (i) => (i < 0 ? total + i : i);
        const current = c.focus === null ? -1 : at(c.focus);
        assert.ok(Object.hasOwn(NAV_KEYS, c.key), c.key);
        assert.equal(navIndex(NAV_KEYS[c.key], current, total), at(c.expect));
    });
}

for (const c of table("picture_text")) {
    test(`picture text: ${c.name}`, () => assert.equal(wording(c.lang)(c.text), c.ok));
}

// localStorage's interface over a Map; with a room (characters of the texts stored), a
// write beyond it is refused as the browser refuses it when full.
class Storage extends Map {
    constructor(entries, room = Infinity) {
        super(entries);
        this.room = room;
    }
    getItem(key) {
        return this.has(key) ? this.get(key) : null;
    }
    setItem(key, value) {
        const text = String(value);
        let used = text.length;
        for (const [other, stored] of this) if (other !== key) used += stored.length;
        if (used > this.room) {
            throw new DOMException("the quota has been exceeded", "QuotaExceededError");
        }
        this.set(key, text);
    }
    removeItem(key) {
        this.delete(key);
    }
}

// "formerPicture": a picture where the builds before kept it (RECORDS.pictures after the first).
const KEYS = { ...RECORDS, formerPicture: RECORDS.pictures[1] };
const keyOf = (record, copy) => (copy ? badKeys(KEYS[record])[copy - 1] : KEYS[record]);
const stored = (entries, room) =>
    new Storage(
        entries.map(([record, copy, spec]) => [keyOf(record, copy), text(spec)]),
        room,
    );

// The way on sets the record aside (each refused text too, as later failed starts would),
// and says whether the last copy was stored.
for (const c of table("set_aside")) {
    test(`set aside: ${c.name}`, () => {
        const storage = stored(c.before, c.room);
        const key = RECORDS[c.key];
        let result = setAsideForWayOn(storage, key);
        for (const again of c.refused ?? []) {
            storage.setItem(key, again);
            result = setAsideForWayOn(storage, key);
        }
        assert.equal(result.kept, c.kept ?? true);
        if (!result.kept) assert.equal(result.error.name, "QuotaExceededError");
        assert.deepEqual(Object.fromEntries(storage), Object.fromEntries(stored(c.after)));
    });
}

// setAside itself, without the way on's freeing of the picture: a full storage throws,
// and the record stays under its key.
test("set aside: storage full: setAside throws and the record stays", () => {
    const storage = stored([["game", 0, "AAAA"], ["picture", 0, "PPPPPPPP"]], 12);
    assert.throws(() => setAside(storage, RECORDS.game), { name: "QuotaExceededError" });
    assert.equal(storage.getItem(RECORDS.game), "AAAA");
    assert.equal(storage.getItem(RECORDS.picture), "PPPPPPPP");
});

// The player chose to start without the record whose copy could not be kept.
test("set aside: storage full: starting without the record frees its key and the picture", () => {
    const storage = stored([["game", 0, "AAAA"], ["game", 1, "B"], ["picture", 0, "PP"]], 5);
    assert.equal(setAsideForWayOn(storage, RECORDS.game).kept, false);
    assert.equal(storage.getItem(RECORDS.game), "AAAA");
    discardRecord(storage, RECORDS.game);
    assert.deepEqual(Object.fromEntries(storage), Object.fromEntries(stored([["game", 1, "B"]])));
});
