// Stored records as boot.js reads them: within the limits hearts/record.py reads them
// within (size and nesting, checked before the JSON parser sees the text), and looked up
// by own keys only.
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

// Size, and nesting without recursion: a loop over the text, brackets in strings not
// counted.
export function withinLimits(text) {
    if (text.length > RECORDS.maxText) return false;
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
        } else if (c === 93 || c === 125) depth--;
    }
    return true;
}

export function parse(text) {
    try {
        return typeof text === "string" && withinLimits(text) ? JSON.parse(text) : null;
    } catch {
        return null;
    }
}
