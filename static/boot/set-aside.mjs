// Setting a record aside, as hearts/web/records.py Records.set_aside does; tests/js runs
// both on tests/shared_cases/set_aside.json.
//
// The record is kept as the newest of its .bad copies and its key freed. The copies sit in
// RECORDS.badKeep slots, the newest first (key.bad, key.bad.2, …). The older copies move
// down one slot, but only as far as the first free one; when every slot is taken, the last
// slot (the oldest copy: the first one set aside, usually the player's real game) stays,
// and the copy before it is dropped. However many starts fail, the first copy survives.
//
// Every write copies a text before the write that replaces it, the last slot first, and
// the key is freed only after its copy is stored: storage full half-way loses nothing (a
// copy may be left twice, and the record stays under its key).
//
// storage: localStorage, or anything with its getItem, setItem and removeItem.
import { RECORDS } from "../build/contract.mjs";

export function badKeys(key) {
    const names = [key + RECORDS.badSuffix];
    for (let n = 2; n <= RECORDS.badKeep; n++) names.push(`${key}${RECORDS.badSuffix}.${n}`);
    return names;
}

// Set aside `key`'s record (nothing stored: nothing to do). Throws what the storage throws
// (QuotaExceededError when full); then the key still holds the record.
export function setAside(storage, key) {
    const text = storage.getItem(key);
    if (text === null) return;
    // Cut at RECORDS.badMax characters as Python counts them (code points).
    const copy = text.length > RECORDS.badMax ? [...text].slice(0, RECORDS.badMax).join("") : text;
    const names = badKeys(key);
    const kept = names.map((name) => storage.getItem(name));
    if (kept[0] !== copy) {
        // the same record refused again is kept once
        const free = kept.indexOf(null);
        // every slot taken: the last one stays, the one before it is written over
        const last = free === -1 ? names.length - 2 : free;
        for (let i = last; i > 0; i--) {
            if (kept[i] !== kept[i - 1]) storage.setItem(names[i], kept[i - 1]);
        }
        storage.setItem(names[0], copy);
    }
    storage.removeItem(key);
}

// The way on after a failed start (static/boot/stopped.mjs): set `key`'s record aside,
// after freeing what can be rebuilt (the table's picture, only a cache Python draws again),
// so that a full storage has room for the copy if anything can give it.
// Returns { kept: true } once the copy is stored and the key freed (or nothing was stored
// under it), or { kept: false, error } if the copy could not be stored: the record is then
// still under its key, and only the player may choose to start without it (discardRecord).
export function setAsideForWayOn(storage, key) {
    try {
        dropPictures(storage);
    } catch (error) {
        console.warn("Hearts: storage refused to drop the picture", error); // try the copy anyway
    }
    try {
        setAside(storage, key);
    } catch (error) {
        return { kept: false, error };
    }
    return { kept: true };
}

// The player chose to start without the record whose copy could not be kept: free its key
// (the picture too, as the way on always does). Throws what the storage throws.
export function discardRecord(storage, key) {
    storage.removeItem(key);
    dropPictures(storage);
}

// The table's picture, under its key and its former ones: only a cache, drawn again by
// Python. Throws what the storage throws.
export function dropPictures(storage) {
    for (const key of RECORDS.pictures) storage.removeItem(key);
}
