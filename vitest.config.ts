import { defineConfig } from 'vitest/config';

const integration = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * `npm test` runs unit tests, the integration suite once per database engine (PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set) and the browser journeys.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      // The web's components in a DOM (jsdom) with React Testing Library: their API calls go through the client's
      // transport seam to a double of the server in the test, so a change fails here before any browser run.
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://shop.test/' } },
        },
      },
      ...engines.map((engine) => ({
        test: {
          name: `integration-${engine}`,
          include: integration,
          env: { DB_ENGINE: engine },
          // Each file's database is a copy of one migrated once, before the files run (see the setup files).
          globalSetup: [`apps/server/test/${engine === 'pglite' ? 'pglite-image' : 'postgres-template'}.ts`],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The shop's processes losing their outside parts (faults/*.fault.ts): PostgreSQL only, as a real outage is.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'faults',
                include: ['e2e/faults/**/*.fault.ts'],
                testTimeout: 180_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // One first start of the shop and one Chromium for all the journeys (see e2e/global-setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
