import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { orders, product } from '../../db/schema/index.js';

// Bad input to the order routes: wrong types, NUL and control characters, huge strings and lists, numbers out of
// range, unknown fields. Each is a 4xx with the envelope and a Thai message, never a 500, and changes nothing.
let t: Awaited<ReturnType<typeof testApp>>;
let member: Caller;
let staff: Caller;
let courseId: number;
let placed: { id: number; token: string };

const THAI = /[\u0E00-\u0E7F]/;
const huge = 'ก'.repeat(200_000);

beforeAll(async () => {
  t = await testApp();
  member = await t.member('input-buyer@example.com');
  staff = await t.staff('input-staff');
  const [row] = await t.db
    .insert(product)
    .values({ product_title: 'คอร์สทดสอบข้อมูล', product_price: baht(500), product_status: 'Show' })
    .returning({ id: product.id });
  courseId = row!.id;
  const res = await member.post('/api/orders', {
    order: { orders_payment_type_id: 5 },
    ordersDetail: { product_id: courseId },
  });
  expect(res.statusCode, res.body).toBe(200);
  placed = res.json().data;
});
afterAll(() => t?.close());

async function refused(response: Promise<{ statusCode: number; body: string }>, label: string) {
  const res = await response;
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { result: boolean; message: string };
  expect(body.result, label).toBe(false);
  expect(body.message, label).toMatch(THAI);
}

const order = (fields: Record<string, unknown>, detail: Record<string, unknown> = {}) => ({
  order: { orders_payment_type_id: 4, ...fields },
  ordersDetail: { product_id: courseId, ...detail },
});

describe('placing an order', () => {
  const bodies: [string, unknown][] = [
    ['no body', undefined],
    ['an array', [1, 2, 3]],
    ['order as a string', { order: 'x', ordersDetail: { product_id: 1 } }],
    ['product_id as a string', order({}, { product_id: 'หนึ่ง' })],
    ['product_id negative', order({}, { product_id: -1 })],
    ['product_id fractional', order({}, { product_id: 1.5 })],
    ['product_id past 2^31', order({}, { product_id: 2 ** 40 })],
    ['payment type as an object', order({ orders_payment_type_id: { id: 4 } })],
    ['an unknown payment type', order({ orders_payment_type_id: 99 })],
    ['receipt not Y/N', order({ receipt: 'yes' })],
    ['a NUL in the address', order({ receipt: 'Y', receipt_type: 'person', address: 'ถนน\u0000สีลม' })],
    ['a control character in the card id', order({ card_id: '1101\u0007700203451' })],
    ['a huge company name', order({ receipt: 'Y', receipt_type: 'company', company_name: huge })],
    ['a slip name with a path', order({ orders_payment_slip: '../../etc/passwd' })],
    ['a payment date that is not a date', order({ orders_payment_date: '22/11/2569' })],
    ['a payment time out of range', order({ orders_payment_time: '25:61' })],
    ['an unknown bank', order({ orders_payment_bank: 'BANKX' })],
    ['an amount as text', order({ orders_payment_amount: 'ห้าร้อย' })],
    ['an idempotency key too long', order({ idempotency_key: 'k'.repeat(5000) })],
    ['an unknown field', order({ discount_for_me: 100 })],
    ['an unknown detail field', order({}, { orders_detail_free: true })],
  ];
  for (const [label, body] of bodies) {
    test(label, async () => {
      await refused(member.post('/api/orders', body), label);
      await refused(member.post('/api/ordersCoinPay', body), `coins: ${label}`);
    });
  }

  test('none of them made an order', async () => {
    const mine = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.user_id, member.id!));
    expect(mine.map((o) => o.id)).toEqual([placed.id]);
  });
});

