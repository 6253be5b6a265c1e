import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { pdfText } from '../../../test/pdf-text.js';
import { issuedDocument, orderDocument, orders, product } from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL): PGlite has one connection and serializes them.
let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-documents-race-'));
  t = await testApp({ dataDir });
  staff = await t.staff('documents-race-staff');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('twelve tax invoices finished at once: numbers without gaps, one document each, made once whoever asks', async () => {
  const members = await Promise.all([1, 2, 3].map((n) => t.member(`documents-race-${n}@example.com`)));
  const courses = await t.db
    .insert(product)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        product_title: `คอร์สแข่ง ${i + 1}`,
        product_price: baht(100 + i),
        product_status: 'Show' as const,
      })),
    )
    .returning({ id: product.id });
  const placed: { id: number; member: Caller }[] = [];
  for (const [i, course] of courses.entries()) {
    const member = members[i % members.length]!;
    const res = await member.post('/api/orders', {
      order: {
        orders_payment_type_id: 5,
        receipt: 'Y',
        receipt_type: 'person',
        card_id: '1103700012346',
        address: '88 ถนนสุขุมวิท กรุงเทพมหานคร 10260',
      },
      ordersDetail: { product_id: course.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    placed.push({ id: res.json().data.id, member });
  }

  // Every order finished by its own request, all at once.
  const approvals = await Promise.all(
    placed.map(({ id }) => staff.post('/api/ordersUpdate', { id, orders_status: 'finish' })),
  );
  expect(approvals.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  const numbered = await t.db
    .select({ id: orders.id, order_no: orders.order_no })
    .from(orders)
    .where(
      inArray(
        orders.id,
        placed.map((p) => p.id),
      ),
    );
  expect(numbered.map((o) => o.order_no).sort()).toEqual(
    Array.from({ length: 12 }, (_, i) => `INV2026-${String(i + 1).padStart(6, '0')}`),
  );

  // The job and each member's two downloads race to make the same documents.
  const [, ...downloads] = await Promise.all([
    t.app.ctx.jobs.runDue(),
    ...placed.flatMap(({ id, member }) => [
      member.get(`/api/ordersTaxInvoiceFile?id=${id}`),
      member.get(`/api/ordersTaxInvoiceFile?id=${id}`),
    ]),
  ]);
  const documents = await t.db.select().from(orderDocument);
  expect(documents).toHaveLength(12);
  // One register entry per document, naming its PDF; no file was left behind by a run that lost: each document's
  // PDF and its e-Tax XML, nothing else.
  const entries = await t.db.select().from(issuedDocument);
  expect(entries.map((e) => [e.doc_no, e.file]).sort()).toEqual(documents.map((d) => [d.order_no, d.file]).sort());
  expect((await readdir(join(dataDir, 'uploads', 'orderDocument'))).sort()).toEqual(
    entries.flatMap((e) => [e.file, e.xml_file]).sort(),
  );
  for (const [i, { id }] of placed.entries()) {
    const first = downloads[2 * i]!;
    const second = downloads[2 * i + 1]!;
    expect(first.statusCode, first.body).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const document = documents.find((d) => d.orders_id === id)!;
    const orderNo = numbered.find((o) => o.id === id)!.order_no!;
    expect(document.order_no).toBe(orderNo);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(document.sha256);
    expect(pdfText(first.rawPayload)).toContain(orderNo);
  }
  const [one] = await t.db.select().from(orderDocument).where(eq(orderDocument.orders_id, placed[0]!.id));
  expect(one!.doc_type).toBe('taxInvoice');
});
