// The queries behind readiness: a round trip (`select 1`), and a real write, because a database
// that answers reads may refuse every write (a read-only disk or folder, a standby): the one row
// of readiness_probe is updated and, for PGlite on disk, its folder must still take a new file
// (PGlite keeps the files it has open writable after a chmod, but its next WAL segment, its next
// table or checkpoint would fail). Touches no other table.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { pgliteFolderOf } from '#server/db/open';
import type { Database } from '#server/db/schema';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Resolves once a write has reached the database (and PGlite's folder); rejects with why not. */
export async function probeWrite(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ id: number }>`UPDATE readiness_probe SET checked_at = now() WHERE id = 1 RETURNING id`.execute(db);
  if (rows.length !== 1) throw new Error('readiness_probe has lost its row');
  const folder = pgliteFolderOf(db);
  if (folder) await writeFileThrough(join(folder, `.prueba-escritura-listo-${process.pid}`));
}

/** Creates `path`, writes it to the disk (fsync) and removes it. */
async function writeFileThrough(path: string): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.write('ok');
    await file.sync();
  } finally {
    await file.close();
    await rm(path, { force: true });
  }
}
