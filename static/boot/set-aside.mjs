// Keep `key`'s record as the newest of its .bad copies (the older ones move down, the
// oldest beyond RECORDS.badKeep is dropped) and free the key, as hearts/web/records.py
// Records.set_aside does; tests/js runs both on tests/shared_cases/set_aside.json.
// storage: localStorage, or anything with its getItem, setItem and removeItem.
import { RECORDS } from "../build/contract.mjs";

export function badKeys(key) {
    const names = [key + RECORDS.badSuffix];
    for (let n = 2; n <= RECORDS.badKeep; n++) names.push(`${key}${RECORDS.badSuffix}.${n}`);
    return names;
}

export function setAside(storage, key) {
    const text = storage.getItem(key);
    if (text === null) return;
    // Cut at RECORDS.badMax characters as Python counts them (code points).
    const copy = text.length > RECORDS.badMax ? [...text].slice(0, RECORDS.badMax).join("") : text;
    const names = badKeys(key);
    const kept = names.slice(0, -1).map((name) => storage.getItem(name));
    if (kept[0] !== copy) {
        // the same record refused again is kept once
        for (let i = kept.length - 1; i >= 0; i--) {
            if (kept[i] !== null) storage.setItem(names[i + 1], kept[i]);
        }
        storage.setItem(names[0], copy);
    }
    storage.removeItem(key);
}
