// The memory snapshot's kept form (static/snapshot-runs.mjs): only its runs of blocks that
// are not zeros, restored into Python's memory exactly as the whole snapshot would be, and a
// table that does not hold is named, never restored. The e2e suites restore real ones
// (tests/e2e/test_memory_snapshot.py, test_snapshot_faults.py).
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { BLOCK, restoreRuns, runsOf, sparse } from "../../static/snapshot-runs.mjs";

const HEADER = 128; // Pyodide's header: its second word says where Python's memory begins

// A snapshot as Pyodide makes one: a header, then memory with data in a few places.
function snapshot(blocks, filled) {
    const bytes = new Uint8Array(blocks * BLOCK);
    const words = new DataView(bytes.buffer);
    words.setUint32(0, 0x706e7300, true);
    words.setUint32(4, HEADER, true);
    for (const [at, value] of filled) bytes.fill(value, at, at + 1000);
    return bytes;
}

// Pyodide's own restore, as far as the kept form relies on it.
function pyodideRestore(heap) {
    return (first) => {
        const header = new DataView(first.buffer, first.byteOffset).getUint32(4, true);
        heap.set(first.subarray(header));
        return "the rest of the snapshot";
    };
}

function restored(whole) {
    const kept = sparse(whole);
    const runs = runsOf(kept, whole.length);
    assert.ok(Array.isArray(runs), runs);
    const heap = new Uint8Array(whole.length);
    assert.equal(restoreRuns(kept, runs, pyodideRestore(heap), () => heap), "the rest of the snapshot");
    return { kept, runs, heap };
}

test("only the runs that are not zeros are kept, and they restore the whole memory", () => {
    const whole = snapshot(12, [[300, 1], [5 * BLOCK + 7, 2], [6 * BLOCK, 3], [11 * BLOCK + 9, 4]]);
    const { kept, runs, heap } = restored(whole);
    assert.deepEqual(
        runs.map(({ at, length }) => [at, length]),
        [[0, BLOCK], [5 * BLOCK, 2 * BLOCK], [11 * BLOCK, BLOCK]],
    );
    assert.ok(kept.length < 4.1 * BLOCK, `${kept.length} bytes kept of ${whole.length}`);
    assert.deepEqual(heap.subarray(0, whole.length - HEADER), whole.subarray(HEADER));
});

test("a snapshot shorter than a block, or of an odd length, is kept whole", () => {
    const garbage = new TextEncoder().encode("garbage");
    const kept = sparse(garbage);
    assert.deepEqual(runsOf(kept, garbage.length), [{ at: 0, from: 24, length: 7 }]);
    assert.deepEqual(kept.subarray(24), garbage);
    const odd = snapshot(2, [[BLOCK + 5, 9]]).subarray(0, BLOCK + 11);
    assert.deepEqual(restored(odd).heap.subarray(0, odd.length - HEADER), odd.subarray(HEADER));
});

test("a table that does not hold says what is wrong", () => {
    const whole = snapshot(4, [[2 * BLOCK, 1], [3 * BLOCK, 2]]);
    const kept = sparse(whole);
    const broken = (change) => {
        const copy = kept.slice();
        change(new DataView(copy.buffer), copy);
        return runsOf(copy, whole.length);
    };
    assert.equal(runsOf(kept.subarray(0, 8), whole.length), "no table of runs");
    assert.equal(broken((t) => t.setUint32(0, 1, true)), "not a table of runs");
    assert.match(runsOf(kept, whole.length + BLOCK), /^a table for \d+ bytes where its seal says/);
    assert.equal(broken((t) => t.setUint32(8, 0, true)), "a table longer than the snapshot");
    assert.equal(broken((t) => t.setUint32(8, 1e6, true)), "a table longer than the snapshot");
    assert.equal(broken((t) => t.setUint32(12, BLOCK, true)), "run 0 out of order");
    assert.equal(broken((t) => t.setUint32(20, BLOCK + 1, true)), "run 1 out of order");
    assert.equal(broken((t) => t.setUint32(20, 0, true)), "run 1 out of order");
    assert.equal(broken((t) => t.setUint32(24, 0, true)), "run 1 out of order");
    assert.equal(broken((t) => t.setUint32(24, 3 * BLOCK, true)), "run 1 beyond the snapshot");
    assert.equal(runsOf(kept.subarray(0, kept.length - 1), whole.length), "run 1 beyond the snapshot");
    const longer = new Uint8Array(kept.length + 5);
    longer.set(kept);
    assert.equal(runsOf(longer, whole.length), "5 bytes after the last run");
});
