import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { startShop } from './harness.js';
import { endEachJourney, hidden, seriousViolations, visible } from './page-checks.js';

// The storefront's content pages: legal notices, news, the Help dialog, contact and pricing.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

interface NewsRow {
  id: number;
  news_title: string;
  news_content: string | null;
  news_tag: string | null;
}
interface QuestionRow {
  question: string;
  result: string | null;
}
interface ProductRow {
  product_title: string;
  product_price: number;
}

const { call } = shopApi(() => shop.url);

/** A page with the cookie question already answered, so the banner does not sit over the content. */
async function openPage(path: string, width = 1280, height = 800): Promise<Page> {
  page = await shop.page(width, height);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.goto(`${shop.url}${path}`);
  return page;
}

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

test('the privacy policy shows its Thai headings, its date and working in-page contents', async () => {
  await openPage('/privacy-policy');
  await visible(page.getByRole('heading', { level: 1, name: 'นโยบายความเป็นส่วนตัว' }));
  await visible(page.getByText('ประกาศ ณ วันที่ 28 พฤษภาคม 2565'));
  for (const heading of [
    'ข้อมูลส่วนบุคคลที่เราเก็บรวบรวม',
    'ฐานทางกฎหมายและวัตถุประสงค์ในการใช้ข้อมูล',
    'การเปิดเผยข้อมูลส่วนบุคคล',
    'การส่งหรือโอนข้อมูลไปต่างประเทศ',
    'ระยะเวลาการเก็บรักษาข้อมูล',
    'สิทธิของเจ้าของข้อมูลส่วนบุคคล',
    'คุกกี้',
    'ติดต่อเรา',
  ]) {
    expect(await page.getByRole('heading', { level: 2, name: heading }).count(), heading).toBe(1);
  }
  await visible(page.getByRole('link', { name: 'privacy@sikkha.example' }));
  expect(await page.title()).toContain('นโยบายความเป็นส่วนตัว');

  // The contents link moves the reader to the section, below the sticky top bar.
  const contents = page.getByRole('navigation', { name: 'สารบัญ' });
  await contents.getByRole('link', { name: 'สิทธิของเจ้าของข้อมูลส่วนบุคคล' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#rights');
  const rights = page.getByRole('heading', { level: 2, name: 'สิทธิของเจ้าของข้อมูลส่วนบุคคล' });
  await expect
    .poll(async () => {
      const box = await rights.boundingBox();
      return box !== null && box.y >= 64 && box.y < 400;
    })
    .toBe(true);

  expect(await seriousViolations(page)).toEqual([]);

  // The English switch shows the translation.
  await page.getByRole('button', { name: 'EN' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Privacy policy' }));
  await visible(page.getByText('Announced on 28 May 2022', { exact: false }));
});

test('the terms and the signature notice render', async () => {
  await openPage('/terms-and-conditions');
  await visible(page.getByRole('heading', { level: 1, name: 'ข้อกำหนดและเงื่อนไข' }));
  for (const heading of ['บัญชีผู้ใช้', 'ห้ามใช้บัญชีร่วมกัน', 'การยกเลิกและการคืนเงิน', 'กฎหมายที่ใช้บังคับ']) {
    expect(await page.getByRole('heading', { level: 2, name: heading }).count(), heading).toBe(1);
  }
  await visible(page.getByText('เป็นเวลา 2 ปี นับจากวันที่ยืนยันการชำระเงิน', { exact: false }));

  await page.goto(`${shop.url}/signaturePrivacyPolicy`);
  await visible(page.getByRole('heading', { level: 1, name: 'นโยบายการใช้ลายมือชื่ออิเล็กทรอนิกส์' }));
  await visible(page.getByRole('heading', { level: 2, name: 'ระยะเวลาการเก็บรักษา' }));
});

test('/allNews lists the demo news; an article shows its content, gallery, tags and title', async () => {
  const news = await call<NewsRow[]>('news');
  expect(news).toHaveLength(3);
  await openPage('/allNews');
  await visible(page.getByRole('heading', { level: 1, name: 'ข่าวสารทั้งหมด' }));
  for (const item of news) await visible(page.getByRole('heading', { level: 2, name: item.news_title }));
  expect(await page.getByRole('main').getByRole('article').count()).toBe(3);
  // Dates in Thai, Buddhist era.
  await visible(
    page
      .getByRole('main')
      .locator('time')
      .getByText(/\d{1,2} \S+ 25\d\d/),
  );
  expect(await seriousViolations(page)).toEqual([]);

  const item = news[1] as NewsRow;
  await page.getByRole('link', { name: item.news_title }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/news/${item.id}`);
  await visible(page.getByRole('heading', { level: 1, name: item.news_title }));
  await visible(page.getByText(item.news_content ?? '', { exact: false }));
  await expect.poll(() => page.title()).toContain(item.news_title);
  for (const tag of (item.news_tag ?? '').split(',')) await visible(page.getByRole('listitem').getByText(tag.trim()));
  await visible(page.getByRole('heading', { name: 'ภาพประกอบ' }));
  await expect
    .poll(() =>
      page
        .locator('figure img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);

  // The server gives a shared link the same title.
  const html = await (await fetch(`${shop.url}/news/${item.id}`)).text();
  expect(html).toContain(`<title>${item.news_title} | สิกขา</title>`);

  await page.getByRole('link', { name: 'กลับไปหน้าข่าวสาร' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/news');
  await visible(page.getByRole('heading', { level: 1, name: 'ข่าวสาร' }));
});

test('an unknown news id shows the not-found state', async () => {
  await openPage('/news/999999');
  await visible(page.getByRole('heading', { level: 1, name: 'ไม่พบข่าวนี้' }));
  await visible(page.getByRole('link', { name: 'กลับไปหน้าข่าวสาร' }));
});

test('the home page shows the latest news', async () => {
  const latest = await call<NewsRow[]>('newsLimit?limit=3');
  await openPage('/');
  const section = page.getByRole('region', { name: 'ข่าวสารล่าสุด' });
  await visible(section);
  for (const item of latest) await visible(section.getByRole('heading', { level: 3, name: item.news_title }));
  await section.getByRole('link', { name: 'ดูข่าวสารทั้งหมด' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/allNews');
});

test('the Help dialog has four keyboard tabs, the group pictures and the Q&A from the server', async () => {
  const questions = await call<QuestionRow[]>('question');
  expect(questions.length).toBeGreaterThan(0);
  await openPage('/');
  await page.getByRole('button', { name: 'ช่วยเหลือ' }).click();
  const dialog = page.getByRole('dialog', { name: 'ช่วยเหลือ' });
  await visible(dialog);
  const tabs = ['ขั้นตอนการชำระเงิน', 'ขั้นตอนการเปลี่ยนรหัสผ่าน', 'การเข้าร่วมกลุ่ม', 'คำถามที่พบบ่อย'];
  for (const name of tabs) await visible(dialog.getByRole('tab', { name }));
  expect(await dialog.getByRole('tab').count()).toBe(4);
  await visible(dialog.getByText('00.00–08.00', { exact: false }));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // Arrow keys move between tabs.
  await dialog.getByRole('tab', { name: tabs[0] }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.getByRole('tab', { name: tabs[1] }).getAttribute('aria-selected')).toBe('true');
  await visible(dialog.getByRole('tabpanel').getByText('ลืมรหัสผ่าน?', { exact: false }));

  await dialog.getByRole('tab', { name: tabs[2] }).click();
  const pictures = dialog.getByRole('tabpanel').getByRole('img');
  await expect.poll(() => pictures.count()).toBe(2);
  for (const picture of await pictures.all()) {
    expect(await picture.getAttribute('alt')).toMatch(/^ขั้นตอนที่ \d/);
    expect(await picture.getAttribute('width')).toBe('800');
    expect(await picture.getAttribute('height')).toBe('450');
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(800);
  }

  await dialog.getByRole('tab', { name: tabs[3] }).click();
  for (const row of questions) await visible(dialog.getByRole('button', { name: row.question }));
  const first = questions[0] as QuestionRow;
  await dialog.getByRole('button', { name: first.question }).click();
  await visible(dialog.getByRole('region', { name: first.question }).getByText(first.result ?? ''));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByRole('button', { name: 'ปิด' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
});

test('contact and pricing pages show, and a price opens its course', async () => {
  await openPage('/contact');
  await visible(page.getByRole('heading', { level: 1, name: 'ติดต่อเรา' }));
  await visible(page.getByRole('main').getByRole('link', { name: 'contact@sikkha.example' }));
  await visible(page.getByRole('heading', { level: 2, name: 'เวลาทำการ' }));
  expect(await seriousViolations(page)).toEqual([]);

  const products = await call<ProductRow[]>('product');
  await page.goto(`${shop.url}/pricing`);
  await visible(page.getByRole('heading', { level: 1, name: 'ราคาคอร์สเรียน' }));
  await visible(page.getByText('เป็นเวลา 2 ปี', { exact: false }));
  for (const product of products) {
    const row = page.getByRole('article').filter({ hasText: product.product_title });
    await visible(row);
    const baht = product.product_price.toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(await row.textContent()).toContain(baht);
  }
  const course = products[0] as ProductRow;
  await page.getByRole('link', { name: course.product_title }).first().click();
  // The course opens over the price list, and closing it comes back to the list.
  const dialog = page.getByRole('dialog', { name: course.product_title });
  await visible(dialog);
  expect(new URL(page.url()).pathname).toBe('/pricing');
  await dialog.getByRole('button', { name: 'ปิด' }).first().click();
  await hidden(dialog);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/pricing');
  await visible(page.getByRole('heading', { level: 1, name: 'ราคาคอร์สเรียน' }));
});

test('inspire and callback render, and content pages fit a phone screen', async () => {
  await openPage('/inspire', 390, 844);
  await visible(page.getByRole('heading', { level: 1, name: 'แรงบันดาลใจ' }));
  await page.goto(`${shop.url}/callback`);
  await visible(page.getByRole('heading', { level: 1, name: 'กำลังดำเนินการ…' }));
  await visible(page.getByRole('link', { name: 'กลับหน้าแรก' }));
  for (const path of [
    '/privacy-policy',
    '/terms-and-conditions',
    '/allNews',
    '/news/1',
    '/contact',
    '/pricing',
    '/inspire',
  ]) {
    await page.goto(`${shop.url}${path}`);
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0);
  }
});

// Last: it adds news, which the tests above count.
test('with more news than a page holds, /allNews pages with the pager', async () => {
  const { token } = await call<{ token: string }>('loginPersonnel', { body: shop.staff });
  for (let i = 1; i <= 7; i++) {
    await call('news', {
      token,
      body: { news_title: `ข่าวทดสอบหน้าที่สอง ${i}`, news_detail: 'ข่าวสำหรับทดสอบการแบ่งหน้า' },
    });
  }
  const all = await call<NewsRow[]>('news');
  expect(all).toHaveLength(10);

  await openPage('/allNews');
  const pager = page.getByRole('navigation', { name: 'เลือกหน้าข่าวสาร' });
  await visible(pager);
  await expect.poll(() => page.getByRole('main').getByRole('article').count()).toBe(9);
  // Newest first: the last news added leads page 1; the oldest demo item is alone on page 2.
  await visible(page.getByRole('heading', { level: 2, name: 'ข่าวทดสอบหน้าที่สอง 7' }));
  const oldest = all[all.length - 1] as NewsRow;
  expect(await page.getByRole('heading', { level: 2, name: oldest.news_title }).count()).toBe(0);

  await pager.getByRole('link', { name: 'หน้า 2' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
  await visible(page.getByRole('heading', { level: 2, name: oldest.news_title }));
  expect(await page.getByRole('main').getByRole('article').count()).toBe(1);
  expect(await pager.getByRole('link', { name: 'หน้า 2' }).getAttribute('aria-current')).toBe('page');
  // A news item without pictures says so instead of showing a broken image.
  await page.goto(`${shop.url}/allNews`);
  await visible(page.getByRole('img', { name: 'ไม่มีรูปภาพ' }));

  // A page past the end goes back to page 1.
  await page.goto(`${shop.url}/allNews?page=9`);
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect.poll(() => page.getByRole('main').getByRole('article').count()).toBe(9);
});
