import { message, messagingTexts } from '@sikkha/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { type MessengerDouble, psid, startMessengerDouble } from '../../../test/facebook-messenger-double.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import { LINE_STAFF_GROUP, type LineDouble, lineUserId, startLineDouble } from '../../../test/line-double.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { broadcastDelivery, job, messageOutbox, messagingLink, user } from '../../db/schema/index.js';
import { deliverBroadcast } from '../../jobs/send.job.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);
const DAY = 86_400_000;

let t: Awaited<ReturnType<typeof testApp>>;
let line: LineDouble;
let messenger: MessengerDouble;
let smtp: TestSmtp;
let staff: Caller;
let course: Awaited<ReturnType<typeof courseFixture>>;

beforeAll(async () => {
  line = await startLineDouble();
  smtp = await startSmtp({ reject: (address) => address.startsWith('bounce') });
  // The double judges Messenger's 24-hour window by the app's own (test) clock.
  let clock: () => Date = () => new Date();
  messenger = await startMessengerDouble(() => clock());
  t = await testApp({
    env: { ...line.env, ...messenger.env, SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' },
  });
  clock = t.clock.now;
  staff = await t.staff('messaging-staff');
  course = await courseFixture(t.db, { title: 'คอร์สส่งข้อความ' });
});
afterAll(async () => {
  await t?.close();
  await line?.close();
  await messenger?.close();
  await smtp?.close();
});

let unique = 0;
const member = () => t.member(`messaging-${++unique}@example.com`);

/** Links a member's LINE account the way a member does: a code from the site, sent in a chat with the shop. */
async function linkLine(m: Caller, lineId = lineUserId()) {
  const code = (await m.post('/api/messagingLinkCode')).json().data.code;
  const request = line.webhook([
    { type: 'message', source: { type: 'user', userId: lineId }, message: { id: '1', type: 'text', text: code } },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhookLine',
    headers: request.headers,
    payload: request.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return lineId;
}

/** Links a member's Messenger account: the m.me link carries the code (a referral event). */
async function linkMessenger(m: Caller, id = psid()) {
  const code = (await m.post('/api/messagingLinkCode')).json().data.code;
  const request = messenger.webhook([
    {
      sender: { id },
      recipient: { id: 'page' },
      timestamp: t.clock.now().getTime(),
      referral: { ref: code, source: 'SHORTLINK', type: 'OPEN_THREAD' },
    },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhookFacebook',
    headers: request.headers,
    payload: request.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const deliveriesOf = async (id: number, query = '') => {
  const res = await staff.get(`/api/sendDelivery?id=${id}&pageSize=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    user_id: number;
    channel: string;
    status: string;
    reason: string | null;
    attempts: number;
  }[];
};

const jobsOf = (broadcastId: number) =>
  t.db
    .select()
    .from(job)
    .where(eq(job.name, deliverBroadcast.name))
    .then((rows) => rows.filter((r) => (r.payload as { broadcast_id: number }).broadcast_id === broadcastId));

describe('rights', () => {
  const staffCalls: [method: 'GET' | 'POST', url: string, body?: object][] = [
    ['POST', '/api/noti', { text: 'สวัสดี', audience: 'all' }],
    ['POST', '/api/notiImage', { text: 'สวัสดี', audience: 'all', image: 'x.png' }],
    ['POST', '/api/notiLine', { text: 'สวัสดี', audience: 'all' }],
    ['POST', '/api/notiFacebook', { text: 'สวัสดี', audience: 'all' }],
    ['POST', '/api/send', { text: 'สวัสดี', audience: 'all', channels: ['noti'] }],
    ['POST', '/api/sendAudience', { audience: 'all' }],
    ['GET', '/api/sendList'],
    ['GET', '/api/sendById?id=1'],
    ['GET', '/api/sendDelivery?id=1'],
  ];

  test('sending and the delivery log are for staff: a visitor gets 401, a member 403', async () => {
    const m = await member();
    for (const [method, url, body] of staffCalls) {
      expect((await t.visitor.request(method, url, body)).statusCode, `${url} as a visitor`).toBe(401);
      const refused = await m.request(method, url, body);
      expect(refused.statusCode, `${url} as a member`).toBe(403);
      expect(refused.json()).toMatchObject({ result: false, message: message('forbidden') });
    }
    expect(await t.db.select().from(broadcastDelivery)).toEqual([]);
  });

  test('linking a chat account is the member’s own: a visitor gets 401, staff 403', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/messagingLinkCode'],
      ['GET', '/api/messagingLinks'],
      ['POST', '/api/messagingUnlink', { channel: 'line' }],
    ] as const) {
      expect((await t.visitor.request(method, url, body)).statusCode).toBe(401);
      expect((await staff.request(method, url, body)).statusCode).toBe(403);
    }
  });
});

describe('bad input', () => {
  test('a clear Thai message and 400, never a message written', async () => {
    const cases: [object, string][] = [
      [{ text: '  ', audience: 'all', channels: ['noti'] }, 'กรุณากรอก ข้อมูล'],
      [{ text: 'ข่าว', audience: 'course', channels: ['noti'] }, messagingTexts.chooseCourse.th],
      [{ text: 'ข่าว', audience: 'members', user_ids: [], channels: ['noti'] }, messagingTexts.chooseMembers.th],
      [{ text: 'ข่าว', audience: 'all', channels: [] }, messagingTexts.chooseChannel.th],
      [
        { text: 'ข่าว', audience: 'all', channels: ['noti'], image: 'never-uploaded.png' },
        messagingTexts.imageUnknown.th,
      ],
      [{ text: 'ข่าว', audience: 'course', product_id: 2_000_000_000, channels: ['noti'] }, message('badReference')],
      [
        { text: 'ข่าว', audience: 'members', user_ids: [2_000_000_000], channels: ['noti'] },
        messagingTexts.noRecipients.th,
      ],
    ];
    for (const [body, text] of cases) {
      const res = await staff.post('/api/send', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const image = await staff.post('/api/notiImage', { text: 'ข่าว', audience: 'all' });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toContain(messagingTexts.chooseImage.th);
    expect(
      (await staff.post('/api/send', { text: 'x'.repeat(2001), audience: 'all', channels: ['noti'] })).statusCode,
    ).toBe(400);
    expect((await staff.get('/api/sendList')).json().total).toBe(0);
  });
});

describe('linking LINE and Messenger', () => {
  test('a code sent to the LINE account links it; LINE is told so in a reply', async () => {
    const m = await member();
    const made = (await m.post('/api/messagingLinkCode')).json().data;
    expect(made.code).toMatch(/^LINK-[2-9A-HJKMNP-Z]{8}$/);
    expect(made.line_url).toBe(`https://line.me/R/oaMessage/%40sikkha-test/?${made.code}`);
    expect(made.facebook_url).toBe(`https://m.me/${messenger.env.FACEBOOK_PAGE_ID}?ref=${made.code}`);

    const lineId = lineUserId();
    const event = {
      type: 'message',
      source: { type: 'user', userId: lineId },
      message: { type: 'text', id: '1', text: `รหัส ${made.code.toLowerCase()}` },
    };
    // Unsigned, or signed with another secret: refused, nothing linked.
    const forged = line.webhook([event], 'another-channel-secret');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/webhookLine',
      headers: forged.headers,
      payload: forged.body,
    });
    expect(refused.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhookLine',
      headers: { 'content-type': 'application/json' },
      payload: forged.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.db.select().from(messagingLink).where(eq(messagingLink.external_id, lineId))).toEqual([]);

    const replies = line.replies().length;
    const signed = line.webhook([event]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: signed.headers, payload: signed.body }))
        .statusCode,
    ).toBe(200);
    expect(line.replies()).toHaveLength(replies + 1);
    expect(line.replies().at(-1)!.messages).toEqual([{ type: 'text', text: messagingTexts.linked.th }]);
    const links = (await m.get('/api/messagingLinks')).json().data.channels;
    expect(links).toContainEqual(expect.objectContaining({ channel: 'line', available: true, linked: true }));

    // The code is spent: sent again, it links nothing and LINE says so.
    const again = line.webhook([{ ...event, source: { type: 'user', userId: lineUserId() } }]);
    await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: again.headers, payload: again.body });
    expect(line.replies().at(-1)!.messages).toEqual([{ type: 'text', text: messagingTexts.codeUnknown.th }]);
    expect(await t.db.select().from(messagingLink).where(eq(messagingLink.user_id, m.id!))).toHaveLength(1);
  });

  test('an expired code links nothing', async () => {
    const m = await member();
    const { code } = (await m.post('/api/messagingLinkCode')).json().data;
    t.clock.advance(31 * 60_000);
    const request = line.webhook([
      {
        type: 'message',
        source: { type: 'user', userId: lineUserId() },
        message: { type: 'text', id: '2', text: code },
      },
    ]);
    await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: request.headers, payload: request.body });
    expect(line.replies().at(-1)!.messages).toEqual([{ type: 'text', text: messagingTexts.codeUnknown.th }]);
    expect((await m.get('/api/messagingLinks')).json().data.channels[1]).toMatchObject({
      channel: 'line',
      linked: false,
    });
  });

  test('a follow by a stranger is welcomed; unfollow (a block) stops counting the member, a follow again restores them', async () => {
    const stranger = line.webhook([{ type: 'follow', source: { type: 'user', userId: lineUserId() } }]);
    await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: stranger.headers, payload: stranger.body });
    expect(line.replies().at(-1)!.messages).toEqual([{ type: 'text', text: messagingTexts.welcome.th }]);

    const m = await member();
    const lineId = await linkLine(m);
    const count = async () =>
      (await staff.post('/api/sendAudience', { audience: 'members', user_ids: [m.id] })).json().data.line;
    expect(await count()).toBe(1);
    const unfollow = line.webhook([{ type: 'unfollow', source: { type: 'user', userId: lineId } }]);
    await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: unfollow.headers, payload: unfollow.body });
    expect(await count()).toBe(0);
    const follow = line.webhook([{ type: 'follow', source: { type: 'user', userId: lineId } }]);
    await t.app.inject({ method: 'POST', url: '/api/webhookLine', headers: follow.headers, payload: follow.body });
    expect(await count()).toBe(1);
  });

  test('Messenger: the subscription check, an m.me link with the code, and unlinking', async () => {
    const verify = (token: string) =>
      t.app.inject({
        url: `/api/webhookFacebook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    expect((await verify(messenger.env.FACEBOOK_VERIFY_TOKEN)).body).toBe('1158201444');
    expect((await verify('wrong-token')).statusCode).toBe(403);

    const m = await member();
    const id = await linkMessenger(m);
    expect(messenger.delivered().at(-1)).toMatchObject({
      psid: id,
      messaging_type: 'UPDATE',
      message: { text: messagingTexts.linked.th },
    });
    expect((await m.get('/api/messagingLinks')).json().data.channels[0]).toMatchObject({
      channel: 'facebook',
      linked: true,
    });

    const forged = messenger.webhook(
      [{ sender: { id: psid() }, message: { mid: 'm', text: 'LINK-ABCDEFGH' } }],
      'not-the-app-secret',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhookFacebook',
          headers: forged.headers,
          payload: forged.body,
        })
      ).statusCode,
    ).toBe(401);

    const after = await m.post('/api/messagingUnlink', { channel: 'facebook' });
    expect(after.json().data.channels[0]).toMatchObject({ channel: 'facebook', linked: false });
  });
});

describe('audience', () => {
  test('all members, a course’s buyers, or chosen members, with how many each channel reaches', async () => {
    const buyer = await member();
    const waiting = await member();
    const other = await member();
    await purchase(t.db, buyer.id!, course.course.id, 'finish', t.clock.now());
    await purchase(t.db, waiting.id!, course.course.id, 'wait', t.clock.now());
    await linkLine(buyer);
    await linkMessenger(other);

    const buyers = (await staff.post('/api/sendAudience', { audience: 'course', product_id: course.course.id })).json()
      .data;
    expect(buyers).toEqual({
      members: 1,
      line: 1,
      facebook: 0,
      facebookWindow: 0,
      email: 1,
      available: { line: true, facebook: true },
    });
    const chosen = (
      await staff.post('/api/sendAudience', { audience: 'members', user_ids: [buyer.id, other.id] })
    ).json().data;
    expect(chosen).toMatchObject({ members: 2, line: 1, facebook: 1, facebookWindow: 1, email: 2 });
    const everyone = await t.db.$count(user);
    expect((await staff.post('/api/sendAudience', { audience: 'all' })).json().data.members).toBe(everyone);
  });
});

describe('sending', () => {
  test('LINE to a course’s buyers: one multicast to the linked, the others skipped with the reason, all in the log', async () => {
    const fixture = await courseFixture(t.db, { title: 'คอร์ส LINE' });
    const [a, b, unlinked] = [await member(), await member(), await member()];
    for (const m of [a, b, unlinked]) await purchase(t.db, m.id!, fixture.course.id, 'finish', t.clock.now());
    const ids = [await linkLine(a), await linkLine(b)];

    const res = await staff.post('/api/notiLine', {
      text: 'เรียนสดคืนนี้ 20.00 น.',
      audience: 'course',
      product_id: fixture.course.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({
      channels: ['line'],
      audience: 'course',
      product_title: 'คอร์ส LINE',
      personnel_username: 'messaging-staff',
    });
    expect(sent.progress).toEqual([{ channel: 'line', queued: 2, sent: 0, failed: 0, skipped: 1 }]);

    const before = line.delivered().length;
    await t.app.ctx.jobs.runDue();
    const calls = line.delivered().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: 'multicast', messages: [{ type: 'text', text: 'เรียนสดคืนนี้ 20.00 น.' }] });
    expect(calls[0]!.to.sort()).toEqual(ids.sort());

    const log = await deliveriesOf(sent.id);
    expect(log.map((d) => [d.user_id, d.status, d.reason])).toEqual([
      [a.id, 'sent', null],
      [b.id, 'sent', null],
      [unlinked.id, 'skipped', messagingTexts.notLinkedLine.th],
    ]);
    expect((await staff.get(`/api/sendById?id=${sent.id}`)).json().data.progress).toEqual([
      { channel: 'line', queued: 0, sent: 2, failed: 0, skipped: 1 },
    ]);
    expect(await deliveriesOf(sent.id, '&status=skipped')).toHaveLength(1);
  });

  test('one member gets a push; a picture goes first, with its preview, from the shop’s public address', async () => {
    const m = await member();
    const lineId = await linkLine(m);
    const form = new FormData();
    form.append('images', new Blob([PNG], { type: 'image/png' }), 'poster.png');
    const image = (await staff.request('POST', '/api/uploadSendImage', form)).json().data as string;
    const res = await staff.post('/api/send', {
      text: 'โปรโมชัน',
      image,
      audience: 'members',
      user_ids: [m.id],
      channels: ['line'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = line.delivered().length;
    await t.app.ctx.jobs.runDue();
    const [push] = line.delivered().slice(before);
    const stem = image.replace(/\.png$/, '');
    expect(push).toMatchObject({
      path: 'push',
      to: [lineId],
      messages: [
        {
          type: 'image',
          originalContentUrl: `https://shop.example/api/sendImage/${image}`,
          previewImageUrl: `https://shop.example/api/sendImage/${stem}-preview.jpg`,
        },
        { type: 'text', text: 'โปรโมชัน' },
      ],
    });
    // The preview is served as LINE will fetch it.
    const preview = await t.app.inject({ url: `/api/sendImage/${stem}-preview.jpg` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
  });

  test('more than 500 linked members: multicasts of at most 500', async () => {
    const at = t.clock.now().toISOString();
    const made = await t.db
      .insert(user)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          email: `bulk-${i}@example.com`,
          name_th: 'สมาชิก',
          create_at: at,
          update_at: at,
        })),
      )
      .returning({ id: user.id });
    await t.db
      .insert(messagingLink)
      .values(made.map((u) => ({ user_id: u.id, channel: 'line' as const, external_id: lineUserId() })));
    const res = await staff.post('/api/notiLine', {
      text: 'ข่าวถึงทุกคน',
      audience: 'members',
      user_ids: made.map((u) => u.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = line.delivered().length;
    await t.app.ctx.jobs.runDue();
    const calls = line.delivered().slice(before);
    expect(calls.map((c) => [c.path, c.to.length])).toEqual([
      ['multicast', 500],
      ['push', 1],
    ]);
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(2);
    expect((await staff.get(`/api/sendById?id=${res.json().data.id}`)).json().data.progress[0]).toMatchObject({
      sent: 501,
      queued: 0,
    });
  });

  test('a 5xx is retried with backoff and the same retry key; the log shows the reason until it goes', async () => {
    const m = await member();
    const lineId = await linkLine(m);
    line.failNext(2, 500);
    const sent = (await staff.post('/api/notiLine', { text: 'ลองใหม่', audience: 'members', user_ids: [m.id] })).json()
      .data;
    const before = line.calls.length;
    await t.app.ctx.jobs.runDue();
    let [row] = await deliveriesOf(sent.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.reason).toContain('LINE 500');
    expect((await jobsOf(sent.id))[0]).toMatchObject({ state: 'retry', attempts: 1 });

    // Not before its backoff.
    await t.app.ctx.jobs.runDue();
    expect(line.calls.length).toBe(before + 1);
    t.clock.advance(30_000);
    await t.app.ctx.jobs.runDue();
    t.clock.advance(60_000);
    await t.app.ctx.jobs.runDue();
    [row] = await deliveriesOf(sent.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, reason: null });
    const calls = line.calls.slice(before);
    expect(calls.map((c) => c.status)).toEqual([500, 500, 200]);
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(1);
    expect(calls[2]!.to).toEqual([lineId]);
  });

  test('LINE accepted it but answered 500: the retry gets 409 and the member gets it once', async () => {
    const m = await member();
    await linkLine(m);
    line.acceptButFail(1);
    const sent = (await staff.post('/api/notiLine', { text: 'ครั้งเดียว', audience: 'members', user_ids: [m.id] })).json()
      .data;
    const before = line.calls.length;
    await t.app.ctx.jobs.runDue();
    t.clock.advance(30_000);
    await t.app.ctx.jobs.runDue();
    expect((await deliveriesOf(sent.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // Accepted once (answered 500), then refused as a repeat: never sent twice.
    expect(line.calls.slice(before).map((c) => c.status)).toEqual([500]);
  });

  test('every retry failing ends failed with the last reason; a refusal (4xx) is not retried', async () => {
    const m = await member();
    await linkLine(m);
    line.failNext(6, 500);
    const sent = (await staff.post('/api/notiLine', { text: 'ไม่ถึง', audience: 'members', user_ids: [m.id] })).json()
      .data;
    for (let i = 0; i < 6; i++) {
      await t.app.ctx.jobs.runDue();
      t.clock.advance(10 * 60_000);
    }
    expect((await deliveriesOf(sent.id))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    expect((await jobsOf(sent.id))[0]).toMatchObject({ state: 'dead', attempts: 6 });

    // A link whose id LINE does not take: refused with LINE's words, at once.
    const broken = await member();
    await t.db.insert(messagingLink).values({ user_id: broken.id!, channel: 'line', external_id: 'Unot-a-line-user' });
    const refused = (
      await staff.post('/api/notiLine', { text: 'ผิด', audience: 'members', user_ids: [broken.id] })
    ).json().data;
    await t.app.ctx.jobs.runDue();
    const [row] = await deliveriesOf(refused.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.reason).toContain('LINE 400');
    expect((await jobsOf(refused.id))[0]).toMatchObject({ state: 'done' });
  });

  test('the bell: each member gets the notification (with its picture from /notiImage) and reads it', async () => {
    const [a, b] = [await member(), await member()];
    const form = new FormData();
    form.append('images', new Blob([PNG], { type: 'image/png' }), 'bell.png');
    const image = (await staff.request('POST', '/api/uploadSendImage', form)).json().data as string;
    const res = await staff.post('/api/notiImage', {
      text: 'คอร์สใหม่มาแล้ว',
      image,
      audience: 'members',
      user_ids: [a.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.jobs.runDue();
    for (const m of [a, b]) {
      const mine = (await m.get(`/api/notificationFindByUserId?user_id=${m.id}`)).json().data;
      expect(mine).toContainEqual(
        expect.objectContaining({
          notification_message: 'คอร์สใหม่มาแล้ว',
          notification_image: image,
          notification_status: 'Y',
        }),
      );
    }
    expect((await deliveriesOf(res.json().data.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
    // A rerun of the job (a lost lease) adds nothing twice.
    await t.db.update(job).set({ state: 'queued' }).where(eq(job.name, deliverBroadcast.name));
    await t.app.ctx.jobs.runDue();
    expect(
      (await a.get(`/api/notificationFindByUserId?user_id=${a.id}`))
        .json()
        .data.filter((n: { notification_message: string }) => n.notification_message === 'คอร์สใหม่มาแล้ว'),
    ).toHaveLength(1);
  });

  test('a member deleted after the message was written is skipped, not sent', async () => {
    const gone = await member();
    const sent = (await staff.post('/api/noti', { text: 'ลาก่อน', audience: 'members', user_ids: [gone.id] })).json()
      .data;
    await t.db.delete(user).where(eq(user.id, gone.id!));
    await t.app.ctx.jobs.runDue();
    expect(await deliveriesOf(sent.id)).toEqual([
      expect.objectContaining({ user_id: null, status: 'skipped', reason: messagingTexts.memberGone.th }),
    ]);
  });

  test('Messenger: inside the 24-hour window as a response, past it only with a tag, retried on a temporary error', async () => {
    const [fresh, stale, tagged] = [await member(), await member(), await member()];
    const freshId = await linkMessenger(fresh);
    const staleId = await linkMessenger(stale);
    const taggedId = await linkMessenger(tagged);
    // `stale` and `tagged` last wrote to the Page two days ago, as the platform also knows.
    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * DAY);
    await t.db
      .update(messagingLink)
      .set({ last_inbound_at: twoDaysAgo.toISOString() })
      .where(inArray(messagingLink.external_id, [staleId, taggedId]));
    messenger.personWrote(staleId, twoDaysAgo);
    messenger.personWrote(taggedId, twoDaysAgo);

    messenger.failNext(1);
    const plain = (
      await staff.post('/api/notiFacebook', { text: 'ข่าวสาร', audience: 'members', user_ids: [fresh.id, stale.id] })
    ).json().data;
    await t.app.ctx.jobs.runDue();
    let log = await deliveriesOf(plain.id);
    expect(log.map((d) => [d.user_id, d.status])).toEqual([
      [fresh.id, 'queued'],
      [stale.id, 'skipped'],
    ]);
    expect(log[1]!.reason).toBe(messagingTexts.outsideWindow.th);
    t.clock.advance(30_000);
    await t.app.ctx.jobs.runDue();
    log = await deliveriesOf(plain.id);
    expect(log[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(messenger.delivered().at(-1)).toMatchObject({
      psid: freshId,
      messaging_type: 'UPDATE',
      message: { text: 'ข่าวสาร' },
    });

    const update = (
      await staff.post('/api/notiFacebook', {
        text: 'คอร์สของคุณเปิดแล้ว',
        audience: 'members',
        user_ids: [tagged.id],
        facebook_tag: 'POST_PURCHASE_UPDATE',
      })
    ).json().data;
    await t.app.ctx.jobs.runDue();
    expect((await deliveriesOf(update.id))[0]).toMatchObject({ status: 'sent' });
    expect(messenger.delivered().at(-1)).toMatchObject({
      psid: taggedId,
      messaging_type: 'MESSAGE_TAG',
      tag: 'POST_PURCHASE_UPDATE',
    });
  });

  test('e-mail: one mail per member over SMTP; a refused address fails at once with the server’s reason', async () => {
    const ok = await member();
    const bounce = await t.member('bounce@example.com');
    const [noEmail] = await t.db.insert(user).values({ name_th: 'ไม่มีอีเมล' }).returning({ id: user.id });
    const res = await staff.post('/api/send', {
      text: 'สรุปข่าวประจำเดือน\n\nรายละเอียด <b>สำคัญ</b>',
      audience: 'members',
      user_ids: [ok.id, bounce.id, noEmail!.id],
      channels: ['email', 'noti'],
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.jobs.runDue();
    const mail = await smtp.nextMailTo(`messaging-${unique}@example.com`);
    expect(mail.subject).toBe('สิกขา: สรุปข่าวประจำเดือน');
    expect(mail.html).toContain('รายละเอียด &lt;b&gt;สำคัญ&lt;/b&gt;');
    const log = await deliveriesOf(res.json().data.id, '&channel=email');
    expect(log.map((d) => [d.user_id, d.status])).toEqual([
      [ok.id, 'sent'],
      [bounce.id, 'failed'],
      [noEmail!.id, 'skipped'],
    ]);
    expect(log[1]!.reason).toContain('550');
    expect(log[2]!.reason).toBe(messagingTexts.noEmail.th);
    expect(res.json().data.channels).toEqual(['noti', 'email']);
  });

  test('the history lists messages newest first with their progress, paged', async () => {
    const list = (await staff.get('/api/sendList?pageSize=2')).json();
    expect(list.data).toHaveLength(2);
    expect(list.total).toBeGreaterThan(5);
    expect(list.data[0].id).toBeGreaterThan(list.data[1].id);
    expect(list.data[0].progress[0]).toEqual(
      expect.objectContaining({ queued: expect.any(Number), sent: expect.any(Number), failed: expect.any(Number) }),
    );
    expect((await staff.get('/api/sendById?id=2000000000')).statusCode).toBe(404);
    expect((await staff.get('/api/sendDelivery?id=2000000000')).statusCode).toBe(404);
  });
});

describe('group-code requests', () => {
  test('go to the staff LINE group through the official account, logged as sent', async () => {
    const buyer = await member();
    await purchase(t.db, buyer.id!, course.course.id, 'finish', t.clock.now());
    const code = (await buyer.post('/api/userProductGroupGennarate', { id: course.groups.facebook.id })).json().data
      .user_product_group_code;
    const before = line.delivered().length;
    await t.app.ctx.jobs.runDue();
    const [push] = line.delivered().slice(before);
    expect(push).toMatchObject({ path: 'push', to: [LINE_STAFF_GROUP] });
    expect(String(push!.messages[0]!.text)).toContain(code);
    expect(
      await t.db
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.status, 'sent'), inArray(messageOutbox.channel, ['facebook']))),
    ).toHaveLength(1);
  });
});
