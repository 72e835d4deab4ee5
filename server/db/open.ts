// Opens the database the configuration asks for: PostgreSQL over a pg Pool when
// DATABASE_URL is set, otherwise embedded PGlite in $DATA_DIR/pglite (or in memory for tests).
// Both return identical row shapes: `date` as 'YYYY-MM-DD' text and bigint as number.
// Never runs migrations or seeds; server.ts decides that.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './adapter.ts';
import type { Database } from './schema.ts';

const DATE_OID = 1082;
const INT8_OID = 20;

/** Written in PGlite's folder while a server uses it: PGlite allows one process per folder. */
export const SERVER_PID_FILE = 'server.pid';

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Where the PGlite files live, or null for PostgreSQL and in-memory PGlite. */
  pgliteDir: string | null;
}

export function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null }): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          // A calendar day is not an instant: never turn it into a Date in the server's zone.
          if (oid === DATE_OID) return (value: string) => value;
          if (oid === INT8_OID) return (value: string) => Number(value);
          return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pgliteDir: null };
  }
  const dir = options.dataDir === null ? null : pgliteDirOf(options.dataDir);
  if (dir !== null) mkdirSync(dir, { recursive: true });
  const pglite = await openPGlite(dir);
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite', pgliteDir: dir };
}

/** A PGlite with the same parsers as the pg Pool above; `dir` null keeps it in memory. */
export async function openPGlite(dir: string | null): Promise<PGlite> {
  // PGlite already returns bigint as number when it fits; only `date` needs overriding.
  const pglite = new PGlite({ ...(dir === null ? {} : { dataDir: dir }), parsers: { [DATE_OID]: (value: string) => value } });
  await pglite.waitReady;
  return pglite;
}
