import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message, normaliseCertificateNo } from '@sikkha/contract';
import { baht, thaiLongDate } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { certificate, notification, orders, product, user, video, videoList } from '../../db/schema/index.js';
import { issueCertificate } from '../../jobs/certificate.job.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-certificates-'));
const picture = readFileSync(new URL('../../demo/assets/images/certificate.jpg', import.meta.url));
const TITLE = 'คอร์สเขียนโปรแกรมภาษาไทยสำหรับผู้เริ่มต้น';
const NUMBER = /^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/;

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let f: Awaited<ReturnType<typeof courseFixture>>;

beforeAll(async () => {
  t = await testApp({ dataDir });
  staff = await t.staff('certificates-staff');
  f = await courseFixture(t.db, { title: TITLE });
  await t.app.ctx.providers.storage.put('productCertificate', 'certificate-picture.jpg', picture);
  await t.db
    .update(product)
    .set({ product_img_certificate: 'certificate-picture.jpg' })
    .where(eq(product.id, f.course.id));
});
afterAll(() => t.close());

/** A member who bought the course, with a Thai name whose marks stack. */
async function buyer(email: string) {
  const m = await t.member(email);
  await t.db
    .update(user)
    .set({ name_title: 'นางสาว', name_th: 'เกี๊ยวน้ำ', lname_th: 'ผู้ใหญ่ใจดี' })
    .where(eq(user.id, m.id!));
  const order = await purchase(t.db, m.id!, f.course.id, 'finish', t.clock.now());
  return Object.assign(m, { order });
}

const play = (m: Caller, productId: number, videoId: number, from: number, to: number) =>
  m.post('/api/videoStatistics', {
    events: [{ product_id: productId, video_id: videoId, time_start: from, time_end: to, event: 'Pause' }],
  });

const certificatesOf = (userId: number) => t.db.select().from(certificate).where(eq(certificate.user_id, userId));
const storedFiles = () => readdirSync(join(dataDir, 'uploads', 'certificate'));

