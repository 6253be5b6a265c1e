import type { FileType } from '@sikkha/contract';

/**
 * The type of a file from its bytes (magic numbers), never from the name or the Content-Type a client sends.
 * Returns null for anything that is not one of the shop's file types.
 */
export function detectFileType(data: Uint8Array): FileType | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (startsWith(bytes, PDF)) return 'pdf';
  // ISO base media (MP4, QuickTime): a box whose type is `ftyp`, then the major brand.
  if (startsWith(bytes, FTYP, 4)) return startsWith(bytes, QUICKTIME, 8) ? 'mov' : 'mp4';
  if (startsWith(bytes, EBML)) return 'webm';
  if (startsWith(bytes, OLE)) return isOleWorkbook(bytes) ? 'xls' : null;
  if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_EMPTY))
    return zipHasEntry(bytes, XLSX_WORKBOOK) ? 'xlsx' : null;
  return null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87 = Buffer.from('GIF87a', 'latin1');
const GIF89 = Buffer.from('GIF89a', 'latin1');
const RIFF = Buffer.from('RIFF', 'latin1');
const WEBP = Buffer.from('WEBP', 'latin1');
const PDF = Buffer.from('%PDF-', 'latin1');
const FTYP = Buffer.from('ftyp', 'latin1');
const QUICKTIME = Buffer.from('qt  ', 'latin1');
/** Matroska's EBML header; WebM is Matroska with its own doctype. */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_EMPTY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const XLSX_WORKBOOK = 'xl/workbook.xml';

function startsWith(bytes: Buffer, magic: Buffer, at = 0): boolean {
  return bytes.length >= at + magic.length && bytes.subarray(at, at + magic.length).equals(magic);
}

/**
 * Whether a ZIP archive lists `name`: read from the central directory when the end record is found,
 * otherwise (a ZIP64 or damaged directory) from the local file headers.
 */
export function zipHasEntry(bytes: Buffer, name: string): boolean {
  const central = centralDirectoryNames(bytes);
  if (central) return central.includes(name);
  return localHeaderHasName(bytes, name);
}

function centralDirectoryNames(bytes: Buffer): string[] | null {
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) !== ZIP_END) continue;
    const entries = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 12);
    const offset = bytes.readUInt32LE(at + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null;
    if (offset + size > at) continue;
    const names: string[] = [];
    let p = offset;
    for (let i = 0; i < entries; i++) {
      if (p + 46 > at || bytes.readUInt32LE(p) !== ZIP_CENTRAL) return null;
      const nameLength = bytes.readUInt16LE(p + 28);
      const extraLength = bytes.readUInt16LE(p + 30);
      const commentLength = bytes.readUInt16LE(p + 32);
      if (p + 46 + nameLength > at) return null;
      names.push(bytes.toString('utf8', p + 46, p + 46 + nameLength));
      p += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

function localHeaderHasName(bytes: Buffer, name: string): boolean {
  const wanted = Buffer.from(name, 'utf8');
  for (let at = bytes.indexOf(wanted); at !== -1; at = bytes.indexOf(wanted, at + 1)) {
    const header = at - 30;
    if (header >= 0 && bytes.readUInt32LE(header) === ZIP_LOCAL.readUInt32LE(0)) {
      if (bytes.readUInt16LE(header + 26) === wanted.length) return true;
    }
  }
  return false;
}

/**
 * Whether an OLE compound file (the container of .xls, .doc, .msg, ...) holds an Excel workbook stream:
 * walks the directory sectors through the FAT and looks for an entry named "Workbook" (or "Book", Excel 5).
 */
export function isOleWorkbook(bytes: Buffer): boolean {
  if (bytes.length < 512) return false;
  const sectorShift = bytes.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const perFatSector = sectorSize / 4;
  const sectorOffset = (sid: number) => (sid + 1) * sectorSize;
  // The first 109 FAT sectors are listed in the header; enough for files of several megabytes per 512 B sector,
  // and for anything we accept with 4 KiB sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(bytes.readUInt32LE(0x4c + i * 4));
  const next = (sid: number): number | null => {
    const fatSid = fatSectors[Math.floor(sid / perFatSector)];
    if (fatSid === undefined || fatSid >= 0xfffffffa) return null;
    const at = sectorOffset(fatSid) + (sid % perFatSector) * 4;
    return at + 4 <= bytes.length ? bytes.readUInt32LE(at) : null;
  };
  const names = new Set(['Workbook', 'Book']);
  const seen = new Set<number>();
  let sid: number | null = bytes.readUInt32LE(0x30);
  while (sid !== null && sid < 0xfffffffa && !seen.has(sid) && seen.size < 10_000) {
    seen.add(sid);
    const start = sectorOffset(sid);
    if (start + sectorSize > bytes.length) return false;
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const nameBytes = bytes.readUInt16LE(entry + 0x40);
      const type = bytes[entry + 0x42];
      // A stream (type 2) whose UTF-16LE name, without its terminating NUL, is one of the workbook names.
      if (type !== 2 || nameBytes < 2 || nameBytes > 64) continue;
      const name = bytes.toString('utf16le', entry, entry + nameBytes - 2);
      if (names.has(name)) return true;
    }
    sid = next(sid);
  }
  return false;
}
