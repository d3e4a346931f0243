// The renderer's markup only: a stored region is parsed inert (a <template>)
// and painted only if every element in it is one hearts/web/markup.py allows (MARKUP),
// and every text in it, each text node and aria-label, a phrase of the picture's language
// (PHRASES, hearts/web/phrases.py), so it can say nothing the game does not: whatever
// can write the save can write a picture that fits it, so its words are what is checked.
import { MARKUP, PHRASES } from "../build/contract.mjs";
import { own } from "./records.mjs";

const NAMESPACES = { html: "http://www.w3.org/1999/xhtml", svg: "http://www.w3.org/2000/svg" };
export const whole = (pattern) => new RegExp(`^(?:${pattern})$`);
const VALUES = new Map(Object.entries(MARKUP.attributes).map(([name, p]) => [name, whole(p)]));
const CLASS_NAME = whole(MARKUP.classes);

// A text as the phrases hold it (hearts/web/phrases.py shape): ASCII white space trimmed,
// its own # and \ escaped by a \, then each number of up to 3 digits as #.
const shape = (text) =>
    text
        .replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, "")
        .replace(/[\\#]/g, "\\$&")
        .replace(/[0-9]{1,3}/g, "#");

// lang -> whether a text could be one of a table drawn in that language.
export function wording(lang) {
    const phrases = new Set(own(PHRASES, lang) ? PHRASES[lang] : []);
    return (text) => phrases.has(shape(text));
}

function allowedElement(element, said) {
    const tag = element.localName;
    if (!own(MARKUP.tags, tag) || element.namespaceURI !== NAMESPACES[MARKUP.tags[tag]]) return false;
    for (const { name, value } of element.attributes) {
        const pattern = VALUES.get(name);
        if (!pattern || !pattern.test(value)) return false;
        if (own(MARKUP.onlyOn, name) && MARKUP.onlyOn[name] !== tag) return false;
        if (name === "aria-label" && !said(value)) return false;
        if (name === "class" && !value.split(/\s+/).every((c) => !c || CLASS_NAME.test(c))) {
            return false;
        }
    }
    return true;
}

// Stored HTML as inert nodes (a template's content loads, runs and follows nothing), or
// null if anything in it is not the renderer's: only its elements, and its words
// (said: wording(lang)).
export function fragment(html, said) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE && said(node.data)) continue;
        if (node.nodeType !== Node.ELEMENT_NODE || !allowedElement(node, said)) return null;
    }
    return template.content;
}
