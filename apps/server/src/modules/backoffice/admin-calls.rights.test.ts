import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../../test/app.js';

// Every call the back office's screens make that only staff may make, sent as a visitor, as a member and as staff
// with the same well-formed input: the visitor is asked to sign in (401), the member refused (403) before anything
// is read or written, and staff reach the handler (no 401 or 403; a row that does not exist may answer 404).
// Calls that members may also make for themselves (an order of their own, their statistics) are tested with their
// modules; the resource engine's reads are scoped per row in test/resource-policies.test.ts.

let t: Awaited<ReturnType<typeof testApp>>;
let member: Awaited<ReturnType<typeof t.member>>;
let staff: Awaited<ReturnType<typeof t.staff>>;

beforeAll(async () => {
  t = await testApp();
  member = await t.member('not-staff@example.com');
  staff = await t.staff('rights-sweep');
});
afterAll(() => t.close());

type Call = readonly ['GET' | 'POST' | 'DELETE', string, unknown?];

const message = { text: 'ประกาศจากร้าน', audience: 'all' };

/** The screen each call serves, for the test names. */
const calls: Record<string, Call[]> = {
  sidebar: [['GET', '/api/ordersTotalStatus']],
  dashboard: [
    ['GET', '/api/dashboard'],
    ['GET', '/api/paymentSetup'],
    ['GET', '/api/signingStatus'],
  ],
  orders: [
    ['GET', '/api/ordersReview'],
    ['GET', '/api/ordersReview?orders_status=wait'],
    ['GET', '/api/ordersByDate?from=2026-11-01&to=2026-11-30'],
    ['POST', '/api/ordersUpdataAll', { id: [1], orders_status: 'finish' }],
    ['POST', '/api/ordersUpdataAll', { id: [1], orders_status: 'cancel', cancel_note: 'สลิปไม่ชัด' }],
    ['POST', '/api/ordersUpdataListBookSend', { id: [1], status: 'Y' }],
  ],
  history: [
    ['GET', '/api/auditLog?subject=orders&subject_id=1'],
    ['GET', '/api/auditLog?member_id=1'],
  ],
  groups: [['GET', '/api/userProductGroupExpire']],
  coupons: [['GET', '/api/couponAllByCode?code=SALE10']],
  send: [
    ['POST', '/api/sendAudience', { audience: 'all' }],
    ['POST', '/api/send', { ...message, channels: ['noti'] }],
    ['POST', '/api/noti', message],
    ['POST', '/api/notiLine', message],
    ['POST', '/api/notiFacebook', message],
    ['GET', '/api/sendList'],
    ['GET', '/api/sendById?id=1'],
    ['GET', '/api/sendDelivery?id=1'],
  ],
  'staff writes': [
    ['POST', '/api/category', { category_name: 'หมวดใหม่' }],
    ['POST', '/api/product', { product_title: 'คอร์สใหม่', product_price: 100 }],
    ['POST', '/api/coach', { coach_name: 'ครูใหม่' }],
    ['POST', '/api/news', { news_title: 'ข่าวใหม่' }],
    ['POST', '/api/personnel', { username: 'new-staff', password: 'A-strong-pass-2026', personnel_name: 'ใหม่' }],
    ['POST', '/api/logPoint', { user_id: 1, log_point_amount: 10, log_point_note: 'ชดเชย' }],
    ['DELETE', '/api/category?id=1'],
  ],
};

describe.each(Object.entries(calls))('%s', (_screen, list) => {
  const cases = list.map(([method, url, body]) => ({ method, url, body }));
  test.each(cases)('$method $url: a visitor 401, a member 403, staff answered', async ({ method, url, body }) => {
    const asVisitor = await t.visitor.request(method, url, body);
    expect(asVisitor.statusCode, asVisitor.body).toBe(401);
    const asMember = await member.request(method, url, body);
    expect(asMember.statusCode, asMember.body).toBe(403);
    // A refusal carries no data of the shop.
    expect(asMember.json().data ?? null).toBeNull();
    const asStaff = await staff.request(method, url, body);
    expect([401, 403], `${asStaff.statusCode} ${asStaff.body}`).not.toContain(asStaff.statusCode);
    expect(asStaff.statusCode, asStaff.body).toBeLessThan(500);
  });
});
