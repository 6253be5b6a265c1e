import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtp } from '../apps/server/test/smtp.js';
import { MEMBER as DEMO } from './demo.js';
import { startShop } from './harness.js';
import { endEachJourney, hidden, seriousViolations, visible } from './page-checks.js';

// Accounts and sessions as a new member clicks them, in Thai, against the built shop with a real SMTP server.

const NEW_MEMBER = {
  email: `somchai.${Date.now()}@example.com`,
  password: 'rak-rian-2569',
  newPassword: 'plian-mai-2569',
};
const M = {
  required: 'กรุณากรอก ข้อมูล',
  emailFormat: 'รูปแบบ E-mail ไม่ถูกต้อง',
  emailTaken: 'มี Email ในระบบเเล้ว',
  usernameFormat: 'Username ใช้ตัวอักษรอังกฤษ ตัวเลข . _ - ได้ 3-30 ตัว',
  emailUnknown: 'ไม่มี Email นี้ในระบบ',
  phoneDigits: 'Input Invalid',
  phoneLength: 'Please enter 10 characters',
  terms: 'กรุณาติ๊กเพื่อยืนยันว่าได้อ่านและยอมรับข้อตกลงและเงื่อนไข',
  mismatch: 'ยืนยันรหัสผ่าน ไม่ตรงกัน',
  passwordShort: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร',
  codeWrong: 'รหัสไม่ถูกต้อง',
  loginFailed: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
  gatewayLogin: 'กรุณาเข้าสู่ระบบอีกครั้งเพื่อดำเนินการชำระเงิน',
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;
/** The shop is a child process with its own SMTP connection: a mail takes longer than in the server tests. */
const MAIL_TIMEOUT_MS = 20_000;

beforeAll(async () => {
  smtp = await startSmtp();
  shop = await startShop({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});
endEachJourney(() => page);

const path = () => new URL(page.url()).pathname;
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
/** A field by its label; a required field's label ends with MUI's asterisk. */
const input = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}[\\s\u2009]*\\*?$`));

async function openLogin() {
  await page.getByRole('banner').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  const login = dialog('เข้าสู่ระบบ');
  await visible(login);
  return login;
}

const userMenuButton = () => page.getByRole('button', { name: /^เมนูบัญชีของ/ });

async function logOutFromMenu() {
  await userMenuButton().click();
  await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
  await visible(page.getByRole('banner').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
}

test('register: every Thai message shows and clears, the taken e-mail blocks submit, then the member is signed in', async () => {
  page = await shop.page();
  await page.goto(shop.url);
  const login = await openLogin();
  await login.getByRole('button', { name: 'สมัครสมาชิก' }).click();
  const register = dialog('สมัครสมาชิก');
  await visible(register);
  const submit = register.getByRole('button', { name: 'สมัครสมาชิก', exact: true });

  // Everything empty: the required message on every field, the title and the terms.
  await submit.click();
  await expect.poll(() => register.getByText(M.required, { exact: true }).count()).toBeGreaterThanOrEqual(8);
  await visible(register.getByText(M.terms));

  // The live check: an address already in use shows its message and disables submit while shown.
  const email = input(register, 'อีเมล');
  await email.fill(DEMO.email);
  await visible(register.getByText(M.emailTaken));
  await expect.poll(() => submit.isDisabled()).toBe(true);

  await email.fill('somchai-at-example');
  await email.blur();
  await visible(register.getByText(M.emailFormat));
  await hidden(register.getByText(M.emailTaken));
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await email.fill(NEW_MEMBER.email);
  await hidden(register.getByText(M.emailFormat));

  // The optional username: its form is said as the field is left; a free one is kept with the account.
  const username = input(register, 'Username \\(ไม่บังคับ\\)');
  await username.fill('som chai');
  await username.blur();
  await visible(register.getByText(M.usernameFormat));
  await username.fill(`somchai_${Date.now() % 100000}`);
  await hidden(register.getByText(M.usernameFormat));

  const password = input(register, 'รหัสผ่าน');
  await password.fill('short');
  await visible(register.getByText(M.passwordShort));
  await password.fill(NEW_MEMBER.password);
  await hidden(register.getByText(M.passwordShort));
  // A confirmation that does not match is said as the field is left, while other fields are still empty.
  await input(register, 'ยืนยันรหัสผ่าน').fill(`${NEW_MEMBER.password}-typo`);
  await input(register, 'ยืนยันรหัสผ่าน').blur();
  await visible(register.getByText(M.mismatch));

  await register.getByRole('radio', { name: 'นาย', exact: true }).check();
  await input(register, 'ชื่อ').fill('สมชาย');
  await input(register, 'นามสกุล').fill('ใจดี');
  await input(register, 'ชื่อเล่น').fill('ชาย');

  const phone = input(register, 'เบอร์โทรศัพท์มือถือ');
  await phone.fill('08l2345678');
  await visible(register.getByText(M.phoneDigits));
  await phone.fill('081234');
  await visible(register.getByText(M.phoneLength));
  await hidden(register.getByText(M.phoneDigits));
  await phone.fill('0812345678');
  await hidden(register.getByText(M.phoneLength));

  await register.getByRole('checkbox').check();
  await hidden(register.getByText(M.terms));
  expect(await register.getByText(M.required, { exact: true }).count()).toBe(0);

  // The passwords differ: the contract's mismatch message, under the confirmation.
  await submit.click();
  await visible(register.getByText(M.mismatch));
  await input(register, 'ยืนยันรหัสผ่าน').fill(NEW_MEMBER.password);
  await hidden(register.getByText(M.mismatch));

  await submit.click();
  await hidden(register);

  // agreement is N for an e-mail sign-up: the confirm e-mail dialog opens, persistent.
  const confirm = dialog('ยืนยันอีเมล');
  await visible(confirm);
  expect(await input(confirm, 'อีเมล').inputValue()).toBe(NEW_MEMBER.email);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await visible(confirm);

  await confirm.getByRole('button', { name: 'ส่งรหัสยืนยัน' }).click();
  // One code a minute: sending again waits, and the button counts the seconds down.
  const resend = confirm.getByRole('button', { name: /^ส่งรหัสอีกครั้ง/ });
  await visible(resend);
  expect(await resend.isDisabled()).toBe(true);
  expect(await resend.textContent()).toMatch(/อีก \d+ วินาที/);
  const mail = await smtp.nextMailTo(NEW_MEMBER.email, MAIL_TIMEOUT_MS);
  expect(mail.subject).toMatch(/รหัสยืนยันอีเมล/);
  const code = /รหัสยืนยันอีเมลของคุณคือ (\d{6})/.exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  const codeField = input(confirm, 'รหัสยืนยัน');
  await codeField.fill(wrong);
  await confirm.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  await visible(confirm.getByText(M.codeWrong));
  await codeField.fill(code!);
  await confirm.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  await hidden(confirm);

  // Then the privacy policy: accept stays disabled until the box is ticked.
  const privacy = dialog('นโยบายความเป็นส่วนตัว');
  await visible(privacy);
  const accept = privacy.getByRole('button', { name: 'ยอมรับ', exact: true });
  expect(await accept.isDisabled()).toBe(true);
  await privacy.getByRole('checkbox').check();
  await expect.poll(() => accept.isDisabled()).toBe(false);
  await accept.click();
  await hidden(privacy);
  await visible(userMenuButton());

  // A route change does not bring the dialogs back once both are Y.
  await page.getByRole('banner').getByRole('link', { name: 'คอร์สเรียน' }).click();
  await expect.poll(path).toBe('/courses');
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Logout ends the session and keeps only the language.
  await page.evaluate(() => localStorage.setItem('lang', 'th'));
  await logOutFromMenu();
  await expect.poll(path).toBe('/');
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['lang']);
});

test('login: a wrong password shows the Login alert; the demo member with purchases lands on My courses', async () => {
  page = await shop.page();
  await page.goto(shop.url);
  const login = await openLogin();

  await login.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await expect.poll(() => login.getByText(M.required, { exact: true }).count()).toBe(2);

  await input(login, 'อีเมล').fill(DEMO.email);
  await input(login, 'รหัสผ่าน').fill('not-the-password');
  await login.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  const alert = login.getByRole('alert');
  await visible(alert);
  expect(await alert.innerText()).toContain('เข้าสู่ระบบไม่สำเร็จ');
  expect(await alert.innerText()).toContain(M.loginFailed);

  await input(login, 'รหัสผ่าน').fill(DEMO.password);
  await login.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await hidden(login);
  await expect.poll(path).toBe('/courses/onlyOrder');

  // The user menu: My courses, Coin with the balance (500 demo coins), Logout.
  const menuButton = userMenuButton();
  expect(await menuButton.textContent()).toContain('เหรียญคงเหลือ 500');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await visible(page.getByRole('menu'));
  await visible(page.getByRole('menuitem', { name: /คอร์สของฉัน/ }));
  await visible(page.getByRole('menuitem', { name: /เหรียญ/ }));
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('menu'));

  // Spec §6: a signed-in member on an admin page goes to /.
  await page.goto(`${shop.url}/admin/product`);
  await expect.poll(path).toBe('/');

  // /logout from the address bar ends the session too.
  await page.goto(`${shop.url}/logout`);
  await expect.poll(path).toBe('/');
  await visible(page.getByRole('banner').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('forgotten password: the mailed /code/{code} link sets a new one, and a used link says why', async () => {
  page = await shop.page(390, 844);
  await page.goto(shop.url);
  const login = await openLogin();
  await login.getByRole('button', { name: 'ลืมรหัสผ่าน?' }).click();
  const change = dialog('เปลี่ยนรหัสผ่าน');
  await visible(change);

  const email = input(change, 'อีเมล');
  const send = change.getByRole('button', { name: 'ส่งลิงก์เปลี่ยนรหัสผ่าน' });
  await email.fill('nobody@sikkha');
  await send.click();
  await visible(change.getByText(M.emailFormat));
  await email.fill('nobody.here@example.com');
  await send.click();
  await visible(change.getByText(M.emailUnknown));

  await email.fill(NEW_MEMBER.email);
  await send.click();
  const message = dialog('ข้อความ');
  await visible(message);
  await message.getByRole('button', { name: 'ตกลง' }).click();
  await hidden(message);

  const mail = await smtp.nextMailTo(NEW_MEMBER.email, MAIL_TIMEOUT_MS);
  expect(mail.subject).toMatch(/เปลี่ยนรหัสผ่าน/);
  const link = /https?:\/\/\S+\/code\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  const reset = dialog('เปลี่ยนรหัสผ่าน');
  await visible(reset);
  await input(reset, 'รหัสผ่านใหม่').fill(NEW_MEMBER.newPassword);
  await input(reset, 'ยืนยันรหัสผ่านใหม่').fill('something-else');
  await reset.getByRole('button', { name: 'บันทึกรหัสผ่าน' }).click();
  await visible(reset.getByText(M.mismatch));
  await input(reset, 'ยืนยันรหัสผ่านใหม่').fill(NEW_MEMBER.newPassword);
  await reset.getByRole('button', { name: 'บันทึกรหัสผ่าน' }).click();

  // Done: the login dialog says so, with the e-mail filled in, and the new password works.
  const relogin = dialog('เข้าสู่ระบบ');
  await visible(relogin);
  await expect.poll(path).toBe('/');
  expect(await input(relogin, 'อีเมล').inputValue()).toBe(NEW_MEMBER.email);
  await input(relogin, 'รหัสผ่าน').fill(NEW_MEMBER.newPassword);
  await relogin.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await hidden(relogin);
  await visible(userMenuButton());
  await page.goto(`${shop.url}/logout`);
  await expect.poll(path).toBe('/');

  // The link works once: opened again, the server's message shows at once, with a way back to the e-mail step.
  await page.goto(link!);
  const companion = dialog('ข้อความ');
  await visible(companion);
  await visible(companion.getByText(M.codeWrong));
  await companion.getByRole('button', { name: 'ลืมรหัสผ่าน' }).click();
  await visible(input(dialog('เปลี่ยนรหัสผ่าน'), 'อีเมล'));
  // Its close goes home.
  await dialog('เปลี่ยนรหัสผ่าน').getByRole('button', { name: 'ปิด' }).click();
  await expect.poll(path).toBe('/');
});

test('#gateway-login asks the shopper to log in again', async () => {
  page = await shop.page();
  await page.goto(`${shop.url}/#gateway-login`);
  const login = dialog('เข้าสู่ระบบ');
  await visible(login);
  await visible(login.getByText(M.gatewayLogin));
});

