// The first half of a start from the memory snapshot: this build's snapshot read out of
// Cache Storage and verified (static/snapshot-store.mjs), begun as soon as the game page's
// scripts run (index.html: before static/boot.js paints the table), not once the service
// worker's gate has let the runtime start (static/runtime.mjs) and static/interpreter.mjs
// has arrived. Reading is no request to the service worker: a page about to reload into a
// waiting new version reads for nothing, but starts nothing of the old runtime (the gate's
// purpose, static/pwa.mjs). What a start does with the snapshot - the canary, the restore,
// dropping one Pyodide refuses - stays static/interpreter.mjs's (it imports `reading`; a
// page without this script reads when that module is evaluated).
import { BUILD } from "./build/contract.mjs";
import { leftTry, withoutSnapshot } from "./start-notes.mjs";
import { SNAPSHOT_CACHE, Stalled, bounded, drop, openSnapshot } from "./snapshot-store.mjs";

// The snapshot's cache, or null where Cache Storage is refused or does not answer.
async function openCache() {
    try {
        return "caches" in globalThis ? await bounded(caches.open(SNAPSHOT_CACHE), "Cache Storage") : null;
    } catch (error) {
        if (error instanceof Stalled) console.warn("Hearts: no memory snapshot:", error.message);
        return null; // storage blocked (private modes, opaque origins)
    }
}

// This build's snapshot as it is being read (snapshot-store.mjs: openSnapshot), or null
// (none kept, or dropped: why is said); its `sound` resolves to true once it is verified (its
// `runs` then say where its bytes go), or to the reason it was dropped (never rejects). And the cache to keep the next one in, none if
// this one's read stalled (it would stall again; for a stall of its bytes `sound` says so).
async function keptSnapshot(cache) {
    if (!cache) return { kept: null, cache };
    const left = leftTry();
    const dropped = (error) => {
        console.warn("Hearts: the memory snapshot is dropped; a normal start:", String(error.message ?? error));
        drop(cache, BUILD).catch(() => {});
        return error;
    };
    try {
        if (withoutSnapshot()) throw new Error("the last start stopped; it may have been the cause");
        const kept = await openSnapshot(cache, BUILD, left);
        const verified = (runs) => {
            performance.mark("hearts:snapshot-read");
            kept.runs = runs;
            return true;
        };
        if (kept) kept.sound = kept.verified.then(verified, dropped);
        return { kept, cache };
    } catch (error) {
        dropped(error);
        return { kept: null, cache: error instanceof Stalled ? null : cache };
    }
}

performance.mark("hearts:snapshot-reading");
// {kept: {snapshot, digest, good, sound} | null, cache: Cache | null}; never rejects.
export const reading = openCache().then(keptSnapshot);
