// The saved table's picture (localStorage RECORDS.picture, written by hearts/web after every
// draw), only if it was drawn for exactly the saved table (its "table" is the check value
// of RECORDS.game's record) by exactly this build (BUILD), and is made of nothing but the
// renderer's markup, saying nothing but the game's phrases. Anything that can write the
// save can write a picture that fits it: its words are what is checked, and
// the labels outside the regions are the build's own for its language, never stored ones.
import { BUILD, IDS, MARKUP, RECORDS, REGIONS, TEXTS } from "../build/contract.mjs";
import { fragment, whole, wording } from "./markup.mjs";
import { field, own, parse, stored } from "./records.mjs";

export function savedPicture() {
    const text = stored(RECORDS.picture);
    const picture = parse(text);
    const table = parse(stored(RECORDS.game));
    if (field(picture, "kind") !== RECORDS.pictureKind) return null;
    if (field(picture, "v") !== RECORDS.pictureVersion) return null;
    const check = field(table, "check");
    if (field(picture, "build") !== BUILD || typeof check !== "string") return null;
    const lang = field(picture, "lang");
    if (field(picture, "table") !== check || !own(TEXTS, lang)) return null;
    const storedRegions = field(picture, "regions");
    const classes = field(picture, "classes") ?? {};
    const tableClass = field(classes, IDS.table);
    const handClass = field(classes, IDS.hand);
    if (tableClass !== undefined && !whole(MARKUP.tableClass).test(tableClass)) return null;
    if (handClass !== undefined && !whole(MARKUP.handClass).test(handClass)) return null;
    const regions = {};
    const said = wording(lang);
    for (const name of REGIONS) {
        const html = field(storedRegions, name);
        if (html === undefined) continue;
        regions[name] = typeof html === "string" ? fragment(html, said) : null;
        if (!regions[name]) return null;
    }
    return { text, lang, regions, classes: { table: tableClass, hand: handClass } };
}
