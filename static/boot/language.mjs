// The page's language, in Python's order (hearts/web/params.py choose_lang): ?lang=, then
// the saved choice, then the browser's languages, then the fallback. tests/js runs
// chooseLanguage against Python on tests/shared_cases/language.json.
import { LANGUAGES, RECORDS } from "../build/contract.mjs";
import { field, parse, stored } from "./records.mjs";

// A tag like "de-AT", " DE" or "de_CH" as the game's language, if it speaks it
// (hearts/i18n supported_language). Only ASCII white space is stripped, as Python strips
// it: trim() would strip "\uFEFF" too, Python's strip() "\x1c".
function supported(tag) {
    const base = String(tag ?? "")
        .replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, "")
        .toLowerCase()
        .split(/[-_]/)[0];
    return LANGUAGES.supported.includes(base) ? base : null;
}

// url: ?lang=; saved: the settings record's "lang" (Python refuses the record unless it is
// exactly a language the game speaks); browser: navigator.languages, most wanted first.
export function chooseLanguage(url, saved, browser) {
    const chosen = LANGUAGES.supported.includes(saved) ? saved : null;
    const fromUrl = url === null ? null : supported(url);
    return fromUrl ?? chosen ?? browser.map(supported).find(Boolean) ?? LANGUAGES.fallback;
}

// ?lang= of a query string ("?lang=de&seed=5") as the game's language, or null: the only
// parameter read before Python runs (Python reads it with hearts/web/params.py parse_query
// and Params.from_query; both run tests/shared_cases/params.json).
export function queryLanguage(search) {
    const tag = new URLSearchParams(search).get("lang");
    return tag === null ? null : supported(tag);
}

export function pageLanguage() {
    return chooseLanguage(
        queryLanguage(location.search),
        field(parse(stored(RECORDS.settings)), "lang"),
        // as hearts/web/dom.py browser_languages reads them
        [...(navigator.languages || []).map(String), navigator.language].filter(
            (tag) => typeof tag === "string",
        ),
    );
}
