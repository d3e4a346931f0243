// The motion layer keeps no state at module level: its state is the instance's that the
// page makes (static/effects.mjs: createMotion(document)), so two instances share nothing
// (tests/e2e/test_motion_owner.py checks it by behaviour). Every top-level statement of
// static/motion.mjs and static/motion/*.mjs is an import, a function or a constant that
// cannot change: a literal, a function, or an Object.freeze of such. A `let`, a `var`, a
// Map or Set, an unfrozen object or array, or a statement run at import fails.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
// acorn: the parser the build's own tools bring (workbox-build's dependencies).
import { parse } from "acorn";

const STATIC = new URL("../../static/", import.meta.url);
const PARTS = readdirSync(new URL("motion/", STATIC)).filter((n) => n.endsWith(".mjs"));
const MODULES = ["motion.mjs", ...PARTS.map((n) => `motion/${n}`)];

const isFreeze = (node) =>
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    node.callee.object.name === "Object" &&
    node.callee.property.name === "freeze";

// A value no code can change (an identifier: another of the module's constants).
function fixed(node) {
    switch (node.type) {
        case "Literal":
            return !node.regex || !/[gy]/.test(node.regex.flags); // lastIndex is state
        case "TemplateLiteral":
            return node.expressions.length === 0;
        case "Identifier":
        case "ArrowFunctionExpression":
        case "FunctionExpression":
            return true;
        case "UnaryExpression":
            return fixed(node.argument);
        case "CallExpression":
            return isFreeze(node) && node.arguments.length === 1 && frozen(node.arguments[0]);
        default:
            return false;
    }
}

// What Object.freeze makes constant: a literal whose every part is itself fixed.
function frozen(node) {
    if (node.type === "ArrayExpression") return node.elements.every((el) => el && fixed(el));
    if (node.type !== "ObjectExpression") return fixed(node);
    return node.properties.every((p) =>
        p.type === "SpreadElement" ? fixed(p.argument) : !p.computed && fixed(p.value),
    );
}

/** The top-level statements of `source` that hold or make module state. */
export function moduleState(source) {
    const found = [];
    const program = parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
    for (let node of program.body) {
        if (node.type === "ExportNamedDeclaration" && node.declaration) node = node.declaration;
        if (node.type === "ImportDeclaration" || node.type === "FunctionDeclaration") continue;
        if (node.type === "ExportNamedDeclaration" && !node.declaration) continue; // a re-export
        const line = node.loc.start.line;
        if (node.type !== "VariableDeclaration") {
            found.push(`line ${line}: ${node.type} runs at import`);
        } else if (node.kind !== "const") {
            found.push(`line ${line}: ${node.kind}`);
        } else {
            for (const d of node.declarations) {
                if (d.id.type !== "Identifier" || !d.init || !fixed(d.init)) {
                    found.push(`line ${line}: const ${d.id.name ?? "pattern"} can change`);
                }
            }
        }
    }
    return found;
}

for (const name of MODULES) {
    test(`static/${name} keeps no state at module level`, () => {
        assert.deepEqual(moduleState(readFileSync(new URL(name, STATIC), "utf8")), []);
    });
}

test("the check sees the state the motion layer once kept", () => {
    const old = [
        'import { IDS } from "./build/contract.mjs";',
        "let first = null;",
        "const flights = new Set();",
        "const BASE_MS = { play: 260 };",
        "const STEPS = Object.freeze([{ opacity: 0 }]);",
        'globalThis.heartsMotion = { first };',
        "export const count = (seat) => seat;",
        "const ok = Object.freeze({ a: 1, b: Object.freeze([1, 2]) });",
    ].join("\n");
    assert.deepEqual(moduleState(old), [
        "line 2: let",
        "line 3: const flights can change",
        "line 4: const BASE_MS can change",
        "line 5: const STEPS can change",
        "line 6: ExpressionStatement runs at import",
    ]);
});
