// The renderer's markup only (issue 20): a stored region is parsed inert (a <template>)
// and painted only if every element in it is one hearts/web/markup.py allows (MARKUP).
import { MARKUP } from "../build/contract.mjs";
import { own } from "./records.mjs";

const NAMESPACES = { html: "http://www.w3.org/1999/xhtml", svg: "http://www.w3.org/2000/svg" };
export const whole = (pattern) => new RegExp(`^(?:${pattern})$`);
const VALUES = new Map(Object.entries(MARKUP.attributes).map(([name, p]) => [name, whole(p)]));
const CLASS_NAME = whole(MARKUP.classes);

function allowedElement(element) {
    const tag = element.localName;
    if (!own(MARKUP.tags, tag) || element.namespaceURI !== NAMESPACES[MARKUP.tags[tag]]) return false;
    for (const { name, value } of element.attributes) {
        const pattern = VALUES.get(name);
        if (!pattern || !pattern.test(value)) return false;
        if (own(MARKUP.onlyOn, name) && MARKUP.onlyOn[name] !== tag) return false;
        if (name === "class" && !value.split(/\s+/).every((c) => !c || CLASS_NAME.test(c))) {
            return false;
        }
    }
    return true;
}

// Stored HTML as inert nodes (a template's content loads, runs and follows nothing), or
// null if anything in it is not the renderer's: only its elements, and text.
export function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) continue;
        if (node.nodeType !== Node.ELEMENT_NODE || !allowedElement(node)) return null;
    }
    return template.content;
}
