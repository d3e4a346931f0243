#!/usr/bin/env node
// The court figures of the cards: one SVG sprite,
// dist/static/build/courts.svg, made from the npm package @letele/playing-cards (pinned in
// package.json / package-lock.json; CC0-1.0, Adrian Kennard's English-pattern deck).
//
//   node scripts/build_courts.mjs --out dist/static/build
//
// The package ships its 54 cards as React components (one ES module). Nothing of React is
// needed: the module's text is run with a createElement that builds a plain tree, and of
// the twelve court cards only the framed figure is kept (the layers of the double-ended
// picture and its frame). The game draws everything else itself, as for the other cards:
// the card, its corner indices (the rank letter of the player's language) and the suit
// marks in the frame (static/css/hearts/35-courts.css), so that these follow the suit's
// colour (currentColor). The figures sit side by side in one file (one request, cached by
// the service worker's precache like every file of static/); the stylesheet shows the
// twelfth part a card needs. Coordinates are rounded to one decimal of the figure's
// 1300 x 2000 drawing (an eighth of a pixel of a 104 px card): a third fewer bytes.
// The four-colour deck (U11) has a second sprite, courts-4.svg: the six club and diamond
// figures again, their suit marks (the pips the figure wears and holds) in the deck's green
// and blue, read from static/css/hearts/35-options.css; every other ink is the deck's own.
// It is loaded only when the four-colour deck is on (the stylesheet's background).
// No dependencies beyond Node itself.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGE = join(ROOT, "node_modules", "@letele", "playing-cards");
const outArg = process.argv.indexOf("--out");
const OUT = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(ROOT, "dist", "static", "build");

// The sprite's order: hearts/web/render/card_html.py names a figure "fig-<rank><suit>" and
// the stylesheet places the sprite by this order (static/css/hearts/35-courts.css).
export const FIGURES = ["J", "Q", "K"].flatMap((rank) => ["C", "D", "H", "S"].map((suit) => rank + suit));
// The framed figure in the package's card coordinates (viewBox -120 -168 240 336).
const FRAME = { x: -82.4, y: -130.4, width: 164.8, height: 260.8 };
const MARGIN = 0.6; // half the frame's stroke
const CREDIT = (meta) => `Court figures from ${meta.name} ${meta.version} (${meta.license}), ` +
    "after Adrian Kennard's SVG playing cards (www.me.uk/cards)";
// The figures whose suit mark the deck draws at the top left of the frame (the others: top
// right); static/css/hearts/35-courts.css places the game's suit mark the same way.
const FLIPPED = new Set(["KC", "KD", "QH", "KH", "JS", "KS"]);
// The four-colour sprite's figures, in this order (static/css/hearts/35-options.css).
export const FOUR = FIGURES.filter((code) => "CD".includes(code[1]));
const OPTIONS_CSS = join(ROOT, "static", "css", "hearts", "35-options.css");

function fail(message) {
    console.error(`build_courts: ${message}`);
    process.exit(1);
}

// The four-colour deck's inks per suit, as the stylesheet sets them for the corners and pips
// (the one place they are written): {C: "#08702d", D: "#0a4fc4"}.
export function fourColourInks(css = readFileSync(OPTIONS_CSS, "utf8")) {
    const block = css.match(/:root\[data-deck="four"\]\s*\{([^}]*)\}/)?.[1] ?? "";
    const inks = Object.fromEntries([...block.matchAll(/--suit-([CD]):\s*(#[0-9a-fA-F]{3,6})\b/g)]
        .map(([, suit, ink]) => [suit, ink]));
    if (!inks.C || !inks.D) fail(`${OPTIONS_CSS} sets no four-colour --suit-C and --suit-D`);
    return inks;
}

const meta = () => JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));

function components() {
    const { version, module } = meta();
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const pinned = lock.packages["node_modules/@letele/playing-cards"]?.version;
    if (version !== pinned) fail(`node_modules has ${version}, the lock ${pinned}: run npm ci`);
    const source = readFileSync(join(PACKAGE, module), "utf8")
        .replace(/^import .*$/gm, "") // React and Babel's _extends: given below
        .replace(/^export \{([^}]*)\};?\s*$/m, (_, names) => `return {${names.replace(/(\w+) as (\w+)/g, "$2: $1")}};`);
    const React = { createElement: (tag, props, ...children) => ({ tag, props: props ?? {}, children }) };
    return new Function("React", "_extends", source)(React, Object.assign);
}

const ATTRIBUTE = { className: null, xmlns: null, xmlnsXlink: null, title: null, xlinkHref: "href" };
const CAMEL = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const attributeName = (name) =>
    name in ATTRIBUTE ? ATTRIBUTE[name] : CAMEL.has(name) ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// Numbers with more than one decimal, rounded to one. Path data runs numbers together
