// The memory snapshot as it is kept: only its runs of 64 KiB blocks that are not all zero.
// More than half of a snapshot of the game is zeros (17 of 31 MB: the heap's free middle
// and top), and every start read, checked and copied them; now it reads, checks and
// writes into Python's memory only the rest (static/snapshot-store.mjs keeps and reads this
// form, static/interpreter.mjs restores it).
//
// The kept form, little-endian 32-bit words: MAGIC, the snapshot's length, the count of
// runs N, N pairs (offset in the snapshot, length) in order; from the next multiple of 8
// bytes on, the runs' bytes one after the other. The first run starts at 0: it holds
// Pyodide's own header.
const MAGIC = 0x31505348; // "HSP1"
export const BLOCK = 65536;

const words = (count) => 4 * count;
const dataStart = (runs) => Math.ceil(words(3 + 2 * runs) / 8) * 8;

function allZero(bytes) {
    const aligned = bytes.byteOffset % 4 === 0 ? bytes.byteLength >>> 2 : 0;
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset, aligned);
    for (let i = 0; i < view.length; i += 1) if (view[i] !== 0) return false;
    for (let i = aligned * 4; i < bytes.byteLength; i += 1) if (bytes[i] !== 0) return false;
    return true;
}

// The kept form of `snapshot` (a Uint8Array).
export function sparse(snapshot) {
    const runs = [];
    for (let at = 0; at < snapshot.length; at += BLOCK) {
        const end = Math.min(at + BLOCK, snapshot.length);
        if (at > 0 && allZero(snapshot.subarray(at, end))) continue;
        const last = runs.at(-1);
        if (last && last.at + last.length === at) last.length += end - at;
        else runs.push({ at, length: end - at });
    }
    const start = dataStart(runs.length);
    const kept = new Uint8Array(start + runs.reduce((sum, run) => sum + run.length, 0));
    const table = new DataView(kept.buffer);
    [MAGIC, snapshot.length, runs.length].forEach((word, i) => table.setUint32(words(i), word, true));
    let from = start;
    runs.forEach((run, i) => {
        table.setUint32(words(3 + 2 * i), run.at, true);
        table.setUint32(words(4 + 2 * i), run.length, true);
        kept.set(snapshot.subarray(run.at, run.at + run.length), from);
        from += run.length;
    });
    return kept;
}

// The runs of `kept` ({at: offset in the snapshot, from: offset in `kept`, length}), once
// its table is checked against `memory`, the snapshot's length its seal says; a string
// that says what is wrong where the table does not hold.
export function runsOf(kept, memory) {
    if (kept.length < words(3)) return "no table of runs";
    const table = new DataView(kept.buffer, kept.byteOffset, kept.byteLength);
    const word = (i) => table.getUint32(words(i), true);
    if (word(0) !== MAGIC) return "not a table of runs";
    if (word(1) !== memory) return `a table for ${word(1)} bytes where its seal says ${memory}`;
    const count = word(2);
    if (count < 1 || dataStart(count) > kept.length) return "a table longer than the snapshot";
    const runs = [];
    let from = dataStart(count);
    let end = 0;
    for (let i = 0; i < count; i += 1) {
        const run = { at: word(3 + 2 * i), from, length: word(4 + 2 * i) };
        const first = i === 0;
        if ((first ? run.at !== 0 : run.at < end || run.at % BLOCK !== 0) || run.length === 0) {
            return `run ${i} out of order`;
        }
        end = run.at + run.length;
        from += run.length;
        if (end > memory || from > kept.length) return `run ${i} beyond the snapshot`;
        runs.push(run);
    }
    return from === kept.length ? runs : `${kept.length - from} bytes after the last run`;
}

// Pyodide's restore of a snapshot kept this way: `restore` (Pyodide's own, given the first
// run: it checks Pyodide's header, writes that run's memory and returns what else the
// snapshot holds), then the other runs written into `heap()` (Python's memory) where they
// belong; the zeros between them are there already.
export function restoreRuns(kept, runs, restore, heap) {
    const [first, ...rest] = runs;
    const state = restore(kept.subarray(first.from, first.from + first.length));
    // Pyodide's header: its second word is where Python's memory begins in the snapshot.
    const header = new DataView(kept.buffer, kept.byteOffset + first.from).getUint32(4, true);
    const memory = heap();
    for (const run of rest) {
        memory.set(kept.subarray(run.from, run.from + run.length), run.at - header);
    }
    return state;
}
