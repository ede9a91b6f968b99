/**
 * Vitest's global setup for the server project: with PROMENADE_TEST_DB=postgres (`npm run test:pg`),
 * a throwaway PostgreSQL cluster for the run (or the server at PROMENADE_TEST_DATABASE_URL, a
 * superuser's URL), and a template database migrated once, which each test server's database is
 * copied from (harness.ts). Nothing to do on SQLite.
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../db/index.ts';
import { startCluster, withDatabase } from './pgCluster.ts';

export const TEMPLATE = 'promenade_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's URL to the test PostgreSQL (its `postgres` database); '' on SQLite. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.PROMENADE_TEST_DB !== 'postgres') {
    project.provide('pgAdminUrl', '');
    return undefined;
  }
  const given = process.env.PROMENADE_TEST_DATABASE_URL;
  const cluster = given ? null : await startCluster();
  const adminUrl = given ?? cluster!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
    await admin.query(`create database ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const opened = await openPostgres(withDatabase(adminUrl, TEMPLATE));
  await opened.close();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await cluster?.stop();
  };
}