// ("1.5.05" is 1.5 and 0.05, "3-.25" is 3 and -0.25): a rounded number that lost its point
// or its sign is kept apart from its neighbours by a space.
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g;
function rounded(text) {
    return text.replace(NUMBER, (number, at, whole) => {
        if (!/\.\d{2}/.test(number) || number.includes("e")) return number;
        let short = String(Number(Number(number).toFixed(1))).replace(/^(-?)0\./, "$1.");
        if (short === "-0") short = "0";
        if (/^\d/.test(short) && /[\d.]/.test(whole[at - 1] ?? "")) short = ` ${short}`;
        if (!short.includes(".") && whole[at + number.length] === ".") short = `${short} `;
        return short;
    });
}

function serialise(node) {
    if (node === null || node === undefined || node === false) return "";
    if (typeof node !== "object") return String(node);
    const attrs = Object.entries(node.props)
        .filter(([name, value]) => value !== undefined && value !== null && attributeName(name) && !name.startsWith("aria"))
        .map(([name, value]) => ` ${attributeName(name)}="${rounded(String(value))}"`)
        .join("");
    return `<${node.tag}${attrs}>${node.children.map(serialise).join("")}</${node.tag}>`;
}

const children = (node) => node.children.filter((child) => child && typeof child === "object");
const href = (node) => node.props.xlinkHref?.slice(1);

// The ids a node refers to, its own and its children's.
function references(node, into = new Set()) {
    if (href(node)) into.add(href(node));
    for (const child of children(node)) references(child, into);
    return into;
}

// The same definition with its paths filled with another ink.
const inked = (node, ink) => ({
    ...node,
    props: node.tag === "path" ? { ...node.props, fill: ink } : node.props,
    children: node.children.map((child) => (child && typeof child === "object" ? inked(child, ink) : child)),
});

// One card's figure: the picture's layers (drawn into the frame) and the frame itself,
// with the definitions they use; not the card, the indices or the suit marks. With an
// ink, the suit's mark (the symbol the card's large suit mark draws) is filled with it.
function figure(card, index, code, ink) {
    const svg = card({});
    const top = children(svg);
    const defs = top.find((node) => node.tag === "defs");
    const kept = top.filter((node) =>
        node.tag === "use" && (node.props.width === FRAME.width || node.props.width === undefined));
    if (kept.length < 3) fail(`figure ${code}: the package's drawing changed (${kept.length} layers)`);
    // The large suit mark: the first use of the card's size that is neither a layer nor an index.
    const mark = top.find((node) => node.tag === "use" && node.props.width > 50 && node.props.width < 60);
    if (!mark || (mark.props.x < 0) !== FLIPPED.has(code)) {
        fail(`figure ${code}: the deck draws its suit mark elsewhere than FLIPPED says`);
    }
    const byId = new Map(children(defs).map((node) => [node.props.id, node]));
    const needed = new Set();
    const visit = (id) => {
        if (needed.has(id) || !byId.has(id)) return;
        needed.add(id);
        for (const next of references(byId.get(id))) visit(next);
    };
    for (const node of kept) for (const id of references(node)) visit(id);
    const used = children(defs)
        .filter((node) => needed.has(node.props.id))
        .map((node) => (ink && node.props.id === href(mark) ? inked(node, ink) : node));
    if (ink && !used.some((node) => node.props.id === href(mark))) fail(`figure ${code} wears no suit mark`);
    const shift = index * (FRAME.width + 2 * MARGIN);
    return `<g transform="translate(${rounded(shift.toFixed(2))})"><defs>${used.map(serialise).join("")}</defs>` +
        `${kept.map(serialise).join("")}</g>`;
}

// The figures side by side; with inks (per suit), their suit marks in those.
function sprite(codes = FIGURES, inks = {}) {
    const deck = components();
    const parts = codes.map((code, index) => {
        const name = code[1] + code[0].toLowerCase(); // the package's names: Sq, Hk, Dj ...
        if (typeof deck[name] !== "function") fail(`the package has no card ${name}`);
        return figure(deck[name], index, code, inks[code[1]]);
    });
    const width = codes.length * (FRAME.width + 2 * MARGIN);
    const viewBox = [FRAME.x - MARGIN, FRAME.y - MARGIN, width, FRAME.height + 2 * MARGIN]
        .map((n) => rounded(n.toFixed(2)))
        .join(" ");
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" preserveAspectRatio="none">` +
        `<!-- ${CREDIT(meta())} -->${parts.join("")}</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    mkdirSync(OUT, { recursive: true });
    for (const [file, codes, inks] of [["courts.svg", FIGURES, {}], ["courts-4.svg", FOUR, fourColourInks()]]) {
        const text = sprite(codes, inks);
        writeFileSync(join(OUT, file), text);
        console.log(`wrote ${join(OUT, file)}: ${codes.length} court figures, ${(text.length / 1e3).toFixed(0)} kB`);
    }
}