describe('the other order calls', () => {
  const cases: [string, (c: Caller) => Promise<{ statusCode: number; body: string }>][] = [
    ['ordersPay without a reference', (c) => c.post('/api/ordersPay', { token: 'x' })],
    ['ordersPay with a huge token', (c) => c.post('/api/ordersPay', { ref: placed.token, token: huge })],
    ['ordersPay with a NUL', (c) => c.post('/api/ordersPay', { ref: `${placed.token}\u0000` })],
    ['ordersPay with instalments as text', (c) => c.post('/api/ordersPay', { ref: 'x', installmentTerm: 'ten' })],
    ['ordersUpdate without an id', (c) => c.post('/api/ordersUpdate', { orders_status: 'cancel' })],
    ['ordersUpdate with a status nobody sets', (c) => c.post('/api/ordersUpdate', { id: 1, orders_status: 'wait' })],
    ['ordersUpdate with an id as text', (c) => c.post('/api/ordersUpdate', { id: 'หนึ่ง', orders_status: 'cancel' })],
    ['ordersUpdataAll with no ids', (c) => c.post('/api/ordersUpdataAll', { id: [], orders_status: 'finish' })],
    [
      'ordersUpdataAll with too many ids',
      (c) =>
        c.post('/api/ordersUpdataAll', { id: Array.from({ length: 5000 }, (_, i) => i + 1), orders_status: 'finish' }),
    ],
    ['ordersUpdataAll with ids as text', (c) => c.post('/api/ordersUpdataAll', { id: ['1'], orders_status: 'x' })],
    [
      'ordersUpdataListBookSend with a bad state',
      (c) => c.post('/api/ordersUpdataListBookSend', { status: 'Q', id: [1] }),
    ],
    ['ordersCancelByCode without a code', (c) => c.post('/api/ordersCancelByCode', {})],
    ['ordersCancelByCode with a huge code', (c) => c.post('/api/ordersCancelByCode', { code: huge })],
    ['ordersByRef without a reference', (c) => c.get('/api/ordersByRef')],
    ['ordersByRef with a control character', (c) => c.get('/api/ordersByRef?ref=%01abc')],
    ['ordersByCode with a huge code', (c) => c.get(`/api/ordersByCode?code=${'a'.repeat(3000)}`)],
    ['ordersView with an id as text', (c) => c.get('/api/ordersView?id=abc')],
    ['ordersView with a negative id', (c) => c.get('/api/ordersView?id=-5')],
    ['ordersByDate with a date that is not one', (c) => c.get('/api/ordersByDate?from=2026-13-45&to=x')],
    ['ordersReview past the last page', (c) => c.get('/api/ordersReview?page=0&pageSize=100000')],
    ['ordersTotalStatus of an unknown status', (c) => c.get('/api/ordersTotalStatus?orders_status=paid')],
    ['ordersRecheckByUser with a user as text', (c) => c.get('/api/ordersRecheckByUser?user_id=me')],
    ['ordersFileTaxInvoice with an unknown field', (c) => c.get('/api/ordersFileTaxInvoice?id=1&x=1')],
  ];
  for (const [label, call] of cases) {
    test(label, async () => {
      const caller = /Updata|Review|ByDate|TotalStatus/.test(label) ? staff : member;
      await refused(call(caller), label);
    });
  }

  test('the order is still as it was', async () => {
    const [row] = await t.db.select({ s: orders.orders_status }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.s).toBe('wait');
  });
});

describe('the gateway’s endpoints', () => {
  const notify = (payload: string | Buffer, type = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/order/notify', headers: { 'content-type': type }, payload });

  test('a notification that is not JSON, is unsigned, is huge or names nothing is refused', async () => {
    for (const [label, payload, type] of [
      ['not JSON', '{"id":', 'application/json'],
      ['a form', 'id=chrg_1&status=paid', 'application/x-www-form-urlencoded'],
      ['unsigned', JSON.stringify({ id: 'chrg_test_1', status: 'paid' }), 'application/json'],
      ['a NUL', `{"id":"chrg\u0000"}`, 'application/json'],
      ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01]), 'application/octet-stream'],
      ['huge', JSON.stringify({ id: huge }), 'application/json'],
    ] as const) {
      await refused(notify(payload, type), label);
    }
  });

  test('a return with a garbage reference goes to the orders page without a verdict', async () => {
    for (const url of [
      '/order/callback?ref=%00',
      `/order/callback?ref=${'x'.repeat(5000)}`,
      '/order/callback?objectId=chrg_unknown',
      '/order/callback?ref[]=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode === 303) expect(res.headers.location, url).toBe('/courses/onlyOrder');
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/order/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `objectId=${'%ff'.repeat(100)}&status=true`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/courses/onlyOrder');
  });
});
