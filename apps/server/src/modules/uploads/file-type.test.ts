import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { detectFileType } from './file-type.js';

const asset = (path: string) => readFileSync(new URL(`../../demo/assets/${path}`, import.meta.url));
const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A ZIP of stored (uncompressed) entries, with local headers and a central directory. */
function zipOf(entries: Record<string, string>, options: { centralDirectory?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  if (options.centralDirectory === false) return Buffer.concat(locals);
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A minimal OLE compound file (512-byte sectors): sector 0 is the FAT, sector 1 the directory (root entry and
 * one stream called `stream`), sector 2 the stream's data.
 */
function oleOf(stream: string): Buffer {
  const file = Buffer.alloc(512 * 4);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c);
  file.writeUInt32LE(1, 0x30);
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = 512;
  for (let i = 0; i < 128; i++) file.writeUInt32LE(0xffffffff, fat + i * 4);
  file.writeUInt32LE(0xfffffffd, fat);
  file.writeUInt32LE(0xfffffffe, fat + 4);
  file.writeUInt32LE(0xfffffffe, fat + 8);
  const entry = (at: number, name: string, type: number) => {
    file.write(`${name}\0`, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(1024, 'Root Entry', 5);
  entry(1024 + 128, stream, 2);
  file.write('data', 1536, 'latin1');
  return file;
}

describe('detectFileType', () => {
  test.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR')],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')],
    ['xls', oleOf('Workbook')],
    ['xls', oleOf('Book')],
    ['xlsx', zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' })],
    ['mp4', bytes([0, 0, 0, 32], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41')],
    ['mov', bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 2, 0], 'qt  ')],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], 'webm')],
  ])('%s by its leading bytes', (type, data) => {
    expect(detectFileType(data)).toBe(type);
  });

  test('the demo assets: a real JPEG, PDF and XLSX', () => {
    expect(detectFileType(asset('images/coach-1.jpg'))).toBe('jpeg');
    expect(detectFileType(asset('docs/course-outline.pdf'))).toBe('pdf');
    expect(detectFileType(asset('docs/worksheet.xlsx'))).toBe('xlsx');
  });

  test('an XLSX without a readable central directory is found by its local headers', () => {
    expect(detectFileType(zipOf({ 'xl/workbook.xml': '<workbook/>' }, { centralDirectory: false }))).toBe('xlsx');
  });

  test('a ZIP that is not a workbook is refused, even when a file inside mentions the name', () => {
    expect(detectFileType(zipOf({ 'word/document.xml': '<w/>' }))).toBeNull();
    expect(detectFileType(zipOf({ 'readme.txt': 'see xl/workbook.xml' }))).toBeNull();
    expect(detectFileType(zipOf({ 'xl/workbook.xml.bak': '' }))).toBeNull();
    expect(detectFileType(bytes('PK', [3, 4]))).toBeNull();
  });

  test('an OLE file that is not a workbook (a Word .doc) is refused', () => {
    expect(detectFileType(oleOf('WordDocument'))).toBeNull();
    expect(detectFileType(oleOf('Workbook').subarray(0, 600))).toBeNull();
  });

  test('text, HTML, SVG, scripts and empty or short input are refused', () => {
    for (const text of ['hello', '<html><script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"/>', '']) {
      expect(detectFileType(Buffer.from(text))).toBeNull();
    }
    expect(detectFileType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectFileType(bytes(' %PDF-1.4'))).toBeNull();
  });

  test('reads a Uint8Array view at an offset', () => {
    const inner = bytes('xx', 'GIF89a', [1, 0]);
    expect(detectFileType(new Uint8Array(inner.buffer, inner.byteOffset + 2, inner.length - 2))).toBe('gif');
  });
});
