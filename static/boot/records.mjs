// Stored records as boot.js reads them: within the limits hearts/sealed.py reads them
// within (size and nesting, checked before the JSON parser sees the text), and looked up
// by own keys only. Pure but for `stored`; tests/js runs withinLimits against
// hearts/sealed.py's within_limits on tests/shared_cases/nesting.json.
import { RECORDS } from "../build/contract.mjs";

export function stored(key) {
    try {
        return localStorage.getItem(key);
    } catch {
        return null; // storage disabled: Python says so once it runs
    }
}

// A key of a parsed record or of the build's data: own properties only ("constructor",
// "__proto__" and the like are not keys of anything stored).
export const own = (object, key) =>
    object !== null && typeof object === "object" && Object.hasOwn(object, String(key));
export const field = (object, key) => (own(object, key) ? object[key] : undefined);

// Characters as Python counts them (code points), only when the quick count is over.
const length = (text) => (text.length > RECORDS.maxText ? [...text].length : text.length);

// Size, and nesting without recursion: a loop over the text, brackets in strings not
// counted; unbalanced brackets are refused too, as Python's check refuses them.
export function withinLimits(text) {
    if (length(text) > RECORDS.maxText) return false;
    let depth = 0;
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (quoted) {
            if (c === 92) i++; // a backslash escapes the next character
            else if (c === 34) quoted = false;
        } else if (c === 34) quoted = true;
        else if (c === 91 || c === 123) {
            if (++depth > RECORDS.maxDepth) return false;
        } else if ((c === 93 || c === 125) && --depth < 0) return false;
    }
    return depth === 0;
}

export function parse(text) {
    try {
        return typeof text === "string" && withinLimits(text) ? JSON.parse(text) : null;
    } catch {
        return null;
    }
}
