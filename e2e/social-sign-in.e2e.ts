import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FACEBOOK_APP_ID, startFacebookGraph } from '../apps/server/test/facebook-graph.js';
import { startGoogle } from '../apps/server/test/google.js';
import { startShop } from './harness.js';
import { endEachJourney, hidden, visible } from './page-checks.js';
import { routeSocialSdks } from './social-doubles.js';

// Google and Facebook sign-in as a shopper clicks them: the shop is configured for both and verifies tokens
// against the integration tests' doubles of Google's JWKS and Facebook's Graph API; the page gets stand-ins for
// the two SDKs.

let google: Awaited<ReturnType<typeof startGoogle>>;
let facebook: Awaited<ReturnType<typeof startFacebookGraph>>;
let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

beforeAll(async () => {
  google = await startGoogle();
  facebook = await startFacebookGraph();
  shop = await startShop({ ...google.env, ...facebook.env });
});
afterAll(async () => {
  await shop?.stop();
  await google?.close();
  await facebook?.close();
});
endEachJourney(() => page);

const dialog = (name: string) => page.getByRole('dialog', { name });
const input = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}[\\s\u2009]*\\*?$`));
const userMenuButton = () => page.getByRole('button', { name: /^เมนูบัญชีของ/ });

async function openLogin() {
  page = await shop.page(390, 844);
  await routeSocialSdks(page);
  await page.goto(shop.url);
  await page.getByRole('banner').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  const login = dialog('เข้าสู่ระบบ');
  await visible(login);
  return login;
}

/** The ID token Google's SDK stand-in hands the page on the next click, signed now (the shop runs on the real clock). */
async function giveGoogleCredential(person: Parameters<typeof google.idToken>[0]) {
  const credential = await google.idToken(person, new Date());
  await page.evaluate((value) => {
    (window as unknown as { __googleCredential: string }).__googleCredential = value;
  }, credential);
}

async function completeRegistration(register: Locator) {
  await input(register, 'รหัสผ่าน').fill('social-pass-2569');
  await input(register, 'ยืนยันรหัสผ่าน').fill('social-pass-2569');
  await register.getByRole('radio', { name: 'นางสาว' }).check();
  await input(register, 'ชื่อเล่น').fill('มะลิ');
  await input(register, 'เบอร์โทรศัพท์มือถือ').fill('0891234567');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'สมัครสมาชิก', exact: true }).click();
  await hidden(register);
}

test('Google: a new account registers prefilled with the locked e-mail, then signs straight in next time', async () => {
  const person = {
    sub: '110169484474386276334',
    email: 'mali.google@example.com',
    given_name: 'มะลิ',
    family_name: 'ดอกหอม',
  };
  const login = await openLogin();
  await login.getByRole('button', { name: 'เข้าสู่ระบบด้วย Google' }).click();
  await giveGoogleCredential(person);
  await login.getByRole('button', { name: 'Sign in with Google' }).click();

  const register = dialog('สมัครสมาชิก');
  await visible(register);
  const email = input(register, 'อีเมล');
  expect(await email.inputValue()).toBe(person.email);
  expect(await email.getAttribute('readonly')).not.toBeNull();
  expect(await input(register, 'ชื่อ').inputValue()).toBe('มะลิ');
  expect(await input(register, 'นามสกุล').inputValue()).toBe('ดอกหอม');
  await completeRegistration(register);

  // A social sign-up has agreement Y: no e-mail confirmation, straight to the privacy policy.
  const privacy = dialog('นโยบายความเป็นส่วนตัว');
  await visible(privacy);
  expect(await dialog('ยืนยันอีเมล').count()).toBe(0);
  await privacy.getByRole('checkbox').check();
  await privacy.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  await hidden(privacy);
  await visible(userMenuButton());

  await page.goto(`${shop.url}/logout`);
  const again = await openLogin();
  await again.getByRole('button', { name: 'เข้าสู่ระบบด้วย Google' }).click();
  await giveGoogleCredential(person);
  await again.getByRole('button', { name: 'Sign in with Google' }).click();
  await hidden(again);
  await visible(userMenuButton());
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test('Facebook without an e-mail: the register dialog asks for one; a cancelled login shows the failure dialog', async () => {
  const login = await openLogin();
  const token = facebook.token({ id: '10229876543210987', name: 'ชบา ใจงาม' });
  await page.evaluate((value) => {
    (window as unknown as { __facebookToken: string }).__facebookToken = value;
  }, token);
  await login.getByRole('button', { name: 'เข้าสู่ระบบด้วย Facebook' }).click();

  const register = dialog('สมัครสมาชิก');
  await visible(register);
  const email = input(register, 'อีเมล');
  expect(await email.inputValue()).toBe('');
  expect(await email.getAttribute('readonly')).toBeNull();
  expect(
    await page.evaluate(() => (window as unknown as { __facebookInit: { appId: string } }).__facebookInit.appId),
  ).toBe(FACEBOOK_APP_ID);
  expect(await page.evaluate(() => (window as unknown as { __facebookScope: string }).__facebookScope)).toBe(
    'public_profile,email',
  );
  await email.fill('chaba.fb@example.com');
  await completeRegistration(register);
  // An address typed by the shopper is not vouched for by Facebook: it is confirmed by mail like any other.
  await visible(dialog('ยืนยันอีเมล'));
  await dialog('ยืนยันอีเมล').getByRole('button', { name: 'ออกจากระบบ' }).click();

  // Cancelled (or not fully authorized) on Facebook's side.
  const again = await openLogin();
  await page.evaluate(() => {
    (window as unknown as { __facebookToken: null }).__facebookToken = null;
  });
  await again.getByRole('button', { name: 'เข้าสู่ระบบด้วย Facebook' }).click();
  const failed = dialog('เข้าสู่ระบบด้วย Facebook ไม่สำเร็จ');
  await visible(failed);
  await visible(failed.getByText('ไม่ได้รับอีเมลจาก Facebook'));
  await failed.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
});
