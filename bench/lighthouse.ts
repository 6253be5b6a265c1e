/**
 * Lighthouse on the built shop (npm run build first): the home page, a course page, the course list and a news
 * article, mobile and desktop. Lighthouse is fetched on demand (it is heavy and only the benchmark needs it) and
 * drives Debian's Chromium. Run: npx tsx bench/lighthouse.ts   Results: bench/results/lighthouse-*.json and a
 * table on stdout. FORMS=mobile runs one form only; PAGES=home,course some pages; WEB_DIR and SERVER_MAIN measure
 * another build (e2e/harness.ts). CPU_SLOWDOWN=8 simulates a CPU slower than Lighthouse's default 4x: how the pages
 * fare where the machine running Lighthouse is slower than this one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, runServer } from '../e2e/harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench/results');
mkdirSync(out, { recursive: true });

// A first start of the built shop on an empty data directory, as `npm start` does (the demo content included).
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-lighthouse-'));
const shop = await runServer(dataDir, {}, 300_000);
const allPages = {
  home: '/',
  course: `/product/${encodeURIComponent('การตลาดออนไลน์ฉบับมืออาชีพ')}`,
  courses: '/courses',
  news: '/news/1',
};
const chosen = process.env.PAGES?.split(',');
const pages = Object.entries(allPages).filter(([name]) => !chosen || chosen.includes(name));
const forms = (process.env.FORMS?.split(',') ?? ['mobile', 'desktop']) as ('mobile' | 'desktop')[];
const chromeFlags = CHROMIUM_ARGS.join(' ');
const rows: string[] = [];

/**
 * One Lighthouse run. This Chromium now and then gives Lighthouse a trace without a navigation start (NO_NAVSTART):
 * such a run is tried once more instead of losing the whole table.
 */
function lighthouse(args: string[]) {
  const run = () =>
    execFileSync('npx', ['--yes', 'lighthouse@12.2.3', ...args], {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  try {
    run();
  } catch {
    run();
  }
}
try {
  for (const [name, path] of pages) {
    for (const form of forms) {
      const file = join(out, `lighthouse-${name}-${form}.json`);
      lighthouse([
        shop.url + path,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        `--chrome-flags=${chromeFlags}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        ...(form === 'desktop' ? ['--preset=desktop'] : []),
        ...(process.env.CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${process.env.CPU_SLOWDOWN}`] : []),
      ]);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
      const shown = (audit: string) => report.audits[audit]?.displayValue ?? '';
      // Lighthouse's simulated slowdown multiplies whatever else the machine is doing: its CPU benchmark and the
      // load average say how far the figures can be trusted.
      const machine = `${Math.round(report.environment?.benchmarkIndex ?? 0)} | ${loadavg()[0]!.toFixed(1)}`;
      rows.push(
        `| ${name} | ${form} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${shown('first-contentful-paint')} | ${shown('largest-contentful-paint')} | ${shown('total-blocking-time')} | ${shown('cumulative-layout-shift')} | ${machine} |`,
      );
    }
  }
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  '| page | form | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | benchmarkIndex | load |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
