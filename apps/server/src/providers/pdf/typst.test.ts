import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { pdfLines, pdfText } from '../../../test/pdf-text.js';
import { pdfTemplate } from './pdf.js';
import { typstPdf } from './typst.js';

const templates = mkdtempSync(join(tmpdir(), 'typst-templates-'));
writeFileSync(
  join(templates, 'paragraph.typ'),
  `#let data = json(bytes(sys.inputs.data))
#let files = json(bytes(sys.inputs.files))
#set text(font: "Sarabun", lang: "th", size: 14pt)
#set page(width: 260pt, height: auto, margin: 10pt)
#if "picture" in files { image(files.picture, width: 20pt) }
#data.text`,
);
const paragraph = pdfTemplate<{ text: string }>('paragraph.typ');
const pdf = typstPdf(templates);

const thai =
  'ประกาศนียบัตรฉบับนี้ให้ไว้เพื่อแสดงว่าผู้เรียนได้ศึกษาและผ่านการอบรมหลักสูตรการเขียนโปรแกรมภาษาไทยสำหรับ' +
  'ผู้เริ่มต้นครบถ้วนทุกบทเรียนตามที่กำหนดไว้ในหลักสูตรเรียบร้อยแล้ว ที่ กี่ ปั้น ซื้อ เกี๊ยว น้ำ ผู้ใหญ่';

describe('Typst PDFs', () => {
  test('Thai text comes back from the PDF, with its marks', async () => {
    const text = pdfText(await pdf.render(paragraph, { text: thai }));
    expect(text.replace(/\s+/g, '')).toBe(thai.replace(/\s+/g, ''));
  });

  test('a long Thai line is broken between words, never inside one', async () => {
    const lines = pdfLines(await pdf.render(paragraph, { text: thai }));
    expect(lines.length).toBeGreaterThan(3);
    // Where Intl's dictionary puts word boundaries in the unspaced text.
    const unspaced = thai.replace(/\s+/g, '');
    const boundaries = new Set(
      [...new Intl.Segmenter('th', { granularity: 'word' }).segment(unspaced)].map((s) => s.index),
    );
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      at += line.replace(/\s+/g, '').length;
      expect(boundaries.has(at), `a line ends inside a word: "${line}"`).toBe(true);
    }
  });

  test('files are drawn from bytes, whatever their format, and never leak into the next document', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c60' } })
      .webp()
      .toBuffer();
    const withPicture = await pdf.render(paragraph, { text: 'ภาพ' }, { picture: webp });
    const without = await pdf.render(paragraph, { text: 'ภาพ' });
    expect(withPicture.subarray(0, 5).toString()).toBe('%PDF-');
    const images = (document: Buffer) => document.toString('latin1').match(/\/Subtype\s*\/Image\b/g)?.length ?? 0;
    expect(images(withPicture)).toBe(1);
    expect(images(without)).toBe(0);
  });

  test('a template that does not compile fails with its diagnostics', async () => {
    writeFileSync(join(templates, 'broken.typ'), '#let x = (');
    await expect(pdf.render(pdfTemplate<object>('broken.typ'), {})).rejects.toThrow(/broken\.typ did not compile/);
  });
});
