// IndexedDB that always answers (U15). PyScript 0.7's Pyodide loader awaits an IndexedDB
// map ("Loading Storage": its package cache, of no use to the game, which has no packages)
// before it asks for the interpreter. Where the browser refuses IndexedDB (privacy modes,
// policies: open throws "The operation is insecure", returns nothing, fails, never
// answers, or opens and then never completes a transaction) that await never ended and the
// page said "Starting Python…" for ever. Imported by static/interpreter.mjs, which PyScript
// imports before that step: from then on indexedDB.open answers at once with an empty
// database in memory for this page (nothing of the game is stored there; localStorage
// keeps the game), and the browser's IndexedDB is never touched by the start.

const browsers = (() => {
    try {
        return globalThis.indexedDB ?? null;
    } catch {
        return null; // its getter throws where storage is refused
    }
})();

// A request as IndexedDB's callers use it: on* handlers, result, transaction.
function answer(request, type, result, transaction = null) {
    Object.assign(request, { result, transaction, readyState: "done" });
    const handler = request[`on${type}`];
    if (typeof handler === "function") handler.call(request, { type, target: request });
}

function later(result) {
    const request = {};
    setTimeout(() => answer(request, "success", result));
    return request;
}

// An object store in memory: what PyScript's map calls (a key-value store).
function memoryStore(entries) {
    return {
        count: () => later(entries.size),
        get: (key) => later(entries.get(key)),
        getAll: () => later([...entries.values()]),
        getAllKeys: () => later([...entries.keys()]),
        put: (value, key) => later((entries.set(key, value), key)),
        delete: (key) => later((entries.delete(key), undefined)),
        clear: () => later((entries.clear(), undefined)),
    };
}

function memoryDatabase(name) {
    const stores = new Map();
    const storeNames = () => ({ length: stores.size, contains: (store) => stores.has(store) });
    const database = {
        name,
        get objectStoreNames() {
            return storeNames();
        },
        createObjectStore(store) {
            if (!stores.has(store)) stores.set(store, new Map());
            return memoryStore(stores.get(store));
        },
        transaction() {
            const transaction = {
                objectStore: (store) => database.createObjectStore(store),
                abort() {},
            };
            setTimeout(() => transaction.oncomplete?.({ type: "complete", target: transaction }));
            return transaction;
        },
        close() {},
    };
    return database;
}

// Opens `name` in memory on `request`: an upgrade (its stores made), then success.
function openInMemory(request, name) {
    const database = memoryDatabase(name);
    const upgrade = database.transaction();
    answer(request, "upgradeneeded", database, upgrade);
    answer(request, "success", database);
}

// Every database PyScript opens is kept in memory for this page: the browser's own would
// have to answer every transaction too (one that stalls after a successful open hung the
// start just as a refused open did), and nothing in it would be of use to the next start.
function open(name) {
    const request = {};
    setTimeout(() => openInMemory(request, name));
    return request;
}

const guarded = {
    open,
    deleteDatabase: (name) => (browsers ? browsers.deleteDatabase(name) : later(undefined)),
    cmp: (a, b) => (browsers ? browsers.cmp(a, b) : Number(a > b) - Number(a < b)),
    databases: () => (browsers ? browsers.databases() : Promise.resolve([])),
};

try {
    Object.defineProperty(globalThis, "indexedDB", { configurable: true, get: () => guarded });
} catch (error) {
    console.warn("Hearts: IndexedDB is not guarded", error); // the page's own, as it is
}
