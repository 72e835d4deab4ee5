// Opens the database the configuration asks for: PostgreSQL over a pg Pool when
// DATABASE_URL is set, otherwise embedded PGlite in $DATA_DIR/pglite (or in memory for tests).
// Both return identical row shapes: `date` as 'YYYY-MM-DD' text and bigint as number.
// A PGlite folder is checked (usable, writable) and locked for this process until the database
// is destroyed; problems throw DatabaseOpenError with a Spanish sentence naming the folder.
// Never runs migrations or seeds; server.ts decides that.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './adapter.ts';
import { FolderLockedError, lockFolder, type FolderLock } from './folder-lock.ts';
import type { Database } from './schema.ts';

const DATE_OID = 1082;
const INT8_OID = 20;

/** Written in PGlite's folder while a server uses it (for people; the lock is folder-lock.ts). */
export const SERVER_PID_FILE = 'server.pid';

/** The database cannot be opened for a reason the operator must fix: the message says which and why. */
export class DatabaseOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseOpenError';
  }
}

const FOLDER_PROBLEMS: Record<string, string> = {
  ENOTDIR: 'una parte de la ruta no es una carpeta',
  EEXIST: 'existe pero no es una carpeta',
  EACCES: 'no hay permiso para leer o escribir en ella',
  EPERM: 'no hay permiso para leer o escribir en ella',
  EROFS: 'está en un sistema de archivos de solo lectura',
  ENOSPC: 'no queda espacio en el disco',
  EDQUOT: 'se ha agotado la cuota de disco',
};

function folderError(dir: string, error: unknown): DatabaseOpenError {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  const why = FOLDER_PROBLEMS[code] ?? `error del sistema ${code || String(error)}`;
  return new DatabaseOpenError(`No se puede usar la carpeta de datos ${dir}: ${why} (${code || 'sin código'}). Revisa DATA_DIR.`);
}

/** Creates the folder if needed and proves it can be listed and written, as PGlite will. */
function checkFolder(dir: string): void {
  const probe = join(dir, `.prueba-escritura-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    readdirSync(dir);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    // A `mkdir` through a regular file fails with ENOTDIR, or EEXIST when the folder itself is a file.
    throw folderError(dir, error);
  }
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Where the PGlite files live, or null for PostgreSQL and in-memory PGlite. */
  pgliteDir: string | null;
}

/**
 * How to hear a database's NOTIFY messages (the session caches' invalidations): PostgreSQL
 * through a dedicated client of its own (a pooled connection is not always open), PGlite
 * through its single in-process connection.
 */
export type NotificationSource = { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; pglite: PGlite };

const notificationSources = new WeakMap<Kysely<Database>, NotificationSource>();

/** The source for a database opened here; null for one opened elsewhere (nothing to listen with). */
export function notificationSourceOf(db: Kysely<Database>): NotificationSource | null {
  return notificationSources.get(db) ?? null;
}

/** The folder of a PGlite database opened here on disk; null for PostgreSQL and in-memory PGlite. */
export function pgliteFolderOf(db: Kysely<Database>): string | null {
  const source = notificationSources.get(db);
  return source?.kind === 'pglite' ? (source.pglite.dataDir ?? null) : null;
}

function opened(db: Kysely<Database>, source: NotificationSource, result: Omit<OpenedDatabase, 'db'>): OpenedDatabase {
  notificationSources.set(db, source);
  return { db, ...result };
}

export function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string | null;
  /** In-memory PGlite only: start from this dumped data folder (tests load a migrated one, not initdb each time). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return opened(db, { kind: 'postgres', connectionString: options.databaseUrl }, { kind: 'postgres', pgliteDir: null });
  }
  if (options.dataDir === null) {
    const pglite = await openPGlite(null, options.loadDataDir);
    return opened(new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), { kind: 'pglite', pglite }, { kind: 'pglite', pgliteDir: null });
  }
  const dir = resolve(pgliteDirOf(options.dataDir));
  checkFolder(dir);
  let lock: FolderLock;
  try {
    lock = await lockFolder(dir);
  } catch (error) {
    if (error instanceof FolderLockedError) throw new DatabaseOpenError(error.message);
    throw folderError(dir, error);
  }
  let pglite: PGlite | null = null;
  try {
    pglite = await openPGlite(dir);
    releaseOnClose(pglite, lock);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    // A first query starts Kysely's driver, so db.destroy() always closes PGlite and frees the lock.
    await sql`select 1`.execute(db);
    return opened(db, { kind: 'pglite', pglite }, { kind: 'pglite', pgliteDir: dir });
  } catch (error) {
    await (pglite ? pglite.close() : lock.release()).catch(() => undefined);
    throw new DatabaseOpenError(`No se pudo abrir la base de datos de ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** db.destroy() closes PGlite; the folder's lock goes with it (a process's death frees it too). */
function releaseOnClose(pglite: PGlite, lock: FolderLock): void {
  const close = pglite.close.bind(pglite);
  pglite.close = async () => {
    try {
      await close();
    } finally {
      await lock.release();
    }
  };
}

/** A PGlite with the same parsers as the pg Pool above; `dir` null keeps it in memory. */
export async function openPGlite(dir: string | null, loadDataDir?: Blob): Promise<PGlite> {
  // PGlite already returns bigint as number when it fits; only `date` needs overriding.
  const pglite = new PGlite({ ...(dir === null ? {} : { dataDir: dir }), ...(loadDataDir ? { loadDataDir } : {}), parsers: { [DATE_OID]: (value: string) => value } });
  await pglite.waitReady;
  return pglite;
}
