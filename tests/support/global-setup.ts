// Vitest's global setup: what every server test file would otherwise build for itself.
// - A migrated in-memory PGlite, dumped once: each file loads it (about 0.5 s) instead of
//   running initdb and the migrations (about 4 s).
// - A run id: every PostgreSQL schema this run creates is named after it, and the teardown
//   drops them all, so the shared test database never fills up with schemas (Kysely's
//   migrator reads the whole catalogue, and grew to seconds a file with thousands of them).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '#server/db/migrate';
import { notificationSourceOf, openDatabase } from '#server/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    /** The dumped, migrated PGlite folder (a tar file), or '' when the run uses PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);

  let template = '';
  if (!process.env.TEST_DATABASE_URL) {
    const opened = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateToLatest(opened.db);
    const source = notificationSourceOf(opened.db);
    if (source?.kind !== 'pglite') throw new Error('an in-memory PGlite was expected');
    const dump = await source.pglite.dumpDataDir('none');
    await opened.db.destroy();
    mkdirSync(resolve('.tmp'), { recursive: true });
    template = resolve(`.tmp/pglite-template-${runId}.tar`);
    writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', template);

  return async () => {
    if (template) rmSync(template, { force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`test\\_${runId}\\_%`]);
      for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
    } finally {
      await client.end();
    }
  };
}
