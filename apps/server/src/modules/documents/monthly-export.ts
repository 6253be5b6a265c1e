import { Readable } from 'node:stream';
import { BANGKOK_OFFSET_MS, type EtaxRegisterRow, etaxExportTexts, issuedDocumentNames } from '@sikkha/contract';
import { type CsvColumn, toCsv } from '@sikkha/contract/rules';
import { and, asc, gte, lt } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { issuedDocument } from '../../db/schema/index.js';
import { invalidField } from '../../errors.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import type { Storage } from '../../providers/storage.js';
import { bangkokDateTime } from './etax/parts.js';

export interface MonthlyExportDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
}

/** The summary's name in the archive; no document number can take it (numbers are capitals and digits). */
const SUMMARY_FILE = 'summary.csv';

/** The instants a Bangkok month ("2026-11") runs over, `from` inclusive and `to` exclusive. */
function bangkokMonth(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, number - 1, 1) - BANGKOK_OFFSET_MS),
    to: new Date(Date.UTC(year, number, 1) - BANGKOK_OFFSET_MS),
  };
}

type Row = typeof issuedDocument.$inferSelect;

const amount = (baht: number) => ({ number: baht.toFixed(2) });

/** The summary's columns: Thai headers a person reads, the cells as the register and the XML have them. */
const columns: CsvColumn<Row>[] = [
  { header: 'เลขที่เอกสาร', value: (row) => row.doc_no },
  { header: 'รหัสประเภทเอกสาร (ETDA)', value: (row) => row.type_code },
  { header: 'ประเภทเอกสาร', value: (row) => issuedDocumentNames[row.doc_type].th },
  { header: 'วันที่เอกสาร', value: (row) => bangkokDateTime(new Date(row.issued_at)) },
  { header: 'ประเภทเลขประจำตัวผู้ซื้อ', value: (row) => row.buyer_scheme },
  { header: 'เลขประจำตัวผู้เสียภาษีผู้ซื้อ', value: (row) => row.buyer_id },
  { header: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม', value: (row) => amount(row.basis) },
  { header: 'ภาษีมูลค่าเพิ่ม', value: (row) => amount(row.vat) },
  { header: 'จำนวนเงินรวม', value: (row) => amount(row.total) },
  { header: 'อ้างถึงเอกสาร', value: (row) => row.refers_to },
  { header: 'ยกเลิกโดยเอกสาร', value: (row) => row.voided_by },
  { header: 'ลงลายมือชื่อดิจิทัล', value: (row) => (row.signed ? 'Y' : 'N') },
];

/** The summary as CSV (the contract's `toCsv`: RFC 4180, CRLF), UTF-8 with a byte-order mark so Excel reads the Thai. */
function summaryCsv(rows: readonly Row[]): Buffer {
  return Buffer.from(`\uFEFF${toCsv(rows, columns)}\r\n`, 'utf8');
}

/**
 * The monthly export for the Revenue Department (staff): a Bangkok month's register, and one ZIP of the month's e-Tax
 * XML files as stored (`<number>.xml`, the bytes attached to each PDF) with the summary of every document of the
 * month, those without XML (refund notes) and voided ones included. A month without documents is an archive with the
 * summary's header alone: that month was looked at and had nothing to send.
 */
export function monthlyExport({ db, clock, storage }: MonthlyExportDeps) {
  async function documentsOf(actor: SignedIn, month: string): Promise<Row[]> {
    const now = clock.now();
    await authorize({ db, now }, actor, 'order.manage', null);
    const { from, to } = bangkokMonth(month);
    if (from > now) throw invalidField('month', 'invalid', etaxExportTexts.monthFuture.th);
    return db
      .select()
      .from(issuedDocument)
      .where(and(gte(issuedDocument.issued_at, from.toISOString()), lt(issuedDocument.issued_at, to.toISOString())))
      .orderBy(asc(issuedDocument.issued_at), asc(issuedDocument.doc_no));
  }

  /** etaxMonthlyRegister: the month's documents, oldest first. */
  async function register(actor: SignedIn, month: string): Promise<EtaxRegisterRow[]> {
    return (await documentsOf(actor, month)).map((row) => ({
      doc_no: row.doc_no,
      doc_type: row.doc_type,
      type_code: row.type_code,
      issued_at: row.issued_at,
      buyer_scheme: row.buyer_scheme,
      buyer_id: row.buyer_id,
      basis: row.basis,
      vat: row.vat,
      total: row.total,
      signed: row.signed,
      has_xml: row.xml_file !== null,
      refers_to: row.refers_to,
      voided_by: row.voided_by,
    }));
  }

  /**
   * etaxMonthlyExport: the archive, made as it is sent (one stored XML open at a time). The first stored file is read
   * before the answer begins, so storage that is down is a 503 the page can say rather than a download cut short. A
   * stored XML that is missing, or storage failing later, fails the stream: the download ends short and no unzip
   * takes it for whole.
   */
  async function archive(actor: SignedIn, month: string): Promise<Readable> {
    const chunks = zipped(await documentsOf(actor, month));
    const first = await chunks.next();
    return Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* chunks;
      })(),
    );
  }

  async function* zipped(rows: Row[]): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    function* drain() {
      if (failure) throw failure;
      yield* ready.splice(0);
    }
    for (const row of rows) {
      if (!row.xml_file) continue;
      const kept = await storage.read(row.folder, row.xml_file);
      if (!kept) throw new Error(`e-Tax export: ${row.folder}/${row.xml_file} (${row.doc_no}) is not in storage`);
      const entry = new ZipDeflate(`${row.doc_no}.xml`, { level: 6 });
      entry.mtime = new Date(row.issued_at);
      zip.add(entry);
      for await (const chunk of kept.stream) {
        entry.push(chunk as Buffer);
        yield* drain();
      }
      entry.push(new Uint8Array(0), true);
      yield* drain();
    }
    const summary = new ZipDeflate(SUMMARY_FILE, { level: 6 });
    summary.mtime = clock.now();
    zip.add(summary);
    summary.push(summaryCsv(rows), true);
    zip.end();
    yield* drain();
  }

  return { register, archive };
}

export type MonthlyExport = ReturnType<typeof monthlyExport>;
