// The page's language, in Python's order (hearts/web/params.py choose_lang): ?lang=, then
// the saved choice, then the browser's languages, then the fallback. tests/js runs
// chooseLanguage against Python on tests/shared_cases/language.json.
import { LANGUAGES, RECORDS } from "../build/contract.mjs";
import { field, parse, stored } from "./records.mjs";

// A tag like "de-AT", " DE" or "de_CH" as the game's language, if it speaks it
// (hearts/i18n supported_language).
function supported(tag) {
    const base = String(tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
    return LANGUAGES.supported.includes(base) ? base : null;
}

// url: ?lang=; saved: the settings record's "lang" (Python refuses the record unless it is
// exactly a language the game speaks); browser: navigator.languages, most wanted first.
export function chooseLanguage(url, saved, browser) {
    const chosen = LANGUAGES.supported.includes(saved) ? saved : null;
    const fromUrl = url === null ? null : supported(url);
    return fromUrl ?? chosen ?? browser.map(supported).find(Boolean) ?? LANGUAGES.fallback;
}

export function pageLanguage() {
    return chooseLanguage(
        new URLSearchParams(location.search).get("lang"),
        field(parse(stored(RECORDS.settings)), "lang"),
        // as hearts/web/dom.py browser_languages reads them
        [...(navigator.languages || []).map(String), navigator.language].filter(
            (tag) => typeof tag === "string",
        ),
    );
}
