import { readdirSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mutex } from './adapter';
import { migrateToLatest } from './migrate';
import { openDatabase } from './open';
import type { Database } from './schema';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Mutex', () => {
  it('hands the lock out in request order, one holder at a time', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    await Promise.all(['a', 'b', 'c'].map(async (name) => {
      const release = await mutex.acquire();
      order.push(`${name}+`);
      await pause(5);
      order.push(`${name}-`);
      release();
    }));
    expect(order).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });
});

describe('PGlite dialect', () => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    ({ db } = await openDatabase({ databaseUrl: null, dataDir: null }));
    await sql`CREATE TABLE trace (seq serial PRIMARY KEY, tx text NOT NULL, step int NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('never interleaves two concurrent transactions', async () => {
    const run = (tx: string) => db.transaction().execute(async (trx) => {
      for (let step = 0; step < 3; step++) {
        await sql`INSERT INTO trace (tx, step) VALUES (${tx}, ${step})`.execute(trx);
        await pause(10); // yield to the event loop: the other transaction is waiting to run
      }
    });
    await Promise.all([run('A'), run('B')]);
    const { rows } = await sql<{ tx: string }>`SELECT tx FROM trace ORDER BY seq`.execute(db);
    expect(rows.map((r) => r.tx).join('')).toMatch(/^(AAABBB|BBBAAA)$/);
  });

  it('makes a plain query wait until a running transaction commits', async () => {
    await sql`DELETE FROM trace`.execute(db);
    let committed = false;
    const tx = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO trace (tx, step) VALUES ('T', 1)`.execute(trx);
      await pause(30);
      committed = true;
    });
    await pause(5);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM trace`.execute(db);
    await tx;
    expect(committed).toBe(true);
    expect(rows[0]?.n).toBe(1);
  });

  it('rolls back a failed transaction and frees the connection', async () => {
    await sql`DELETE FROM trace`.execute(db);
    await expect(db.transaction().execute(async (trx) => {
      await sql`INSERT INTO trace (tx, step) VALUES ('R', 1)`.execute(trx);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM trace`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });

  it('reports affected rows, returns dates as ISO days and bigint as numbers', async () => {
    const result = await sql`UPDATE trace SET step = step WHERE false`.execute(db);
    expect(result.numAffectedRows).toBe(0n);
    const { rows } = await sql<{ d: unknown; n: unknown }>`SELECT DATE '2025-04-30' AS d, 9007199254740991::bigint AS n`.execute(db);
    expect(rows[0]).toEqual({ d: '2025-04-30', n: 9007199254740991 });
  });

  it('runs every migration file once, in order, then has nothing left to do', async () => {
    // The provider is a static list: a file missing from it would silently never run.
    const files = readdirSync(new URL('./migrations', import.meta.url)).filter((f) => /^\d{4}-.*\.ts$/.test(f)).map((f) => f.slice(0, -3)).sort();
    expect(files.slice(0, 2)).toEqual(['0001-foundation', '0002-training']);
    expect(await migrateToLatest(db)).toEqual(files);
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