test('layout rules: admin pages without a staff login go to /logout; staff sign in at /admin/login', async () => {
  page = await shop.page();
  await page.goto(`${shop.url}/admin/orders`);
  await expect.poll(path, { timeout: 15_000 }).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  await page.goto(`${shop.url}/admin/login`);
  await visible(page.getByLabel(/Username|ชื่อผู้ใช้/).first());
  await page
    .getByLabel(/Username|ชื่อผู้ใช้/)
    .first()
    .fill('admin');
  await page
    .getByLabel(/Password|รหัสผ่าน/)
    .first()
    .fill(shop.staff.password);
  await page.getByRole('button', { name: /Sign in|เข้าสู่ระบบ/ }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken'))).not.toBeNull();
  await expect.poll(path).toMatch(/^\/admin\/?/);
  // The staff token is the back office's only: the storefront still shows a visitor.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Staff who open the storefront go to /logout (spec §6), which ends the staff session.
  await page.goto(`${shop.url}/courses`);
  await expect.poll(path, { timeout: 15_000 }).toBe('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  // A staff token found in the shopper's slot is not used on the storefront: /logout clears it.
  const res = await fetch(`${shop.url}/api/loginPersonnel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shop.staff),
  });
  const staffToken = ((await res.json()) as { data: { token: string } }).data.token;
  await page.evaluate((token) => localStorage.setItem('token', token), staffToken);
  await page.goto(`${shop.url}/courses`);
  await expect.poll(path, { timeout: 15_000 }).toBe('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await visible(page.getByRole('banner').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
});

test('the login and register dialogs, errors shown, have no serious accessibility violations', async () => {
  page = await shop.page(390, 844);
  await page.goto(shop.url);
  const login = await openLogin();
  await login.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await visible(login.getByText(M.required).first());
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await login.getByRole('button', { name: 'สมัครสมาชิก' }).click();
  const register = dialog('สมัครสมาชิก');
  await visible(register);
  await register.getByRole('button', { name: 'สมัครสมาชิก', exact: true }).click();
  await visible(register.getByText(M.terms));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test('English: the dialogs and the contract messages follow the language switch', async () => {
  page = await shop.page();
  await page.goto(shop.url);
  await page.getByRole('button', { name: 'EN' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const login = dialog('Log in');
  await visible(login);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => login.getByText('Please fill in this field').count()).toBe(2);
});
