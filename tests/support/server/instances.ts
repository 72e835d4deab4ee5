// Test harness for suites that run several server instances on one database: a second handle
// on the data a test database holds, as another process or host would open it (its own pg pool
// on the same PostgreSQL schema), or, on PGlite (one process by design), the same handle shared.
// Never used by production code.
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';

export interface SiblingHandle {
  db: Kysely<Database>;
  /** Whether `db` has its own connections (PostgreSQL) or is the same PGlite handle. */
  ownPool: boolean;
  close(): Promise<void>;
}

/** The URL of the PostgreSQL schema `db` works in (openTestDatabase makes one per test file). */
export async function urlOfSchema(db: Kysely<Database>, baseUrl: string): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
  return url.toString();
}

/** Another instance's handle on `db`'s data: a new pool with TEST_DATABASE_URL, else `db` itself. */
export async function openSibling(db: Kysely<Database>): Promise<SiblingHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { db, ownPool: false, close: async () => undefined };
  const { db: sibling } = await openDatabase({ databaseUrl: await urlOfSchema(db, base), dataDir: null });
  return { db: sibling, ownPool: true, close: () => sibling.destroy() };
}
