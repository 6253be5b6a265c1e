import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.js';

/**
 * Global setup of the integration-postgres project: one database migrated here, which freshDatabase names as the
 * TEMPLATE of each file's database, so PostgreSQL copies it instead of each file running the migrations again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const name = `sikkha_test_template_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString());
  try {
    await database.migrate();
  } finally {
    // A template must have no one connected while it is copied.
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
