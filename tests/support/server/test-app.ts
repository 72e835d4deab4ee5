// Test harness: an in-memory PGlite, migrated and (by default) seeded minimally, with the
// app built around it, a movable clock and sign-in helpers. Each test file builds its own.
// Never used by production code.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type Config, type Env } from '#server/config';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { createFolderMediaStore, type MediaStore } from '#server/media/store';
import { signSsoToken } from '#server/modules/auth/sso-token';
import type { GiftCardProvider } from '#server/modules/rewards/gift-card-provider';
import { seedMinimal, TINY_CLIP } from '#server/seed/index';

export interface TestClock {
  now: () => Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createClock(start: Date): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  /** The app's media store: a temporary folder, removed by close(). */
  media: MediaStore;
  mediaDir: string;
  /** A bearer token for a user, through the real SSO sign-in route. */
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestOptions {
  env?: Env;
  seed?: boolean;
  now?: Date;
  distDir?: string;
  db?: Kysely<Database>;
  giftCards?: GiftCardProvider;
  /** The media store (an S3 bucket two apps share); defaults to a temporary folder. */
  media?: MediaStore;
}

/** What the global setup (tests/support/global-setup.ts) provides, or nothing outside Vitest. */
function provided<K extends 'testRunId' | 'pgliteTemplate'>(key: K): string {
  try {
    return inject(key);
  } catch {
    return '';
  }
}

/** The schema each PostgreSQL test database lives in (dropped on close). */
const schemaOf = new WeakMap<Kysely<Database>, { url: string; schema: string }>();

/**
 * A new, empty schema in the PostgreSQL database at `url`: the URL that opens it. Named after
 * the test run, whose teardown drops it if nothing did before.
 */
export async function newTestSchema(url: string): Promise<string> {
  return (await createSchema(url)).url;
}

async function createSchema(url: string): Promise<{ schema: string; url: string }> {
  const schema = `test_${provided('testRunId') || 'norun'}_${randomUUID().replaceAll('-', '')}`;
  await onServer(url, `CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: withSchema.toString() };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let template: Blob | null | undefined;

/** The migrated PGlite the global setup dumped, read once per file; null without one. */
function pgliteTemplate(): Blob | null {
  if (template === undefined) {
    const path = provided('pgliteTemplate');
    template = path ? new Blob([readFileSync(path)]) : null;
  }
  return template;
}

/**
 * A fresh, migrated database: in-memory PGlite (loaded from the run's migrated template), or,
 * with TEST_DATABASE_URL set, a new schema in that PostgreSQL database (so the same tests
 * prove the same SQL on both).
 */
export async function openTestDatabase(): Promise<Kysely<Database>> {
  const url = process.env.TEST_DATABASE_URL;
  const owned = url ? await createSchema(url) : null;
  const { db } = await openDatabase({ databaseUrl: owned?.url ?? null, dataDir: null, loadDataDir: pgliteTemplate() ?? undefined });
  if (url && owned) schemaOf.set(db, { url, schema: owned.schema });
  await migrateToLatest(db);
  return db;
}

/** Closes a test database; on PostgreSQL its schema goes too. */
export async function closeTestDatabase(db: Kysely<Database>): Promise<void> {
  await db.destroy();
  const owned = schemaOf.get(db);
  if (owned?.schema) await onServer(owned.url, `DROP SCHEMA IF EXISTS ${owned.schema} CASCADE`);
}

export async function createTestApp(options: TestOptions = {}): Promise<TestContext> {
  const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', ...options.env });
  const clock = createClock(options.now ?? new Date());
  const db = options.db ?? (await openTestDatabase());
  const mediaDir = mkdtempSync(join(tmpdir(), 'impecable-media-'));
  const media = options.media ?? createFolderMediaStore(mediaDir);
  // The demo's files (tiny clips, subtitles, prize images) in the app's own store: /media/u serves them.
  if (!options.db && options.seed !== false) await seedMinimal(db, clock.now(), { store: media, clip: TINY_CLIP, videos: 'as-is' });
  const app = await buildApp({ config, db, clock: clock.now, distDir: options.distDir ?? '/nonexistent-dist', logger: false, giftCards: options.giftCards, media });
  await app.ready();

  async function signIn(email: string): Promise<string> {
    const sso = await signSsoToken(config.ssoSecret, email, clock.now());
    const res = await app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: { authorization: `Bearer ${sso}` } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { token: string } }).data.token;
  }

  return {
    app, db, config, clock, media, mediaDir, signIn,
    close: async () => {
      await app.close();
      await closeTestDatabase(db);
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The media cookie /media/u/* asks for (server/media/access-cookie.ts), carrying a session token. */
export const mediaCookie = (token: string) => ({ cookie: `impecable_media=${token}` });
