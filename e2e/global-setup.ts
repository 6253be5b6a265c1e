import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS, runServer, staffPasswordIn } from './harness.js';

/**
 * Once per e2e run, before any journey: the built shop's first start on an empty data directory (the embedded
 * database created and migrated, the demo content seeded, the demo video packaged), stopped cleanly so the directory
 * is a consistent installation each journey's shop starts from a copy of; and the one Chromium whose contexts the
 * journeys' pages open in. A cold start costs each file seconds to tens of seconds on a loaded machine and a browser
 * launch one or two more; smoke.e2e.ts still starts cold, as `npm start` does the first time.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-template-'));
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // Every journey waits on this one start: it may take longer than a journey's own on a loaded machine.
    const server = await runServer(dataDir, {}, 300_000);
    const staffPassword = staffPasswordIn(server.output());
    const code = await server.stop();
    if (code !== 0) throw new Error(`the template shop did not stop cleanly (exit ${code}):\n${server.output()}`);
    project.provide('shopTemplate', { dataDir, staffPassword });
    project.provide('chromiumEndpoint', browser.wsEndpoint());
  } catch (error) {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
