import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blankPicture, slipPicture } from '../apps/server/test/slip.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, downloadedBytes, endEachJourney, hidden, staffSignedIn, visible } from './page-checks.js';

// The back office as staff use it, on `npm start`'s embedded shop: the badge of waiting orders, a transfer approved
// after a look at its slip, a course made with everything it has and seen on the storefront, a coupon for listed
// e-mails used by a member, orders exported as CSV, the dashboard. Every page ends without a console error.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let member: string;
let staffToken: string;

const TRANSFER_COURSE = { product_title: 'การเงินส่วนบุคคลสำหรับคนทำงาน', product_price: 1500 };
const NEW_COURSE = 'ถ่ายวิดีโอสั้นด้วยมือถือ';
const SHOTS = process.env.BACKOFFICE_SHOTS;

/** The shop has no favicon.ico, which Chromium asks for after each page load. */
const notFavicon = (problem: string) => !problem.includes('/favicon.ico');

async function call<T>(path: string, init: { token?: string; body?: unknown } = {}, status = 200) {
  const res = await fetch(`${shop.url}/api/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data: T; insertId?: number; message: string };
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(status);
  return json;
}

/** A member's transfer order with a slip whose QR carries a reference, or with a picture of its own. */
async function transferOrder(
  token: string,
  productId: number,
  slip: string | Buffer,
  amount = TRANSFER_COURSE.product_price,
  couponId?: number,
) {
  const form = new FormData();
  form.append(
    'images',
    new Blob([new Uint8Array(typeof slip === 'string' ? await slipPicture(slip, '014') : slip)], { type: 'image/png' }),
    'slip.png',
  );
  const upload = await fetch(`${shop.url}/api/uploadSlip`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const stored = ((await upload.json()) as { data: string }).data;
  const placed = await call<{ id: number; orders_ref: string; orders_net: number; orders_discount: number }>('orders', {
    token,
    body: {
      order: {
        orders_payment_type_id: 4,
        orders_payment_slip: stored,
        orders_payment_date: '2569-11-23',
        orders_payment_time: '10:30',
        orders_payment_bank: 'SCB',
        orders_payment_amount: amount,
      },
      ordersDetail: { product_id: productId, ...(couponId ? { coupon_id: couponId } : {}) },
    },
  });
  return placed.data;
}

async function shot(at: Page, name: string) {
  if (SHOTS) await at.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The back office, signed in; the journey's page for the failure picture. */
async function staffPage(width = 1280, height = 900) {
  page = await staffSignedIn(shop, width, height);
  return page;
}

/** The sidebar link of a page (its badge, when it has one, is part of its name). */
const menuLink = (at: Page, name: string | RegExp) => at.getByRole('menuitem', { name, exact: true });

let transferCourseId: number;

beforeAll(async () => {
  shop = await startShop();
  member = (await call<{ token: string }>('loginEmail', { body: MEMBER })).data.token;
  staffToken = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).data.token;
  const created = await call('product', {
    token: staffToken,
    body: { ...TRANSFER_COURSE, product_status: 'Show', product_disable: 'N' },
  });
  transferCourseId = created.insertId!;
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

// Journeys walk many pages on a machine that may be busy: more than vitest's default minute.
describe('the back office', { timeout: 240_000 }, () => {
  test('the badge counts the waiting orders; a transfer is approved after a look at its slip, and its course opens', async () => {
    const order = await transferOrder(member, transferCourseId, 'E2EBACKOFFICE000001');
    const waiting = (await call<{ total: number }>('ordersTotalStatus', { token: staffToken })).data.total;
    expect(waiting).toBeGreaterThanOrEqual(1);

    const at = await staffPage();
    const problems = consoleProblems(at);
    const confirmLink = menuLink(at, `รอยืนยันการชำระเงิน รอตรวจสอบ ${waiting} รายการ`);
    await visible(confirmLink);
    await shot(at, 'dashboard-1280');
    await confirmLink.click();
    await expect.poll(() => new URL(at.url()).pathname).toBe('/admin/ordersConfirm');

    // The row: member, course, method, amount in baht with 2 decimals, the day and time of payment.
    const row = at.getByRole('row').filter({ hasText: order.orders_ref });
    await visible(row);
    await visible(row.getByText('สมใจ ใฝ่เรียน'));
    await visible(row.getByText(TRANSFER_COURSE.product_title));
    await visible(row.getByText('โอนเงิน'));
    await visible(row.getByText('฿1,500.00'));
    await visible(row.getByText('23 พ.ย. 2569 10:30'));
    await shot(at, 'ordersConfirm-1280');

    // The slip, large and zoomable, with what the server read from its QR.
    await row.getByRole('button', { name: `ดูสลิป ${order.orders_ref}` }).click();
    const slip = at.getByRole('dialog', { name: `สลิป ${order.orders_ref}` });
    await visible(slip);
    await visible(slip.getByText('E2EBACKOFFICE000001'));
    await visible(slip.getByText('SCB', { exact: false }));
    const picture = slip.getByRole('img', { name: `สลิป ${order.orders_ref}` });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const before = await picture.evaluate((img) => img.getBoundingClientRect().width);
    await slip.getByRole('button', { name: 'ขยาย' }).click();
    await expect.poll(() => picture.evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThan(before);
    await shot(at, 'slip-1280');
    await slip.getByRole('button', { name: 'ปิด' }).click();
    await hidden(slip);

    // Approve: the row goes, the badge counts one less.
    await row.getByRole('button', { name: 'อนุมัติ' }).click();
    const confirm = at.getByRole('dialog', { name: 'อนุมัติ' });
    await confirm.getByRole('button', { name: 'อนุมัติ' }).click();
    await visible(at.getByText('อนุมัติแล้ว 1 รายการ'));
    await hidden(row);
    if (waiting > 1) await visible(menuLink(at, `รอยืนยันการชำระเงิน รอตรวจสอบ ${waiting - 1} รายการ`));
    else await visible(menuLink(at, 'รอยืนยันการชำระเงิน'));

    // The member's course is open, and the order page says who approved it, with its history.
    const view = await call<{ state: string }>(`courseView?id=${transferCourseId}`, { token: member });
    expect(view.data.state).toBe('finish');
    await at.goto(`${shop.url}/admin/orders/${order.id}/show`);
    await visible(at.getByRole('heading', { name: order.orders_ref, level: 1 }));
    await visible(at.getByText('สำเร็จ').first());
    await visible(at.getByText(/^RC\d{4}-\d{6}$/));
    await visible(at.getByText('ประวัติการแก้ไขโดยเจ้าหน้าที่'));
    await visible(at.getByText(/อนุมัติ คำสั่งซื้อ #\d+ โดย admin/));
    await shot(at, 'order-1280');
    expect(problems.filter(notFavicon)).toEqual([]);
  });

  test('a reused slip is flagged; two orders are refused at once with a reason, the member is told why', async () => {
    const courseIds: number[] = [];
    for (const product_title of ['ออกแบบโลโก้ด้วยตัวเอง', 'เขียนแผนธุรกิจฉบับหน้าเดียว']) {
      const made = await call('product', {
        token: staffToken,
        body: { product_title, product_price: 700, product_status: 'Show', product_disable: 'N' },
      });
      courseIds.push(made.insertId!);
    }
    // The same picture sent for two orders: the second is the reuse. (A slip whose QR paid another order is refused
    // when the order is placed; a picture without a readable QR can only be caught by its bytes.)
    const picture = await blankPicture();
    const first = await transferOrder(member, courseIds[0]!, picture, 700);
    const second = await transferOrder(member, courseIds[1]!, picture, 700);

    const at = await staffPage();
    const problems = consoleProblems(at);
    await menuLink(at, /^รอยืนยันการชำระเงิน/).click();
    const firstRow = at.getByRole('row').filter({ hasText: first.orders_ref });
    const secondRow = at.getByRole('row').filter({ hasText: second.orders_ref });
    await visible(secondRow.getByText('สลิปซ้ำ'));
    // The slip's own warning, beside what its QR says.
    await secondRow.getByRole('button', { name: `ดูสลิป ${second.orders_ref}` }).click();
    const slip = at.getByRole('dialog', { name: `สลิป ${second.orders_ref}` });
    await visible(slip.getByText(/อาจเป็นการใช้สลิปซ้ำ/));
    await slip.getByRole('button', { name: 'ปิด' }).click();
    await hidden(slip);

    // Both ticked, refused in one go; a reason is required, in the contract's words on the field.
    await firstRow.getByRole('checkbox').check();
    await secondRow.getByRole('checkbox').check();
    await visible(at.getByText('เลือก 2 รายการ'));
    await at.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'ปฏิเสธ' }).click();
    const dialog = at.getByRole('dialog', { name: 'ปฏิเสธ' });
    await visible(dialog.getByText('คำสั่งซื้อ 2 รายการจะถูกยกเลิก', { exact: false }));
    await dialog.getByRole('button', { name: 'ปฏิเสธ' }).click();
    await visible(dialog.locator('.Mui-error').first());
    const reason = 'สลิปซ้ำกับคำสั่งซื้ออื่น กรุณาโอนใหม่';
    await dialog.getByRole('textbox', { name: 'เหตุผลที่ปฏิเสธ' }).fill(reason);
    await shot(at, 'reject-bulk-1280');
    await dialog.getByRole('button', { name: 'ปฏิเสธ' }).click();
    await visible(at.getByText('ปฏิเสธแล้ว 2 รายการ'));
    await hidden(firstRow);
    await hidden(secondRow);

    // They are with the ended orders, with the reason; nothing there reopens them.
    await menuLink(at, 'คำสั่งซื้อหมดอายุ / ยกเลิก').click();
    const ended = at.getByRole('row').filter({ hasText: second.orders_ref });
    await visible(ended.getByText(reason));
    expect(await at.getByRole('button', { name: /อนุมัติ/ }).count()).toBe(0);
    await shot(at, 'ordersExpire-1280');

    // The member reads why, at once.
    const me = (await call<{ id: number }>('loginPing', { token: member })).data;
    const notes = await call<{ notification_message: string }[]>(`notificationFindByUserId?user_id=${me.id}`, {
      token: member,
    });
    expect(notes.data.filter((n) => n.notification_message.includes(reason))).toHaveLength(2);
    expect(problems.filter(notFavicon)).toEqual([]);
  });

  test("a staff coin adjustment with its note is in the member's ledger and balance at once", async () => {
    const before = (await call<unknown>('logPointByUser', { token: member })) as unknown as { point: number };
    const at = await staffPage();
    const problems = consoleProblems(at);
    await menuLink(at, 'สมาชิก').click();
    // A row leads to the member's page.
    await at.getByRole('row').filter({ hasText: MEMBER.email }).click();
    await expect.poll(() => new URL(at.url()).pathname).toMatch(/^\/admin\/user\/\d+\/show$/);
    const coins = at.getByRole('region', { name: 'ปรับเหรียญ' });
    await coins.getByRole('spinbutton', { name: 'จำนวนเหรียญ' }).fill('120');
    await coins.getByRole('textbox', { name: 'หมายเหตุ' }).fill('ชดเชยวิดีโอขัดข้อง');
    await coins.getByRole('button', { name: 'เพิ่ม' }).click();
    await visible(coins.getByRole('cell', { name: 'ชดเชยวิดีโอขัดข้อง' }));
    await visible(at.getByText(`คงเหลือ ${before.point + 120} เหรียญ`));
    // The member page's history says who did it.
    await visible(at.getByText(/เพิ่ม เหรียญ #\d+ โดย admin/).first());
    await shot(at, 'member-1280');
    const after = (await call<unknown>('logPointByUser', { token: member })) as unknown as {
      point: number;
      data: { log_point_note: string; log_point_amount: number }[];
    };
    expect(after.point).toBe(before.point + 120);
    expect(after.data.find((line) => line.log_point_note === 'ชดเชยวิดีโอขัดข้อง')?.log_point_amount).toBe(120);
    expect(problems.filter(notFavicon)).toEqual([]);
  });

  test('a course with images, a tab, a document, a lesson and a group is made here and shows on the storefront', async () => {
    const at = await staffPage();
    const problems = consoleProblems(at);
    await menuLink(at, 'คอร์สเรียน').click();
    await at.getByRole('button', { name: 'เพิ่มใหม่' }).click();
    const create = at.getByRole('dialog', { name: 'เพิ่มคอร์สเรียน' });
    await visible(create);
    await create.getByLabel('ชื่อคอร์ส').fill(NEW_COURSE);
    await create.getByLabel('ราคา').fill('890');
    await create.getByLabel('รายละเอียดคอร์ส').fill('ถ่าย ตัดต่อ และลงคลิปสั้นด้วยมือถือเครื่องเดียว');
    // The thumbnail is uploaded at once and previewed.
    await create
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'mini.png',
        mimeType: 'image/png',
        buffer: await slipPicture('MINI', '004'),
      });
    await visible(create.getByRole('img', { name: 'รูปย่อ' }));
    await create.getByLabel('การแสดงผล').click();
    await at.getByRole('option', { name: 'แสดง' }).click();
    await create.getByRole('button', { name: 'บันทึก' }).click();
    await hidden(create);
    await visible(at.getByText('เพิ่มเรียบร้อยแล้ว'));

    // Its content, in the edit dialog: a coach, a tab with a text, a document, a lesson, a Facebook group.
    await at.getByRole('row').filter({ hasText: NEW_COURSE }).click();
    const edit = at.getByRole('dialog', { name: 'แก้ไขคอร์สเรียน' });
    await visible(edit);
    await shot(at, 'product-edit-1280');

    const coaches = edit.getByRole('region', { name: 'ผู้สอน' });
    await coaches.getByRole('combobox', { name: 'ผู้สอน' }).click();
    await at.getByRole('option').first().click();
    await coaches.getByRole('button', { name: 'เพิ่มผู้สอน' }).click();
    await visible(coaches.getByRole('row').nth(1));

    const texts = edit.getByRole('region', { name: 'แท็บรายละเอียด: ข้อความ' });
    // A tab the shop has not got yet, made on the spot: the field takes it only once the shop has answered its
    // creation (react-admin's onCreate), and nothing on the page shows the wait (the field shows the typed name all
    // along), so on a loaded machine the row was added before, without a tab.
    await texts.getByLabel('แท็บ', { exact: true }).fill('สิ่งที่จะได้เรียน');
    const tabMade = at.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.endsWith('/productDetailType'),
    );
    await at.getByRole('option', { name: /สิ่งที่จะได้เรียน/ }).click();
    const tabAnswer = await tabMade;
    expect(tabAnswer.ok()).toBe(true);
    await tabAnswer.finished();
    await texts.getByLabel('ข้อความ', { exact: true }).fill('ถ่ายคลิปให้คมชัดด้วยแสงธรรมชาติ');
    await texts.getByRole('button', { name: 'เพิ่มข้อความ' }).click();
    await visible(texts.getByRole('cell', { name: 'ถ่ายคลิปให้คมชัดด้วยแสงธรรมชาติ' }));

    const lists = edit.getByRole('region', { name: 'แท็บรายละเอียด: หัวข้อ' });
    await lists.getByLabel('แท็บ', { exact: true }).fill('เอกสารประกอบ');
    await at.getByRole('option', { name: /เอกสารประกอบ/ }).click();
    await lists.getByLabel('หัวข้อ', { exact: true }).fill('สไลด์บทที่ 1');
    await lists.locator('input[type=file]').setInputFiles({
      name: 'slides.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    });
    await visible(lists.getByText(/\.pdf$/));
    await lists.getByRole('button', { name: 'เพิ่มหัวข้อ' }).click();
    await visible(lists.getByRole('cell', { name: 'สไลด์บทที่ 1' }));

    const lessons = edit.getByRole('region', { name: 'บทเรียน' });
    await lessons.getByLabel('วิดีโอ', { exact: true }).click();
    await at.getByRole('option').first().click();
    await lessons.getByLabel('การเข้าชม', { exact: true }).click();
    await at.getByRole('option', { name: 'ตัวอย่าง' }).click();
    await lessons.getByLabel('ลำดับ', { exact: true }).fill('1');
    await lessons.getByRole('button', { name: 'เพิ่มบทเรียน' }).click();
    await visible(lessons.getByRole('cell', { name: 'ตัวอย่าง' }));

    const groups = edit.getByRole('region', { name: 'กลุ่ม' });
    await groups.getByLabel('ช่องทาง', { exact: true }).click();
    await at.getByRole('option', { name: 'Facebook' }).click();
    await groups.getByLabel('ลิงก์กลุ่ม', { exact: true }).fill('https://www.facebook.com/groups/short-video-th');
    await groups.getByRole('button', { name: 'เพิ่มกลุ่ม' }).click();
    await visible(groups.getByRole('cell', { name: 'https://www.facebook.com/groups/short-video-th' }));
    await shot(at, 'product-content-1280');
    await at.keyboard.press('Escape');
    await hidden(edit);
    expect(problems.filter(notFavicon)).toEqual([]);

    // The storefront shows it to a visitor: its dialog, its tab with the document's title, its lesson.
    const visitor = await shop.page(1280, 900);
    await visitor.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
    await visitor.goto(`${shop.url}/product/${encodeURIComponent(NEW_COURSE)}`);
    const course = visitor.getByRole('dialog', { name: NEW_COURSE });
    await visible(course, 60_000);
    await visible(course.getByText('สิ่งที่จะได้เรียน').first());
    await visible(course.getByText('เอกสารประกอบ').first());
    await visible(course.getByText('สไลด์บทที่ 1').first());
    await visitor.close();
  });

  test('a coupon for listed e-mails is made here; the listed member uses it, another member is refused', async () => {
    const at = await staffPage();
    const problems = consoleProblems(at);
    await menuLink(at, 'คูปอง').click();
    await at.getByRole('button', { name: 'เพิ่มใหม่' }).click();
    const create = at.getByRole('dialog', { name: 'เพิ่มคูปอง' });
    await create.getByLabel('รหัสคูปอง').fill('EMAILONLY200');
    await create.getByLabel('ชื่อคูปอง').fill('ลด 200 บาทเฉพาะอีเมลที่เชิญ');
    await create.getByLabel('ประเภทส่วนลด').click();
    await at.getByRole('option', { name: 'ลดเป็นจำนวนเงิน' }).click();
    await create.getByLabel('ลด (บาท)').fill('200');
    // Any course, for the listed e-mails only.
    await create.getByLabel('ใช้กับคอร์ส').click();
    await at.getByRole('option', { name: 'ทุกคอร์ส' }).click();
    await create.getByRole('switch', { name: 'เฉพาะอีเมลที่กำหนด' }).check();
    await shot(at, 'coupon-create-1280');
    await create.getByRole('button', { name: 'บันทึก' }).click();
    await hidden(create);

    await at.getByRole('row').filter({ hasText: 'EMAILONLY200' }).click();
    const edit = at.getByRole('dialog', { name: 'แก้ไขคูปอง' });
    const emails = edit.getByRole('region', { name: 'อีเมลที่ใช้คูปองได้' });
    await emails.getByRole('textbox', { name: 'อีเมล' }).fill(MEMBER.email);
    await emails.getByRole('button', { name: 'เพิ่มอีเมล' }).click();
    await visible(emails.getByRole('cell', { name: MEMBER.email }));
    await shot(at, 'coupon-edit-1280');
    expect(problems.filter(notFavicon)).toEqual([]);

    // The member's side through the API (the storefront's coupon dialog is the checkout's): listed, it applies.
    const course = await call('product', {
      token: staffToken,
      body: { product_title: 'ตัดต่อวิดีโอด้วย CapCut', product_price: 990, product_status: 'Show' },
    });
    const checked = await call<{ pricing: { net: number; discount: number } }>(
      `couponByCode?code=EMAILONLY200&product_id=${course.insertId}`,
      { token: member },
    );
    expect(checked.data.pricing).toMatchObject({ discount: 200, net: 790 });
    const coupon = (await call<{ id: number }[]>('couponAllByCode?code=EMAILONLY200', { token: staffToken })).data[0]!;
    const placed = await transferOrder(member, course.insertId!, 'E2ECOUPONSLIP000001', 790, coupon.id);
    expect(placed).toMatchObject({ orders_discount: 200, orders_net: 790 });
    // Someone not on the list is refused with the spec's words.
    const other = await call<{ token: string }>('userRegister', {
      body: {
        email: 'not-listed@example.com',
        password: 'Another-pass-2026',
        confirmPassword: 'Another-pass-2026',
        name_title: 'นาย',
        name_th: 'คนอื่น',
        lname_th: 'ทดสอบ',
        nickname: 'อื่น',
        phone: '0898765432',
        terms: true,
      },
    });
    const refused = await fetch(`${shop.url}/api/couponByCode?code=EMAILONLY200&product_id=${course.insertId}`, {
      headers: { Authorization: `Bearer ${other.data.token}` },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as { message: string }).message).toBe('รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้');
    // Listed, but registered without proving the address: told to confirm it first (#22.3).
    await call('couponEmail', {
      token: staffToken,
      body: { coupon_id: coupon.id, coupon_email: 'not-listed@example.com' },
    });
    const unconfirmed = await fetch(`${shop.url}/api/couponByCode?code=EMAILONLY200&product_id=${course.insertId}`, {
      headers: { Authorization: `Bearer ${other.data.token}` },
    });
    expect(unconfirmed.status).toBe(403);
    expect(((await unconfirmed.json()) as { message: string }).message).toMatch(/^รหัสคูปองนี้ใช้ได้เมื่อยืนยันอีเมลแล้ว/);
  });

  test('staff turn a payment method off and on, and write the help page’s questions (#22.10)', async () => {
    const at = await staffPage();
    const problems = consoleProblems(at);
    await menuLink(at, 'ช่องทางการชำระเงิน').click();
    const promptPay = at.getByRole('row').filter({ hasText: 'QR พร้อมเพย์' });
    await visible(promptPay.getByText('เปิดรับ'));
    await promptPay.click();
    const edit = at.getByRole('dialog', { name: /^แก้ไข/ });
    await edit.getByRole('switch', { name: 'เปิดรับชำระด้วยช่องทางนี้' }).uncheck();
    await shot(at, 'payment-type-edit-1280');
    await edit.getByRole('button', { name: 'บันทึก' }).click();
    await hidden(edit);
    await visible(promptPay.getByText('ปิดรับ'));
    // Off for members at once: the public list says so and an order by it is refused.
    const types = await call<{ id: number; orders_payment_type_disable: string }[]>('ordersPaymentType');
    expect(types.data.find((t) => t.id === 5)?.orders_payment_type_disable).toBe('Y');
    const refused = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${member}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: transferCourseId } }),
    });
    expect(refused.status).toBe(422);
    await promptPay.click();
    await edit.getByRole('switch', { name: 'เปิดรับชำระด้วยช่องทางนี้' }).check();
    await edit.getByRole('button', { name: 'บันทึก' }).click();
    await hidden(edit);
    await visible(promptPay.getByText('เปิดรับ'));

    await menuLink(at, 'คำถามที่พบบ่อย').click();
    await at.getByRole('button', { name: 'เพิ่มใหม่' }).click();
    const create = at.getByRole('dialog', { name: /^เพิ่ม/ });
    await create.getByLabel('คำถาม').fill('ดูคอร์สซ้ำได้กี่ครั้ง');
    await create.getByLabel('คำตอบ').fill('ดูซ้ำได้ไม่จำกัดตลอดอายุคอร์ส');
    await create.getByLabel('ลำดับ').fill('0');
    await create.getByRole('button', { name: 'บันทึก' }).click();
    await hidden(create);
    await visible(at.getByRole('row').filter({ hasText: 'ดูคอร์สซ้ำได้กี่ครั้ง' }));
    expect(problems.filter(notFavicon)).toEqual([]);

    // The visitor's help dialog lists it first.
    const visitor = await shop.page();
    await visitor.goto(shop.url);
    await visitor.getByRole('button', { name: 'ช่วยเหลือ' }).click();
    const help = visitor.getByRole('dialog', { name: 'ช่วยเหลือ' });
    await help.getByRole('tab', { name: 'คำถามที่พบบ่อย' }).click();
    await help.getByRole('button', { name: 'ดูคอร์สซ้ำได้กี่ครั้ง' }).click();
    await visible(help.getByText('ดูซ้ำได้ไม่จำกัดตลอดอายุคอร์ส'));
    await visitor.close();
  });

  test('the orders list filters on the server and exports what it shows as CSV; the dashboard links to its lists', async () => {
    const at = await staffPage();
    const problems = consoleProblems(at);
    // Dashboard: the figures, each a link to its list.
    await visible(at.getByText('คำสั่งซื้อรอตรวจสอบ'));
    await visible(at.getByText(/฿[\d,]+\.\d{2}/).first());
    // The 30-day total is named for what it is; the chart beside it is the one per day.
    await visible(at.getByText('ยอดขายรวม 30 วันล่าสุด'));
    // The shop runs without a signing certificate: the dashboard says its documents go out unsigned.
    await visible(at.getByRole('alert').filter({ hasText: 'ออกโดยไม่มีลายมือชื่ออิเล็กทรอนิกส์' }));
    await at.getByRole('link', { name: /สมาชิกใหม่/ }).click();
    await expect.poll(() => new URL(at.url()).pathname).toBe('/admin/user');
    await at.goBack();
    await at.getByRole('link', { name: /คำสั่งซื้อรอตรวจสอบ/ }).click();
    await expect.poll(() => new URL(at.url()).pathname).toBe('/admin/ordersConfirm');

    await menuLink(at, 'คำสั่งซื้อทั้งหมด').click();
    await visible(at.getByRole('row').filter({ hasText: TRANSFER_COURSE.product_title }));
    // The search runs on the server: the member's e-mail finds their orders only.
    await at.getByPlaceholder('ค้นหา').fill('การเงินส่วนบุคคล');
    await expect.poll(async () => (await at.getByRole('row').count()) - 1, { timeout: 15_000 }).toBe(1);
    await shot(at, 'orders-1280');
    const download = at.waitForEvent('download');
    await at.getByRole('button', { name: 'ส่งออก CSV' }).click();
    const file = await download;
    const csv = (await downloadedBytes(file)).toString('utf8');
    // A byte-order mark for Excel, a header in Thai, and the filtered row only; never a payment page's token.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\n')[0]).toContain('เลขที่คำสั่งซื้อ');
    expect(csv).not.toMatch(/token/i);
    expect(csv).toContain(TRANSFER_COURSE.product_title);
    expect(csv.trim().split('\n')).toHaveLength(2);
    expect(problems.filter(notFavicon)).toEqual([]);
  });

  test('every sidebar page opens in Thai, fits a phone, and says so when it is empty', async () => {
    for (const width of [1280, 390]) {
      const at = await staffPage(width, 900);
      const problems = consoleProblems(at);
      for (const path of [
        'user',
        'coach',
        'personnel',
        'ordersConfirm',
        'orders',
        'ordersExpire',
        'category',
        'product',
        'coupon',
        'news',
        'video',
        'userProductGroup/facebook',
        'userProductGroup/line',
        'userProductGroupExpire',
        'couponPoint',
        'logCoin',
        'ordersPaymentType',
        'etax',
        'question',
        'user/1/show',
      ]) {
        await at.goto(`${shop.url}/admin/${path}`);
        await expect
          // A list, a member page, or a list's empty state (which replaces the list when nothing is there).
          .poll(() => at.locator('.RaList-main, .RaShow-main, main [role=status]').count(), { timeout: 30_000 })
          .toBeGreaterThan(0);
        await hidden(at.getByRole('progressbar'));
        const text = await at.locator('main').innerText();
        expect(text, path).not.toMatch(/No data|Please check|Not Found|Rows per page/);
        const overflow = await at.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
        await shot(at, `${path.replace(/\//g, '_')}-${width}`);
      }
      expect(problems.filter(notFavicon)).toEqual([]);
      await at.close();
    }
  });
});
