import axe from 'axe-core';
import type { Download, Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { screenshotOnFailure } from './harness.js';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * The bytes of a finished download. The journeys share one Chromium they connect to (global-setup.ts), and a
 * connected browser's downloads have no local path: they are read through Playwright's stream.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Waits for what a person would wait for: the element to show, or to go. */
export const visible = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
export const hidden = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout }).toBe(false);

/**
 * axe-core in the page (or inside `include`, leaving out `exclude`); only serious and critical violations are
 * returned, moderate ones are Lighthouse's to report.
 */
export async function seriousViolations(target: Page, include?: string, exclude?: string) {
  // Evaluated, not added as an inline <script>: the shop's Content-Security-Policy refuses inline scripts.
  await target.evaluate(axe.source);
  return target.evaluate(
    async ([inside, outside]) => {
      const context = { include: [inside ?? 'html'], exclude: outside ? [outside] : [] };
      const result = await window.axe.run(context, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    [include, exclude] as const,
  );
}

/**
 * Every console error and warning the page logs from now on (a failed request shows as one), as a live list: a
 * journey ends by expecting it empty.
 */
export function consoleProblems(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const at = message.location().url;
      found.push(`${message.type()} on ${new URL(page.url()).pathname}: ${message.text()}${at ? ` (${at})` : ''}`);
    }
  });
  page.on('pageerror', (error) => found.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`));
  return found;
}

/**
 * After each journey: a failing one leaves a picture of the page it was on in test-results/; then every page the
 * file's journeys opened closes. Left open, earlier journeys' pages (a course dialog, a member's queries) kept running
 * beside the later ones and slowed them on a busy machine until a wait ran out.
 */
export function endEachJourney(current: () => Page | undefined) {
  afterEach(async (ctx) => {
    const page = current();
    if (!page) return;
    if (ctx.task.result?.state === 'fail') {
      // The CI log keeps this line even when the picture cannot be taken (a page that no longer answers).
      console.error(`failed on ${page.isClosed() ? 'a closed page' : page.url()}`);
      await screenshotOnFailure(page, ctx.task.name.replace(/\W+/g, '-'));
    }
    // The file's own connection to the shared Chromium: its contexts are this file's pages only.
    await Promise.all(
      page
        .context()
        .browser()
        ?.contexts()
        .map((context) => context.close()) ?? [],
    );
  });
}

/** The shop has no favicon.ico yet, which Chromium asks for after each page load. */
export const notFavicon = (problem: string) => !problem.includes('/favicon.ico');

/** A browser page of the back office, signed in through its login form as the shop's demo staff. */
export async function staffSignedIn(
  shop: {
    url: string;
    staff: { username: string; password: string };
    page(width: number, height: number): Promise<Page>;
  },
  width = 1280,
  height = 900,
): Promise<Page> {
  const page = await shop.page(width, height);
  await page.goto(`${shop.url}/admin/login`);
  await page.getByLabel(/ชื่อผู้ใช้/).first().fill(shop.staff.username);
  await page
    .getByLabel(/รหัสผ่าน/)
    .first()
    .fill(shop.staff.password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  // The password hash is slow on purpose, and slower on a busy machine: more than the poll's default 5 seconds.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken')), { timeout: 30_000 }).not.toBeNull();
  await visible(page.getByRole('heading', { name: 'ภาพรวม', level: 1 }), 60_000);
  return page;
}

/**
 * A page of the shop as a shopper meets it after the first visit: the cookie banner answered, the page's confirms
 * accepted, a minute for each step on a busy machine, and signed in as the member whose token is given.
 */
export async function shopPage(
  shop: { url: string; page(width: number, height: number): Promise<Page> },
  width: number,
  height: number,
  token?: string,
): Promise<Page> {
  const page = await shop.page(width, height);
  page.setDefaultTimeout(60_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  if (token) await page.addInitScript((t) => localStorage.setItem('token', t), token);
  return page;
}
