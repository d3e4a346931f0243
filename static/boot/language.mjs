// The page's language, in Python's order (hearts/web/shell.py, i18n.pick_language): ?lang=,
// then the saved choice, then the browser's languages, then the fallback.
import { LANGUAGES, RECORDS } from "../build/contract.mjs";
import { field, parse, stored } from "./records.mjs";

// url: ?lang=; saved: the settings record's "lang"; browser: navigator.languages, most
// wanted first.
export function chooseLanguage(url, saved, browser) {
    for (const candidate of [url, saved, ...browser]) {
        const base = String(candidate || "").toLowerCase().split(/[-_]/)[0];
        if (LANGUAGES.supported.includes(base)) return base;
    }
    return LANGUAGES.fallback;
}

export function pageLanguage() {
    return chooseLanguage(
        new URLSearchParams(location.search).get("lang"),
        field(parse(stored(RECORDS.settings)), "lang"),
        [...(navigator.languages || []), navigator.language],
    );
}
