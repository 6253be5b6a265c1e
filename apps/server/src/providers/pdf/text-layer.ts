import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Mends the text layer of a Typst PDF, so a PDF copies and searches as it was typed.
 *
 * Typst (0.14, in typst-ts 0.7) cuts a run of glyphs wherever a glyph's vertical offset changes, and gives each part
 * the text of every cluster it touches. A Thai cluster whose mark is raised by the font's mark positioning (a tone
 * mark stacked on an upper vowel, as in เพิ่ม, ทั้ง, ปั้น; ษ with ั) is cut between its base and the mark, and both
 * parts carry the whole cluster: `pdftotext` and copy-paste give "เพิ่พิ่ม" though the page shows เพิ่ม. What is
 * drawn is right; only the text readers take from it repeats.
 *
 * The part that repeats is always the same: a run that starts with zero-width glyphs (marks) whose text is the very
 * cluster the previous run ended with. Those glyphs are wrapped in a marked-content span whose /ActualText is empty
 * (PDF 32000-1 §14.9.4), so readers take the cluster's text once, from its base; the glyphs are drawn unchanged.
 * The new content streams are appended as an incremental update; nothing else in the file moves.
 */
export function mendTextLayer(pdf: Buffer): Buffer {
  const file = new PdfFile(pdf);
  const updates = new Map<number, Buffer>();
  for (const page of file.pages()) {
    const fonts = new Map<string, FontText>();
    for (const [name, ref] of page.fonts) fonts.set(name, file.fontText(ref));
    for (const ref of page.contents) {
      const mended = mendContent(file.streamData(ref), fonts);
      if (mended) updates.set(ref, mended);
    }
  }
  return updates.size ? file.withStreams(updates) : pdf;
}

/** What a font's glyphs say (its ToUnicode map) and how wide they are (its /W array), by glyph id. */
interface FontText {
  text: Map<number, string>;
  width: (glyph: number) => number;
}

// Combining marks: only a cluster with one can be cut in two.
const MARK = /\p{M}/u;

/** The content stream with its repeated clusters silenced, or undefined when it has none. */
function mendContent(content: Buffer, fonts: Map<string, FontText>): Buffer | undefined {
  const source = content.toString('latin1');
  const edits: { at: number; end: number; text: string }[] = [];
  let font: FontText | undefined;
  // The text of what was last shown, and whether the current text object has shown nothing yet.
  let previous = '';
  let runStart = true;
  // An open /ActualText span: its text, where its dictionary is, and whether all its glyphs are zero-width marks.
  let span: { text: string; dictAt: number; dictEnd: number; marks: boolean; runStart: boolean } | undefined;
  let depth = 0;
  let spanDepth = -1;

  for (const op of operations(source)) {
    switch (op.operator) {
      case 'BT':
        runStart = true;
        break;
      case 'Tf': {
        const name = op.operands[0];
        font = name?.kind === 'name' ? fonts.get(name.value ?? '') : undefined;
        break;
      }
      case 'BMC':
        depth++;
        break;
      case 'BDC': {
        depth++;
        const dict = op.operands[1];
        const actual = dict?.kind === 'dict' ? /\/ActualText\s*<([0-9A-Fa-f]*)>/.exec(dict.raw) : null;
        if (actual && dict) {
          span = { text: utf16(actual[1] ?? ''), dictAt: dict.at, dictEnd: dict.end, marks: true, runStart };
          spanDepth = depth;
        }
        break;
      }
      case 'EMC':
        if (span && depth === spanDepth) {
          if (span.runStart && span.marks && span.text === previous && MARK.test(span.text)) {
            edits.push({ at: span.dictAt, end: span.dictEnd, text: '<< /ActualText <FEFF> >>' });
          } else {
            previous = span.text;
            runStart = false;
          }
          span = undefined;
          spanDepth = -1;
        }
        depth--;
        break;
      case 'Tj':
      case 'TJ': {
        if (!font) break;
        const shown = op.operands[0];
        if (!shown) break;
        const items = shown.kind === 'array' ? shown.items : [shown];
        if (span) {
          for (const item of items) {
            if (item.kind === 'string') for (const glyph of glyphs(item.raw)) span.marks &&= font.width(glyph) === 0;
          }
          break;
        }
        // The leading marks that repeat the cluster before them, as the TJ items they take.
        let silenced = 0;
        let repeating = runStart;
        for (const [index, item] of items.entries()) {
          if (item.kind !== 'string') continue;
          for (const glyph of glyphs(item.raw)) {
            const text = font.text.get(glyph) ?? '';
            if (repeating && font.width(glyph) === 0 && text === previous && MARK.test(text)) continue;
            repeating = false;
            previous = text;
            runStart = false;
          }
          if (repeating) silenced = index + 1;
        }
        if (silenced === 0) break;
        // A glyph string is split no finer than the TJ item: Typst writes the repeated mark as an item of its own.
        const raw = (from: number, to: number) => items.slice(from, to).map((item) => item.raw);
        const quiet = `/Span << /ActualText <FEFF> >> BDC [${raw(0, silenced).join(' ')}] TJ EMC`;
        const rest = silenced < items.length ? ` [${raw(silenced, items.length).join(' ')}] TJ` : '';
        edits.push({ at: op.at, end: op.end, text: quiet + rest });
        break;
      }
    }
  }
  if (edits.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const edit of edits.sort((a, b) => a.at - b.at)) {
    out += source.slice(at, edit.at) + edit.text;
    at = edit.end;
  }
  return Buffer.from(out + source.slice(at), 'latin1');
}

