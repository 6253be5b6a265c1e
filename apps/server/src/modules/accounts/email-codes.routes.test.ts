import { accountMessages } from '@sikkha/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, TEST_PASSWORD, testApp } from '../../../test/app.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { emailCode, job, mailOutbox, user } from '../../db/schema/index.js';
import { exponentialBackoff } from '../../jobs/job.js';
import { sendMail } from '../../jobs/mail.job.js';
import { createMailer } from '../../providers/mail.js';
import { CONFIRM_MAX_ATTEMPTS, RESET_LIMITS } from './email-codes.service.js';
import { confirmCodeMail, resetPasswordMail } from './mail-templates.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: TestSmtp;
const REFUSED = 'refused@example.com';
const FLAKY = 'flaky@example.com';
/** Addresses the SMTP server refuses for now. */
const refusing = new Set([REFUSED]);

beforeAll(async () => {
  smtp = await startSmtp({ reject: (address) => refusing.has(address) });
  t = await testApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.th' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A member whose address is not confirmed yet (agreement N). */
async function unconfirmed(email: string) {
  const member = await t.member(email);
  await t.db.update(user).set({ agreement: 'N' }).where(eq(user.id, member.id!));
  return member;
}

/** Runs the mail jobs the requests enqueued (the runner is not started in tests), then reads the next mail. */
async function delivered(email: string) {
  await t.app.ctx.jobs.runDue();
  return smtp.nextMailTo(email);
}

/** The latest mail job to an address. */
async function mailJobTo(email: string) {
  const [row] = await t.db
    .select()
    .from(job)
    .where(and(eq(job.name, sendMail.name), sql`${job.payload}->>'to' = ${email}`))
    .orderBy(desc(job.id))
    .limit(1);
  return row!;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function mailedCode(member: Caller, email: string) {
  const res = await member.post('/api/sendConfirmEmail');
  expect(res.statusCode, res.body).toBe(200);
  return codeIn((await delivered(email)).text);
}

describe('e-mail confirmation code', () => {
  test('ladder: a visitor gets 401, staff 403', async () => {
    expect((await t.visitor.post('/api/sendConfirmEmail')).statusCode).toBe(401);
    expect((await t.visitor.post('/api/confirmEmail', { code: '123456' })).statusCode).toBe(401);
    const staff = await t.staff('codes-staff');
    expect((await staff.post('/api/sendConfirmEmail')).statusCode).toBe(403);
    expect((await staff.post('/api/confirmEmail', { code: '123456' })).statusCode).toBe(403);
  });

  test('send, a wrong code, then the right one: agreement becomes Y', async () => {
    const email = 'confirm.me@example.com';
    const member = await unconfirmed(email);
    const res = await member.post('/api/sendConfirmEmail');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, data: null, message: accountMessages.codeSent });

    const mail = await delivered(email);
    expect(mail.subject).toBe('รหัสยืนยันอีเมล สิกขา');
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('15 นาที');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="th"');
    expect(mail.parsed.from?.text).toContain('no-reply@sikkha.local');

    // Only a keyed hash is stored.
    const [row] = await t.db.select().from(emailCode).where(eq(emailCode.user_id, member.id!));
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const wrong = await member.post('/api/confirmEmail', { code: otherThan(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('รหัสไม่ถูกต้อง');
    expect((await member.get('/api/loginPing')).json().data.agreement).toBe('N');

    const right = await member.post('/api/confirmEmail', { code: ` ${code} ` });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({ id: member.id, email, agreement: 'Y', finish: [], wait: [] });
    expect(right.json().data).not.toHaveProperty('password');
    expect((await member.get('/api/loginPing')).json().data.agreement).toBe('Y');

    // A code works once.
    const again = await member.post('/api/confirmEmail', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(accountMessages.codeWrong);

    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, email));
    expect(outbox).toMatchObject({ status: 'sent', subject: mail.subject, error: null });
  });

  test("one member's code does not confirm another member", async () => {
    const a = await unconfirmed('code.owner@example.com');
    const b = await unconfirmed('code.thief@example.com');
    const codeOfA = await mailedCode(a, 'code.owner@example.com');
    const codeOfB = await mailedCode(b, 'code.thief@example.com');
    const res = await b.post('/api/confirmEmail', { code: codeOfA });
    // Two random codes are equal one time in a million; then B just confirmed B.
    if (codeOfA !== codeOfB) expect(res.statusCode).toBe(400);
    expect((await a.get('/api/loginPing')).json().data.agreement).toBe('N');
  });

  test('no code asked for yet: 400 code wrong; an empty code: 400 required', async () => {
    const member = await unconfirmed('never.asked@example.com');
    const res = await member.post('/api/confirmEmail', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.codeWrong);
    const empty = await member.post('/api/confirmEmail', { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('code: กรุณากรอก ข้อมูล');
  });

  test('a code expires after 15 minutes', async () => {
    const email = 'slow.reader@example.com';
    const member = await unconfirmed(email);
    const code = await mailedCode(member, email);
    t.clock.advance(15 * MINUTE + SECOND);
    const res = await member.post('/api/confirmEmail', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.codeExpired);
    expect((await member.get('/api/loginPing')).json().data.agreement).toBe('N');
  });

  test('after five wrong tries the code is dead, even the right one: 429; a new code works', async () => {
    const email = 'guesser@example.com';
    const member = await unconfirmed(email);
    const code = await mailedCode(member, email);
    for (let i = 0; i < CONFIRM_MAX_ATTEMPTS; i++) {
      const res = await member.post('/api/confirmEmail', { code: otherThan(code) });
      expect(res.statusCode).toBe(400);
    }
    const dead = await member.post('/api/confirmEmail', { code });
    expect(dead.statusCode).toBe(429);
    expect(dead.json().message).toBe(accountMessages.codeLocked);

    t.clock.advance(61 * SECOND);
    const fresh = await mailedCode(member, email);
    expect((await member.post('/api/confirmEmail', { code: fresh })).statusCode).toBe(200);
  });

  test('parallel guesses cannot get past the attempt limit', async () => {
    const email = 'parallel@example.com';
    const member = await unconfirmed(email);
    const code = await mailedCode(member, email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => member.post('/api/confirmEmail', { code: g })));
    expect(results.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(CONFIRM_MAX_ATTEMPTS);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(12 - CONFIRM_MAX_ATTEMPTS);
    const [row] = await t.db.select().from(emailCode).where(eq(emailCode.user_id, member.id!));
    expect(row!.attempts).toBe(CONFIRM_MAX_ATTEMPTS);
  });

  test('one new code a minute; a new code replaces the old one', async () => {
    const email = 'impatient@example.com';
    const member = await unconfirmed(email);
    const first = await mailedCode(member, email);

    const soon = await member.post('/api/sendConfirmEmail');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(accountMessages.resendWait);
    await t.app.ctx.jobs.runDue();
    expect(smtp.pending(email)).toHaveLength(0);

    t.clock.advance(59 * SECOND);
    expect((await member.post('/api/sendConfirmEmail')).statusCode).toBe(429);
    t.clock.advance(2 * SECOND);
    const second = await mailedCode(member, email);

    if (second !== first) {
      const old = await member.post('/api/confirmEmail', { code: first });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(accountMessages.codeWrong);
    }
    expect((await member.post('/api/confirmEmail', { code: second })).statusCode).toBe(200);
  });

  test('two requests at once send one code', async () => {
    const email = 'double.click@example.com';
    const member = await unconfirmed(email);
    const results = await Promise.all([member.post('/api/sendConfirmEmail'), member.post('/api/sendConfirmEmail')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    await delivered(email);
    expect(smtp.pending(email)).toHaveLength(0);
  });

  test('an SMTP outage does not fail the request: the mail is tried again later and arrives', async () => {
    const member = await unconfirmed(FLAKY);
    refusing.add(FLAKY);
    const res = await member.post('/api/sendConfirmEmail');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.jobs.runDue();
    const failed = await mailJobTo(FLAKY);
    expect(failed).toMatchObject({ state: 'retry', attempts: 1 });
    expect(failed.last_error).toMatch(/550|Mailbox unavailable/);
    expect(new Date(failed.run_at).getTime()).toBe(t.clock.now().getTime() + exponentialBackoff(1));

    refusing.delete(FLAKY);
    // Not before its time.
    await t.app.ctx.jobs.runDue();
    expect(smtp.pending(FLAKY)).toHaveLength(0);
    t.clock.advance(exponentialBackoff(1));
    const code = codeIn((await delivered(FLAKY)).text);
    expect(await mailJobTo(FLAKY)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
    const tries = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, FLAKY)).orderBy(asc(mailOutbox.id));
    expect(tries.map((r) => r.status)).toEqual(['failed', 'sent']);
    expect((await member.post('/api/confirmEmail', { code })).json().data.agreement).toBe('Y');
  });

  test('a mail the SMTP server keeps refusing: each try is recorded, then the job is dead', async () => {
    const member = await unconfirmed(REFUSED);
    expect((await member.post('/api/sendConfirmEmail')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= sendMail.maxAttempts; attempt++) {
      await t.app.ctx.jobs.runDue();
      expect(await mailJobTo(REFUSED)).toMatchObject({
        state: attempt < sendMail.maxAttempts ? 'retry' : 'dead',
        attempts: attempt,
      });
      t.clock.advance(exponentialBackoff(attempt));
    }
    await t.app.ctx.jobs.runDue();
    expect(await mailJobTo(REFUSED)).toMatchObject({ state: 'dead', attempts: sendMail.maxAttempts });
    const tries = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, REFUSED));
    expect(tries).toHaveLength(sendMail.maxAttempts);
    expect(tries.every((r) => r.status === 'failed' && /550|Mailbox unavailable/.test(r.error ?? ''))).toBe(true);
    expect(smtp.pending(REFUSED)).toHaveLength(0);
  });
});

describe('password reset by e-mail', () => {
  const NEW_PASSWORD = 'a-brand-new-password';
  const linkIn = (text: string) => /https:\/\/shop\.example\.th\/code\/([A-Za-z0-9_-]+)/.exec(text);

  async function mailedLink(email: string, asked = email) {
    const res = await t.visitor.post('/api/sendChangePass', { email: asked });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await delivered(email);
    const link = linkIn(mail.text);
    expect(link).not.toBeNull();
    return { mail, link: link![0], code: link![1]! };
  }

  const login = (email: string, password: string) => t.visitor.post('/api/loginEmail', { email, password });
  const reset = (code: string, password = NEW_PASSWORD, confirmPassword = password) =>
    t.visitor.post('/api/sendChangePassUser', { code, password, confirmPassword });

  test('an unknown address is told so, with the spec message', async () => {
    const res = await t.visitor.post('/api/sendChangePass', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: false, message: 'ไม่มี Email นี้ในระบบ' });
  });

  test('a malformed address: 400 with the spec message', async () => {
    const res = await t.visitor.post('/api/sendChangePass', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: รูปแบบ E-mail ไม่ถูกต้อง');
  });

  test('the link arrives, the new password works, the old does not, the code works once', async () => {
    const email = 'forgetful@example.com';
    const signedIn = await t.member(email);
    const res = await t.visitor.post('/api/sendChangePass', { email: '  Forgetful@Example.COM ' });
    expect(res.json()).toEqual({ result: true, data: null, message: accountMessages.resetSent });
    const mail = await delivered(email);
    expect(mail.subject).toBe('เปลี่ยนรหัสผ่าน สิกขา');
    const link = linkIn(mail.text)!;
    const code = link[1]!;
    expect(code.length).toBeGreaterThanOrEqual(22); // at least 128 bits in base64url
    expect(mail.text).toContain(`หรือกรอกรหัสนี้ในหน้าเปลี่ยนรหัสผ่าน: ${code}`);
    expect(mail.html).toContain(`href="${link[0]}"`);
    const [row] = await t.db.select().from(emailCode).where(eq(emailCode.purpose, 'reset')).limit(1);
    expect(row!.code_hash).not.toContain(code);

    const mismatch = await reset(code, NEW_PASSWORD, 'something-else');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('confirmPassword: ยืนยันรหัสผ่าน ไม่ตรงกัน');
    const short = await reset(code, 'short');
    expect(short.json().message).toBe(`password: ${accountMessages.passwordShort}`);

    const ok = await reset(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ result: true, data: true, message: accountMessages.passwordChanged });

    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    // Whoever was signed in with the old password is signed out.
    const ended = await signedIn.get('/api/loginPing');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('TOKEN_EXPIRED');

    const twice = await reset(code, 'yet-another-password');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(accountMessages.codeWrong);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('a link is checked when it opens: a usable one answers its address; a used or expired one says why', async () => {
    const email = 'checks-first@example.com';
    await t.member(email);
    const check = (code: string) => t.visitor.post('/api/checkChangePassCode', { code });
    const { code } = await mailedLink(email);
    const usable = await check(code);
    expect(usable.statusCode, usable.body).toBe(200);
    expect(usable.json().data).toEqual({ email });
    // Checking does not use it up.
    expect((await reset(code)).statusCode).toBe(200);
    const used = await check(code);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(accountMessages.codeWrong);

    t.clock.advance(2 * MINUTE);
    const late = await mailedLink(email);
    t.clock.advance(60 * MINUTE + SECOND);
    expect((await check(late.code)).json().message).toBe(accountMessages.codeExpired);
    expect((await check('made-up')).statusCode).toBe(400);
  });

  test('a made-up code: 400 code wrong', async () => {
    const res = await reset('this-is-not-a-real-code-at-all');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.codeWrong);
  });

  test('the link expires after an hour', async () => {
    const email = 'late@example.com';
    await t.member(email);
    const { code } = await mailedLink(email);
    t.clock.advance(60 * MINUTE + SECOND);
    const res = await reset(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.codeExpired);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('one link a minute per address; a new link replaces the old one', async () => {
    const email = 'twice@example.com';
    await t.member(email);
    const first = await mailedLink(email);
    const soon = await t.visitor.post('/api/sendChangePass', { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(accountMessages.resetWait);
    t.clock.advance(61 * SECOND);
    const second = await mailedLink(email);
    expect(second.code).not.toBe(first.code);
    expect((await reset(first.code)).json().message).toBe(accountMessages.codeWrong);
    expect((await reset(second.code)).statusCode).toBe(200);
  });

  test('reset codes cannot be guessed fast: tries are limited per client address', async () => {
    const email = 'target@example.com';
    await t.member(email);
    const { code } = await mailedLink(email);
    const from = (ip: string, c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sendChangePassUser',
        headers: { 'x-forwarded-for': ip },
        payload: { code: c, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
    for (let i = 0; i < RESET_LIMITS.attempt; i++) {
      expect((await from('203.0.113.7', `guess-${i}-xxxxxxxxxxxxxxxx`)).statusCode).toBe(400);
    }
    const blocked = await from('203.0.113.7', code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่');
    // Another address is not affected; the window passes.
    expect((await from('203.0.113.8', 'guess-other-xxxxxxxxxxxxxxx')).statusCode).toBe(400);
    t.clock.advance(RESET_LIMITS.windowMs + SECOND);
    expect((await from('203.0.113.7', code)).statusCode).toBe(200);
  });

  test('reset requests are limited per client address', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sendChangePass',
        headers: { 'x-forwarded-for': '198.51.100.4' },
        payload: { email },
      });
    for (let i = 0; i < RESET_LIMITS.request; i++) expect((await ask(`probe${i}@example.com`)).statusCode).toBe(404);
    expect((await ask('probe-last@example.com')).statusCode).toBe(429);
  });
});

describe('without SMTP_URL', () => {
  test('the mail goes to the outbox table with status outbox, and the code still works', async () => {
    const offline = await testApp();
    try {
      const member = await offline.member('offline@example.com');
      await offline.db.update(user).set({ agreement: 'N' }).where(eq(user.id, member.id!));
      const res = await member.post('/api/sendConfirmEmail');
      expect(res.statusCode, res.body).toBe(200);
      await offline.app.ctx.jobs.runDue();
      const [row] = await offline.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, 'offline@example.com'));
      expect(row).toMatchObject({ status: 'outbox', subject: 'รหัสยืนยันอีเมล สิกขา', error: null });
      expect(row!.html).toContain('<html lang="th">');
      const code = codeIn(row!.text);
      expect((await member.post('/api/confirmEmail', { code })).json().data.agreement).toBe('Y');
    } finally {
      await offline.close();
    }
  });

  test('offline, the log shows the mail only when asked (npm start); otherwise its subject, never whom or what', async () => {
    const logged = async (logContent: boolean) => {
      const lines: { obj: Record<string, unknown>; msg: string }[] = [];
      const log = {
        info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }),
        warn: () => {},
      };
      const mailer = createMailer({ db: t.db, log: log as never, from: 'Sikkha <no-reply@sikkha.local>', logContent });
      await mailer.send({ to: 'reader@example.com', subject: 'ทดสอบ', text: 'รหัสของคุณคือ 424242', html: '<p>x</p>' });
      expect(lines).toHaveLength(1);
      expect(lines[0]!.obj).toEqual({ subject: 'ทดสอบ' });
      return lines[0]!.msg;
    };
    const shown = await logged(true);
    expect(shown).toContain('reader@example.com');
    expect(shown).toContain('รหัสของคุณคือ 424242');
    const kept = await logged(false);
    expect(kept).not.toContain('reader@example.com');
    expect(kept).not.toContain('424242');
  });
});

describe('mail templates', () => {
  test('values from people are escaped in the HTML, kept as typed in the text', () => {
    const name = '<script>alert("x")</script> & co';
    const confirm = confirmCodeMail({ to: 'a@example.com', name, code: '012345', minutes: 15 });
    expect(confirm.html).not.toContain('<script>');
    expect(confirm.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(confirm.text).toContain(name);
    const link = 'https://shop.example.th/code/a"b<c';
    const reset = resetPasswordMail({ to: 'a@example.com', name, code: 'a"b<c', link, minutes: 60 });
    expect(reset.html).toContain('href="https://shop.example.th/code/a&quot;b&lt;c"');
    expect(reset.html).not.toContain('a"b<c');
  });
});