describe('issued when a buyer completes the course', () => {
  test('every lesson played to 90%: one certificate, with the order marked and the member told', async () => {
    const m = await buyer('certificates-complete@example.com');
    expect((await play(m, f.course.id, f.lessons.open.id, 0, 95)).statusCode).toBe(200);
    expect((await play(m, f.course.id, f.lessons.first.id, 0, 100)).statusCode).toBe(200);
    expect((await play(m, f.course.id, f.lessons.second.id, 0, 50)).statusCode).toBe(200);
    await t.app.ctx.jobs.runDue();
    expect(await certificatesOf(m.id!)).toEqual([]);

    // Overlapping stretches count once: 0-50 and 40-89 are 89 seconds, not yet 90%.
    await play(m, f.course.id, f.lessons.second.id, 40, 89);
    await t.app.ctx.jobs.runDue();
    expect(await certificatesOf(m.id!)).toEqual([]);
    await play(m, f.course.id, f.lessons.second.id, 85, 91);
    await t.app.ctx.jobs.runDue();

    const [issued, ...more] = await certificatesOf(m.id!);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({ product_id: f.course.id, orders_id: m.order.id });
    expect(issued!.certificate_no).toMatch(NUMBER);
    expect(issued!.path).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, m.order.id));
    expect(order!.orders_certificate).toBe('Y');
    const notes = await t.db.select().from(notification).where(eq(notification.user_id, m.id!));
    expect(notes.map((n) => [n.notification_message, n.notification_to])).toEqual([
      [`ได้รับใบประกาศนียบัตรคอร์ส ${TITLE} เลขที่ ${issued!.certificate_no}`, `/certificate/${issued!.certificate_no}`],
    ]);

    // Watching again, or the job asked again, changes nothing.
    await play(m, f.course.id, f.lessons.second.id, 0, 100);
    await t.transact((work) =>
      t.app.ctx.jobs.enqueue(work, issueCertificate, { reason: 'completed', user_id: m.id!, product_id: f.course.id }),
    );
    await t.app.ctx.jobs.runDue();
    expect(await certificatesOf(m.id!)).toEqual([issued]);

    const view = (await m.get(`/api/courseView?id=${f.course.id}`)).json().data;
    expect(view.certificate).toBe(issued!.path);
  });

  test('the PDF carries the name, the course, the Thai date and the number', async () => {
    const m = await buyer('certificates-pdf@example.com');
    for (const lesson of [f.lessons.open, f.lessons.first, f.lessons.second]) {
      await play(m, f.course.id, lesson.id, 0, 100);
    }
    await t.app.ctx.jobs.runDue();
    const [issued] = await certificatesOf(m.id!);
    const res = await m.get(`/api/certificate/${issued!.path}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('นางสาวเกี๊ยวน้ำ ผู้ใหญ่ใจดี');
    expect(text).toContain(TITLE);
    expect(text).toContain(thaiLongDate(t.clock.now()));
    expect(text).toContain(issued!.certificate_no);
  });

  test('watching without having bought the course earns none', async () => {
    const [open] = await t.db
      .insert(product)
      .values({ product_title: 'คอร์สเปิดให้ดูฟรี', product_price: baht(0), product_status: 'Show' })
      .returning();
    const [lesson] = await t.db.insert(video).values({ video_name: 'บทเดียว', video_duration: 60 }).returning();
    await t.db
      .insert(videoList)
      .values({ product_id: open!.id, video_id: lesson!.id, video_list_status: 'public', video_list_item: 1 });
    const m = await t.member('certificates-free@example.com');
    expect((await play(m, open!.id, lesson!.id, 0, 60)).statusCode).toBe(200);
    await t.app.ctx.jobs.runDue();
    expect(await certificatesOf(m.id!)).toEqual([]);
  });
});

describe('issued when staff ask', () => {
  test('a certificate staff create is numbered at once and gets its PDF from the job; one per member and course', async () => {
    const m = await buyer('certificates-staff-made@example.com');
    const made = await staff.post('/api/certificate', {
      user_id: m.id,
      product_id: f.course.id,
      orders_id: m.order.id,
      certificate_no: 'AAAA-AAAA-AAAA-AAAA',
    });
    expect(made.statusCode).toBe(200);
    const row = made.json().data;
    expect(row.certificate_no).toMatch(NUMBER);
    expect(row.certificate_no).not.toBe('AAAA-AAAA-AAAA-AAAA');
    expect(row.path).toBeNull();
    // Not verifiable until its file, which carries the number, exists.
    expect((await t.visitor.get(`/api/certificateVerify?certificate_no=${row.certificate_no}`)).statusCode).toBe(404);

    await t.app.ctx.jobs.runDue();
    const [issued] = await certificatesOf(m.id!);
    expect(issued).toMatchObject({ id: row.id, certificate_no: row.certificate_no, orders_id: m.order.id });
    expect(pdfText(readFileSync(join(dataDir, 'uploads', 'certificate', issued!.path!)))).toContain(row.certificate_no);

    const again = await staff.post('/api/certificate', { user_id: m.id, product_id: f.course.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(message('duplicate'));
  });

  test('an order marked orders_certificate Y: each course of the order gets its certificate', async () => {
    const m = await buyer('certificates-order@example.com');
    // What staff's order update enqueues in its unit of work when it sets the mark.
    await t.transact((work) =>
      t.app.ctx.jobs.enqueue(work, issueCertificate, { reason: 'order', orders_id: m.order.id }),
    );
    await t.app.ctx.jobs.runDue();
    const [issued] = await certificatesOf(m.id!);
    expect(issued).toMatchObject({ product_id: f.course.id, orders_id: m.order.id });
    expect((await m.get(`/api/certificateFile?id=${m.order.id}`)).json().data).toBe(issued!.path);
  });

  test('two runs at once make one certificate and keep one file', async () => {
    const m = await buyer('certificates-race@example.com');
    const before = storedFiles().length;
    await t.transact(async (work) => {
      for (let i = 0; i < 2; i++) {
        await t.app.ctx.jobs.enqueue(work, issueCertificate, {
          reason: 'staff',
          user_id: m.id!,
          product_id: f.course.id,
          orders_id: null,
        });
      }
    });
    await Promise.all([t.app.ctx.jobs.runDue(), t.app.ctx.jobs.runDue()]);
    const rows = await certificatesOf(m.id!);
    expect(rows).toHaveLength(1);
    expect(storedFiles()).toHaveLength(before + 1);
    expect(storedFiles()).toContain(rows[0]!.path);
  });
});

describe('who may see a certificate', () => {
  let owner: Awaited<ReturnType<typeof buyer>>;
  let issued: typeof certificate.$inferSelect;

  beforeAll(async () => {
    owner = await buyer('certificates-owner@example.com');
    await staff.post('/api/certificate', { user_id: owner.id, product_id: f.course.id, orders_id: owner.order.id });
    await t.app.ctx.jobs.runDue();
    [issued] = (await certificatesOf(owner.id!)) as [typeof issued];
  });

  test('the file and certificateFile: its member and staff; another member finds nothing; a visitor signs in', async () => {
    const other = await buyer('certificates-other@example.com');
    const file = `/api/certificate/${issued.path}`;
    const byOrder = `/api/certificateFile?id=${owner.order.id}`;

    expect((await owner.get(file)).statusCode).toBe(200);
    expect((await staff.get(file)).statusCode).toBe(200);
    expect((await other.get(file)).statusCode).toBe(404);
    expect((await t.visitor.get(file)).statusCode).toBe(401);

    expect((await owner.get(byOrder)).json()).toMatchObject({ result: true, data: issued.path });
    expect((await staff.get(byOrder)).json().data).toBe(issued.path);
    expect((await other.get(byOrder)).statusCode).toBe(404);
    expect((await t.visitor.get(byOrder)).statusCode).toBe(401);
    expect((await owner.get('/api/certificateFile?id=2000000000')).statusCode).toBe(404);
    expect((await owner.get('/api/certificateFile?id=x')).statusCode).toBe(400);
  });

  test('certificateByUserIdAndProductId and the other lookups: a member reads their own only', async () => {
    const other = await t.member('certificates-lookup@example.com');
    const lookup = `/api/certificateByUserIdAndProductId?user_id=${owner.id}&product_id=${f.course.id}`;
    expect((await owner.get(lookup)).json().data).toEqual([expect.objectContaining({ id: issued.id })]);
    expect((await staff.get(lookup)).json().data).toEqual([expect.objectContaining({ id: issued.id })]);
    expect((await other.get(lookup)).statusCode).toBe(403);
    expect((await t.visitor.get(lookup)).statusCode).toBe(401);
    expect((await owner.get(`/api/certificateByOrderId?orders_id=${owner.order.id}`)).json().data).toHaveLength(1);
    expect((await other.get(`/api/certificateByUserId?user_id=${owner.id}`)).statusCode).toBe(403);
    expect((await other.get(`/api/certificateByOrderId?orders_id=${owner.order.id}`)).json().data).toEqual([]);
  });

  test('verification is public and shows who earned what and when, nothing more', async () => {
    const res = await t.visitor.get(`/api/certificateVerify?certificate_no=${issued.certificate_no}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      certificate_no: issued.certificate_no,
      name: 'นางสาวเกี๊ยวน้ำ ผู้ใหญ่ใจดี',
      product_title: TITLE,
      issued_at: t.clock.now().toISOString(),
    });
    // Typed by hand: any case, spaces or no dashes.
    const typed = issued.certificate_no!.toLowerCase().replaceAll('-', ' ');
    expect((await t.visitor.get(`/api/certificateVerify?certificate_no=${encodeURIComponent(typed)}`)).statusCode).toBe(
      200,
    );
    expect(normaliseCertificateNo(typed)).toBe(issued.certificate_no);

    const unknown = await t.visitor.get('/api/certificateVerify?certificate_no=2222-3333-4444-5555');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(message('notFound'));
    const bad = await t.visitor.get('/api/certificateVerify?certificate_no=../../etc/passwd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(message('invalidInput'));
    expect((await t.visitor.get('/api/certificateVerify')).statusCode).toBe(400);
  });
});
