/**
 * A small XML writer for the e-Tax documents: elements are built as values and written out once, so no piece of
 * the shop's data (a buyer's name, an address, a refund reason) is ever pasted into markup. Every text and attribute
 * is escaped, and characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped:
 * a stray one in a pasted address would otherwise make the whole document unreadable to the Revenue Department.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string | null;
}

/** What an element holds: child elements, or nothing for an optional part the document leaves out. */
export type Child = XmlElement | null | undefined | false | readonly Child[];

const flatten = (children: readonly Child[]): XmlElement[] =>
  children.flatMap((child) => (Array.isArray(child) ? flatten(child) : child ? [child as XmlElement] : []));

/** An element with child elements (absent ones skipped). */
export function el(name: string, ...children: Child[]): XmlElement {
  return { name, attributes: {}, children: flatten(children), text: null };
}

/** An element holding text, with optional attributes. */
export function text(name: string, value: string, attributes: Record<string, string> = {}): XmlElement {
  return { name, attributes, children: [], text: value };
}

/** An optional text element: left out when there is nothing to say. */
export function maybeText(name: string, value: string | null | undefined): XmlElement | null {
  const cleaned = value === null || value === undefined ? '' : clean(value).trim();
  return cleaned ? text(name, cleaned) : null;
}

// Allowed in XML 1.0: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text with every character XML 1.0 cannot carry removed. */
export const clean = (value: string) => value.replace(FORBIDDEN, '');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Line breaks and tabs in an attribute would be normalised to spaces by a reader: keep them as references.
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...ESCAPES, '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

const escapeText = (value: string) => clean(value).replace(/[&<>\r]/g, (c) => (c === '\r' ? '&#13;' : ESCAPES[c]!));
const escapeAttribute = (value: string) => clean(value).replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;

function write(node: XmlElement, depth: number, out: string[]): void {
  if (!NAME.test(node.name)) throw new Error(`not an XML name: ${node.name}`);
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => {
      if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
      return ` ${name}="${escapeAttribute(value)}"`;
    })
    .join('');
  if (node.text !== null) {
    out.push(`${indent}<${node.name}${attributes}>${escapeText(node.text)}</${node.name}>`);
  } else if (node.children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}/>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const child of node.children) write(child, depth + 1, out);
    out.push(`${indent}</${node.name}>`);
  }
}

/** The document as UTF-8 text: the declaration, then the root with the namespaces it declares. */
export function serialize(root: XmlElement, namespaces: Record<string, string>): string {
  const declared: XmlElement = {
    ...root,
    attributes: {
      ...Object.fromEntries(Object.entries(namespaces).map(([prefix, uri]) => [`xmlns:${prefix}`, uri])),
      ...root.attributes,
    },
  };
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(declared, 0, out);
  return `${out.join('\n')}\n`;
}
