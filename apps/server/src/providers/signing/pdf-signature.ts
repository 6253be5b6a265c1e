import type { ShopSigner } from '../../lib/shop-signer.js';
import { detachedCms } from './cms.js';

/** Room for the CMS in /Contents: a 4096-bit signature and a chain of a few certificates fit well within it. */
const CONTENTS_BYTES = 16_384;
/** /ByteRange's four numbers, each written in this many characters so the dictionary never moves once written. */
const NUMBER_WIDTH = 10;

export interface PdfSignatureOptions {
  /** Why the document is signed, shown by PDF readers. */
  reason?: string;
  /** When it is signed (the signature's /M); now by default. */
  at?: Date;
}

/**
 * Signs a PDF (PAdES baseline B-B: /Type /Sig, /SubFilter /ETSI.CAdES.detached, a detached CMS over the /ByteRange)
 * with an incremental update: the original bytes stay first and unchanged, so a PDF/A-3 and its attachments remain
 * what they were, and the update adds an invisible signature field on the first page, the catalog's /AcroForm,
 * a new cross-reference section and trailer. Reads PDFs with classic cross-reference tables (what Typst writes).
 */
export async function signPdf(pdf: Buffer, signer: ShopSigner, options: PdfSignatureOptions = {}): Promise<Buffer> {
  const file = new PdfObjects(pdf);
  const rootRef = file.trailerRef('Root');
  const catalog = file.object(rootRef);
  if (/\/AcroForm\b/.test(catalog)) throw new Error('signPdf: the PDF already has a form; signing it is not supported');
  const pageRef = file.firstPage(rootRef);
  const page = file.object(pageRef);

  let next = file.size;
  const fieldRef = next++;
  const signatureRef = next++;
  const updates = new Map<number, string>();
  updates.set(rootRef, beforeDictEnd(catalog, `/AcroForm << /Fields [${fieldRef} 0 R] /SigFlags 3 >>`));
  const annots = page.match(/\/Annots\s*(\[|(\d+)\s+0\s+R)/);
  if (!annots) {
    updates.set(pageRef, beforeDictEnd(page, `/Annots [${fieldRef} 0 R]`));
  } else if (annots[2]) {
    const arrayRef = Number(annots[2]);
    updates.set(arrayRef, file.object(arrayRef).replace('[', `[${fieldRef} 0 R `));
  } else {
    updates.set(pageRef, page.replace(annots[0], `${annots[0]}${fieldRef} 0 R `));
  }
  // An invisible signature: a widget of no size, printed and locked (F 132), as PDF/A allows.
  updates.set(
    fieldRef,
    `<< /Type /Annot /Subtype /Widget /FT /Sig /F 132 /Rect [0 0 0 0] /T ${pdfText('Signature1')} ` +
      `/P ${pageRef} 0 R /V ${signatureRef} 0 R >>`,
  );
  const placeholder = `/ByteRange [${Array(4).fill('0'.padStart(NUMBER_WIDTH, '0')).join(' ')}]`;
  updates.set(
    signatureRef,
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ${placeholder} ` +
      `/Contents <${'0'.repeat(CONTENTS_BYTES * 2)}> /M ${pdfText(pdfDate(options.at ?? new Date()))} ` +
      `/Name ${pdfText(signer.subject)}${options.reason ? ` /Reason ${pdfText(options.reason)}` : ''} >>`,
  );

  const updated = file.appendUpdate(updates, next);
  const text = updated.toString('latin1');
  const signatureAt = text.lastIndexOf(`\n${signatureRef} 0 obj`);
  const contentsStart = text.indexOf('/Contents <', signatureAt) + '/Contents '.length;
  const contentsEnd = contentsStart + CONTENTS_BYTES * 2 + 2;
  const range = [0, contentsStart, contentsEnd, updated.length - contentsEnd];
  const byteRange = `/ByteRange [${range.map((n) => String(n).padEnd(NUMBER_WIDTH, ' ')).join(' ')}]`;
  updated.write(byteRange, text.indexOf(placeholder, signatureAt), 'latin1');

  const signed = Buffer.concat([updated.subarray(0, contentsStart), updated.subarray(contentsEnd)]);
  const cms = await detachedCms(signed, signer);
  if (cms.length > CONTENTS_BYTES) throw new Error(`signPdf: the signature (${cms.length} bytes) does not fit`);
  updated.write(cms.toString('hex').toUpperCase(), contentsStart + 1, 'latin1');
  return updated;
}

/** A dictionary object's text with `entry` added before its closing `>>`. */
function beforeDictEnd(object: string, entry: string): string {
  const end = object.lastIndexOf('>>');
  if (end < 0) throw new Error('signPdf: expected a dictionary');
  return `${object.slice(0, end)} ${entry} ${object.slice(end)}`;
}

/** A PDF text string: UTF-16BE with its byte order mark, as hex, so Thai names read right. */
function pdfText(value: string): string {
  const utf16 = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/** A PDF date in UTC: D:YYYYMMDDHHmmSSZ. */
function pdfDate(at: Date): string {
  return `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/**
 * The objects of a PDF with classic cross-reference tables, read through its trailers from the last update back,
 * so the newest version of each object is the one found.
 */
class PdfObjects {
  private readonly text: string;
  private readonly offsets = new Map<number, number>();
  private readonly trailer: string;
  private readonly startxref: number;
  readonly size: number;

  constructor(private readonly pdf: Buffer) {
    this.text = pdf.toString('latin1');
    const last = this.text.lastIndexOf('startxref');
    const start = Number(this.text.slice(last + 'startxref'.length).match(/\d+/)?.[0] ?? Number.NaN);
    if (last < 0 || Number.isNaN(start)) throw new Error('signPdf: not a PDF (no startxref)');
    this.startxref = start;
    let at: number | undefined = start;
    let newest: string | undefined;
    while (at !== undefined) {
      const trailer = this.readXref(at);
      newest ??= trailer;
      const prev = trailer.match(/\/Prev\s+(\d+)/);
      at = prev ? Number(prev[1]) : undefined;
    }
    this.trailer = newest ?? '';
    this.size = Number(this.trailer.match(/\/Size\s+(\d+)/)?.[1] ?? Number.NaN);
    if (Number.isNaN(this.size)) throw new Error('signPdf: the trailer has no /Size');
  }

  /** Reads the cross-reference section at `at` (keeping offsets not already known) and returns its trailer. */
  private readXref(at: number): string {
    if (!this.text.startsWith('xref', at)) {
      throw new Error('signPdf: only PDFs with classic cross-reference tables can be signed (no xref streams)');
    }
    const trailerAt = this.text.indexOf('trailer', at);
    const lines = this.text
      .slice(at + 4, trailerAt)
      .trim()
      .split(/\r\n|\r|\n/);
    for (let i = 0; i < lines.length; ) {
      const [first, count] = (lines[i] ?? '').trim().split(/\s+/).map(Number);
      i++;
      for (let n = 0; n < (count ?? 0); n++, i++) {
        const [offset, , kind] = (lines[i] ?? '').trim().split(/\s+/);
        const number = (first ?? 0) + n;
        if (kind === 'n' && !this.offsets.has(number)) this.offsets.set(number, Number(offset));
      }
    }
    const end = this.text.indexOf('startxref', trailerAt);
    return this.text.slice(trailerAt, end);
  }

  /** An object's number that the newest trailer names, e.g. /Root. */
  trailerRef(key: string): number {
    const ref = this.trailer.match(new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`));
    if (!ref) throw new Error(`signPdf: the trailer has no /${key}`);
    return Number(ref[1]);
  }

  /** The text between `N 0 obj` and `endobj` of a dictionary or array object. */
  object(number: number): string {
    const offset = this.offsets.get(number);
    if (offset === undefined) throw new Error(`signPdf: object ${number} is not in the cross-reference table`);
    const header = this.text.slice(offset).match(/^\s*\d+\s+\d+\s+obj\b/);
    if (!header) throw new Error(`signPdf: object ${number} is not where the cross-reference table says`);
    const start = offset + header[0].length;
    const end = this.text.indexOf('endobj', start);
    const body = this.text.slice(start, end).trim();
    // A stream's body would end with its data: only dictionaries and arrays are edited here.
    if (!/(>>|\])$/.test(body)) throw new Error(`signPdf: object ${number} is not a dictionary or an array`);
    return body;
  }

  /** The first page of the document, down the page tree from the catalog. */
  firstPage(rootRef: number): number {
    let ref = Number(this.object(rootRef).match(/\/Pages\s+(\d+)\s+0\s+R/)?.[1] ?? Number.NaN);
    for (let depth = 0; depth < 32 && !Number.isNaN(ref); depth++) {
      const node = this.object(ref);
      if (!/\/Type\s*\/Pages\b/.test(node)) return ref;
      ref = Number(node.match(/\/Kids\s*\[\s*(\d+)\s+0\s+R/)?.[1] ?? Number.NaN);
    }
    throw new Error('signPdf: the PDF has no page');
  }

  /** The PDF with `objects` (new or replacing, by number) appended as an incremental update. */
  appendUpdate(objects: Map<number, string>, size: number): Buffer {
    const separator = this.pdf.at(-1) === 0x0a ? '' : '\n';
    const parts: string[] = [separator];
    let offset = this.pdf.length + separator.length;
    const entries: [number, number][] = [];
    for (const [number, body] of [...objects].sort(([a], [b]) => a - b)) {
      const object = `${number} 0 obj\n${body}\nendobj\n`;
      entries.push([number, offset]);
      parts.push(object);
      offset += Buffer.byteLength(object, 'latin1');
    }
    const xref = ['xref', ...entries.map(([n, at]) => `${n} 1\n${String(at).padStart(10, '0')} 00000 n\r`)].join('\n');
    const keep = ['Root', 'Info']
      .map((key) => this.trailer.match(new RegExp(`/${key}\\s+\\d+\\s+0\\s+R`))?.[0])
      .filter(Boolean)
      .join(' ');
    const id = this.trailer.match(/\/ID\s*\[[^\]]*\]/)?.[0] ?? '';
    parts.push(
      `${xref}\ntrailer\n<< /Size ${size} ${keep} ${id} /Prev ${this.startxref} >>\nstartxref\n${offset}\n%%EOF\n`,
    );
    return Buffer.concat([this.pdf, Buffer.from(parts.join(''), 'latin1')]);
  }
}
