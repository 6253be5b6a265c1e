import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { pdfLines, pdfText } from '../../../test/pdf-text.js';
import { pdfTemplate } from './pdf.js';
import { typstPdf } from './typst.js';

const templates = mkdtempSync(join(tmpdir(), 'typst-templates-'));
copyFileSync(new URL('./templates/thai.typ', import.meta.url), join(templates, 'thai.typ'));
writeFileSync(
  join(templates, 'paragraph.typ'),
  `#import "thai.typ": thai-words
#let data = json(bytes(sys.inputs.data))
#let files = json(bytes(sys.inputs.files))
#set text(font: "Sarabun", lang: "th", size: 14pt)
#set page(width: data.at("width", default: 260) * 1pt, height: auto, margin: 10pt)
#show: thai-words
#if "picture" in files { image(files.picture, width: 20pt) }
#data.text`,
);
const paragraph = pdfTemplate<{ text: string; width?: number }>('paragraph.typ');
const pdf = typstPdf(templates);

const thai =
  'ประกาศนียบัตรฉบับนี้ให้ไว้เพื่อแสดงว่าผู้เรียนได้ศึกษาและผ่านการอบรมหลักสูตรการเขียนโปรแกรมภาษาไทยสำหรับ' +
  'ผู้เริ่มต้นครบถ้วนทุกบทเรียนตามที่กำหนดไว้ในหลักสูตรเรียบร้อยแล้ว ที่ กี่ ปั้น ซื้อ เกี๊ยว น้ำ ผู้ใหญ่';

describe('Typst PDFs', () => {
  test('Thai text comes back from the PDF as typed, a mark stacked on a vowel once', async () => {
    // Typst gives a raised mark's run the whole cluster's text: เพิ่ม came back เพิ่พิ่ม until text-layer.ts.
    const stacked = 'เพิ่ม ทั้งสิ้น ปั้น หนึ่ง ประสิทธิ์ ศักดิ์ ลิ้น บริษัท ภาษี';
    for (const text of [thai, stacked]) {
      const back = pdfText(await pdf.render(paragraph, { text }));
      expect(back.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    }
  });

  // Typst alone broke this address "กรุงเทพมหาน" / "คร 10110" on a tax invoice, and "เขตบาง" / "รัก" in narrower cells.
  // (A word wider than the whole line still breaks inside, where Typst's model puts it: none is, here.)
  const address = '99/9 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10110 บริษัท เพิ่มพูน ผู้ใหญ่ จำกัด';
  test.each([
    { text: thai, width: 260 },
    { text: address, width: 120 },
    { text: address, width: 160 },
    { text: address, width: 200 },
  ])('Thai is broken between words, never inside one ($width pt wide)', async ({ text, width }) => {
    const document = await pdf.render(paragraph, { text, width });
    const lines = pdfLines(document);
    expect(lines.length).toBeGreaterThan(2);
    // Each line ends where the text has a space, or where Intl's dictionary puts a word boundary.
    const boundaries = new Set(
      [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.index),
    );
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      for (const char of line.replace(/\s+/g, '')) {
        while (/\s/.test(text[at] ?? '')) at++;
        expect(text[at]).toBe(char);
        at++;
      }
      const betweenWords = /\s/.test(text[at] ?? '') || boundaries.has(at);
      expect(betweenWords, `a line ends inside a word: "${line}"`).toBe(true);
    }
    // The word marks that make the breaks are not in the text.
    expect(pdfText(document)).not.toContain('\u200B');
  });

  test('a Thai abbreviation stays whole on its line, whatever the width', async () => {
    for (let width = 150; width <= 200; width += 2) {
      const lines = pdfLines(await pdf.render(paragraph, { text: 'วันที่ 22 พฤศจิกายน พ.ศ. 2569', width }));
      for (const line of lines) expect(line, `${width} pt`).not.toMatch(/พ\.$/);
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