/** Two-byte glyph ids of an Identity-H string operand (`<0012>` or a literal string). */
function glyphs(raw: string): number[] {
  const bytes = raw.startsWith('<') ? Buffer.from(raw.slice(1, -1).replace(/\s+/g, ''), 'hex') : literal(raw);
  const ids: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) ids.push(bytes.readUInt16BE(i));
  return ids;
}

/** The bytes of a literal string `(...)`, escapes resolved. */
function literal(raw: string): Buffer {
  const body = raw.slice(1, -1);
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const next = body[++i] ?? '';
    if (next in escapes) bytes.push(escapes[next] as number);
    else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0] ?? next;
      bytes.push(Number.parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else if (next !== '\n' && next !== '\r') bytes.push(next.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

const utf16 = (hex: string) => {
  const bytes = Buffer.from(hex, 'hex');
  const body = bytes[0] === 0xfe && bytes[1] === 0xff ? bytes.subarray(2) : bytes;
  return Buffer.from(body).swap16().toString('utf16le');
};

// ---- Content stream tokens --------------------------------------------------------------------------------------

type Operand =
  | { kind: 'number' | 'name' | 'string' | 'dict' | 'other'; raw: string; value?: string; at: number; end: number }
  | { kind: 'array'; raw: string; items: Operand[]; at: number; end: number };

interface Operation {
  operator: string;
  operands: Operand[];
  /** Where its first operand starts and where its operator ends. */
  at: number;
  end: number;
}

const WHITE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%\0\t\n\f\r ]/;

/** The operations of a content stream, each with its operands and where it sits in the text. */
function* operations(source: string): Generator<Operation> {
  let i = 0;
  let operands: Operand[] = [];
  let start = -1;

  const skip = () => {
    while (i < source.length) {
      const c = source[i] as string;
      if (WHITE.test(c)) i++;
      else if (c === '%') while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
      else break;
    }
  };
  const token = (): Operand | string | undefined => {
    skip();
    if (i >= source.length) return undefined;
    const at = i;
    const c = source[i] as string;
    if (c === '(') {
      let level = 0;
      for (; i < source.length; i++) {
        const d = source[i];
        if (d === '\\') i++;
        else if (d === '(') level++;
        else if (d === ')' && --level === 0) break;
      }
      i++;
      return { kind: 'string', raw: source.slice(at, i), at, end: i };
    }
    if (c === '<' && source[i + 1] === '<') {
      let level = 0;
      while (i < source.length) {
        if (source.startsWith('<<', i)) {
          level++;
          i += 2;
        } else if (source.startsWith('>>', i)) {
          level--;
          i += 2;
          if (level === 0) break;
        } else if (source[i] === '(') {
          token();
        } else i++;
      }
      return { kind: 'dict', raw: source.slice(at, i), at, end: i };
    }
    if (c === '<') {
      i = source.indexOf('>', i) + 1;
      return { kind: 'string', raw: source.slice(at, i), at, end: i };
    }
    if (c === '[') {
      i++;
      const items: Operand[] = [];
      for (;;) {
        skip();
        if (source[i] === ']' || i >= source.length) break;
        const item = token();
        if (item === undefined) break;
        if (typeof item !== 'string') items.push(item);
      }
      i++;
      return { kind: 'array', raw: source.slice(at, i), items, at, end: i };
    }
    if (c === '/') {
      i++;
      while (i < source.length && !DELIMITER.test(source[i] as string)) i++;
      return { kind: 'name', raw: source.slice(at, i), value: source.slice(at + 1, i), at, end: i };
    }
    while (i < source.length && !DELIMITER.test(source[i] as string)) i++;
    if (i === at) {
      i++;
      return { kind: 'other', raw: c, at, end: i };
    }
    const word = source.slice(at, i);
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? { kind: 'number', raw: word, at, end: i } : word;
  };

  for (;;) {
    skip();
    const at = i;
    const next = token();
    if (next === undefined) return;
    if (typeof next === 'string') {
      yield { operator: next, operands, at: start === -1 ? at : start, end: i };
      operands = [];
      start = -1;
    } else {
      if (start === -1) start = at;
      operands.push(next);
    }
  }
}

// ---- The file ---------------------------------------------------------------------------------------------------

interface Page {
  contents: number[];
  fonts: [string, number][];
}

/** Just enough of a PDF as Typst writes it: a classic cross-reference table, objects outside object streams. */
class PdfFile {
  private readonly text: string;
  private readonly offsets = new Map<number, number>();

  constructor(private readonly bytes: Buffer) {
    this.text = bytes.toString('latin1');
    for (const match of this.text.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g)) {
      this.offsets.set(Number(match[1]), match.index + match[0].length);
    }
  }

  /** The text of an object up to its stream or its end. */
  private object(ref: number): string {
    const at = this.offsets.get(ref);
    if (at === undefined) throw new Error(`PDF object ${ref} not found`);
    const end = this.text.indexOf('endobj', at);
    const stream = this.text.indexOf('stream', at);
    return this.text.slice(at, stream !== -1 && stream < end ? stream : end);
  }

  /** A value that may be an indirect reference, resolved. */
  private resolve(value: string): string {
    const ref = /^\s*(\d+) 0 R/.exec(value);
    return ref ? this.object(Number(ref[1])) : value;
  }

  streamData(ref: number): Buffer {
    const head = this.object(ref);
    const at = (this.offsets.get(ref) as number) + head.length + 'stream'.length;
    const start = this.text[at] === '\r' ? at + 2 : at + 1;
    const length = Number(this.resolve(/\/Length\s+(\d+(?: 0 R)?)/.exec(head)?.[1] ?? '0'));
    const data = this.bytes.subarray(start, start + length);
    return /\/Filter\s*\/FlateDecode/.test(head) ? inflateSync(data) : Buffer.from(data);
  }

  *pages(): Generator<Page> {
    for (const ref of this.offsets.keys()) {
      const page = this.object(ref);
      if (!/\/Type\s*\/Page\b(?!s)/.test(page)) continue;
      const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? '';
      const resources = this.resolve(/\/Resources\s*(\d+ 0 R|<<[\s\S]*)/.exec(page)?.[1] ?? '');
      const fontDict = this.resolve(/\/Font\s*(\d+ 0 R|<<[^>]*>>)/.exec(resources)?.[1] ?? '');
      yield {
        contents: [...contents.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1])),
        fonts: [...fontDict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+) 0 R/g)].map((m) => [m[1] as string, Number(m[2])]),
      };
    }
  }

  fontText(ref: number): FontText {
    const font = this.object(ref);
    const text = new Map<number, string>();
    const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(font)?.[1];
    if (toUnicode) {
      const cmap = this.streamData(Number(toUnicode)).toString('latin1');
      for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
        for (const [, glyph, unicode] of (body ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
          text.set(Number.parseInt(glyph as string, 16), utf16(unicode as string));
        }
      }
      for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
        for (const [, from, to, unicode] of (body ?? '').matchAll(
          /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g,
        )) {
          const base = utf16(unicode as string);
          for (let glyph = Number.parseInt(from as string, 16); glyph <= Number.parseInt(to as string, 16); glyph++) {
            const offset = glyph - Number.parseInt(from as string, 16);
            text.set(glyph, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + offset));
          }
        }
      }
    }
    const descendant = /\/DescendantFonts\s*\[\s*(\d+) 0 R/.exec(font)?.[1];
    const cidFont = descendant ? this.object(Number(descendant)) : '';
    const fallback = Number(/\/DW\s+(\d+)/.exec(cidFont)?.[1] ?? 1000);
    const widths = new Map<number, number>();
    const w = /\/W\s*\[([\s\S]*?)\]\s*(?:\/|>>)/.exec(cidFont)?.[1] ?? '';
    for (const [, first, list, last, width] of `${w}]`.matchAll(/(\d+)\s*(?:\[([^\]]*)\]|(\d+)\s+([\d.]+))/g)) {
      if (list !== undefined) {
        for (const [offset, value] of list.trim().split(/\s+/).entries())
          widths.set(Number(first) + offset, Number(value));
      } else {
        for (let glyph = Number(first); glyph <= Number(last); glyph++) widths.set(glyph, Number(width));
      }
    }
    return { text, width: (glyph) => widths.get(glyph) ?? fallback };
  }

  /** The file with these streams replaced, as an incremental update (PDF 32000-1 §7.5.6). */
  withStreams(streams: Map<number, Buffer>): Buffer {
    const trailer = this.text.slice(this.text.lastIndexOf('trailer'));
    const previous = /startxref\s+(\d+)/.exec(trailer)?.[1];
    const entries = ['/Size', '/Root', '/Info', '/ID'].flatMap((key) => {
      const value = new RegExp(`\\${key}\\s+(\\d+ 0 R|\\d+|\\[[^\\]]*\\])`).exec(trailer)?.[1];
      return value ? [`${key} ${value}`] : [];
    });
    const parts: Buffer[] = [this.bytes, Buffer.from('\n')];
    let offset = this.bytes.length + 1;
    const xref: string[] = [];
    for (const [ref, data] of [...streams].sort(([a], [b]) => a - b)) {
      const compressed = deflateSync(data);
      const head = Buffer.from(`${ref} 0 obj\n<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`);
      const tail = Buffer.from('\nendstream\nendobj\n');
      xref.push(`${ref} 1\n${String(offset).padStart(10, '0')} 00000 n \n`);
      parts.push(head, compressed, tail);
      offset += head.length + compressed.length + tail.length;
    }
    parts.push(
      Buffer.from(
        `xref\n${xref.join('')}trailer\n<< ${entries.join(' ')} /Prev ${previous} >>\nstartxref\n${offset}\n%%EOF\n`,
      ),
    );
    return Buffer.concat(parts);
  }
}
