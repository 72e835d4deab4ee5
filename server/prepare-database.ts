// Gets the configured database ready for use, for the server and the admin CLI alike:
// migrations, then, when it has no users, the demo data (demo mode only; in production an
// empty database stays empty). The demo's media (its clips as video sources, queued for the job
// `video-transcode` the server runs once it listens; subtitles; prize images) go to the media
// store the app serves (the S3 bucket of MEDIA_S3_*, else DATA_DIR/media), as app.ts picks it. Several hosts may start at once on one PostgreSQL: one
// prepares, the others wait on an advisory lock and then find it done. The lock's transaction
// only waits; the work runs on other connections of the pool.
import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { OpenedDatabase } from './db/open.ts';
import { createS3MediaStore } from './media/s3-store.ts';
import { createFolderMediaStore } from './media/store.ts';
import { isDatabaseEmpty, seedDemo, type SeedSummary } from './seed/index.ts';

/** Any fixed number: the advisory lock that lets one of several starting processes prepare at a time. */
export const PREPARE_LOCK = 7_117_001;

/** What preparing found: users already there, no users (production), or the demo just seeded. */
export type Prepared =
  | { kind: 'has-users' }
  | { kind: 'empty' }
  | { kind: 'seeded'; summary: SeedSummary; ms: number };

async function migrateAndSeed(config: Config, db: OpenedDatabase['db']): Promise<Prepared> {
  await migrateToLatest(db);
  if (!(await isDatabaseEmpty(db))) return { kind: 'has-users' };
  if (!config.demoMode) return { kind: 'empty' };
  const started = Date.now();
  const store = config.mediaS3 ? createS3MediaStore(config.mediaS3) : createFolderMediaStore(resolve(config.dataDir, 'media'));
  const summary = await seedDemo(db, new Date(), { store, videos: 'job' });
  return { kind: 'seeded', summary, ms: Date.now() - started };
}

export async function prepareDatabase(config: Config, opened: OpenedDatabase): Promise<Prepared> {
  if (opened.kind === 'pglite') return migrateAndSeed(config, opened.db);
  return opened.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${PREPARE_LOCK})`.execute(trx);
    return migrateAndSeed(config, opened.db);
  });
}

/** The line the server prints about it, if any. */
export function preparedNotice(prepared: Prepared): string | null {
  switch (prepared.kind) {
    case 'has-users': return null;
    case 'empty': return 'La base de datos no tiene usuarios: crea un administrador con `npm run admin -- EMAIL "Nombre"` e importa los demás desde /importar-usuarios o con la API.';
    case 'seeded': return `Datos de demostración cargados: ${prepared.summary.users} usuarios, ${prepared.summary.ledgerRows} movimientos (${prepared.ms} ms)`;
  }
}
