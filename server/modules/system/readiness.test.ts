// Readiness means the database takes writes (issue "robustness", item 6c): /api/health/ready
// answered 200 while the data folder was read-only and every write failed. A real server
// process on a real PGlite folder whose permissions are taken away, and a database that answers
// reads but refuses writes; polling stays cheap.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import { seedMinimal } from '#server/seed/index';
import { freePort } from '#test-support/server/server-process';
import { createTestApp } from '#test-support/server/test-app';
import { WRITE_PROBE_EVERY_MS } from './routes.ts';

const READ_ONLY = { success: false, error: 'La base de datos no acepta escrituras' };
const NOBODY = 65_534;
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** chmod -R: the folder and everything in it get `mode(current)`. */
function chmodTree(path: string, mode: (current: number) => number): void {
  chmodSync(path, mode(statSync(path).mode & 0o777));
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) chmodTree(join(path, name), mode);
}

const readOnly = (mode: number) => mode & ~0o222;
const writable = (mode: number) => mode | 0o200;

describe('readiness takes a write', () => {
  it('a server whose data folder turns read-only answers 503 in Spanish (health stays 200), and 200 once it is writable again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'impecable-ready-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const prepared = await openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(prepared.db);
    await seedMinimal(prepared.db, new Date());
    await prepared.db.destroy();
    // Permissions bind everyone but root: as root, the server runs as nobody, owner of the folder.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chownSync(dataDir, NOBODY, NOBODY);
      for (const name of readdirSync(dataDir, { recursive: true }) as string[]) chownSync(join(dataDir, name), NOBODY, NOBODY);
    }

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'fatal', DEMO_MODE: 'true' };
    delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env, stdio: 'ignore', ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
    cleanups.push(() => server.kill('SIGKILL'));
    const base = `http://127.0.0.1:${port}`;
    const ask = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return [res.status, await res.json()];
    };
    await expect.poll(() => ask('/api/health/ready').catch(() => null), { timeout: 60_000, interval: 250 }).toEqual([200, { status: 'ok' }]);

    chmodTree(dataDir, readOnly);
    cleanups.push(() => chmodTree(dataDir, writable));
    // A write that worked is trusted for a second; after it, the folder's state is seen.
    await new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_EVERY_MS + 100));
    expect(await ask('/api/health/ready')).toEqual([503, READ_ONLY]);
    expect(await ask('/api/health')).toEqual([200, { status: 'ok' }]);

    chmodTree(dataDir, writable);
    expect(await ask('/api/health/ready')).toEqual([200, { status: 'ok' }]);
  }, 120_000);

  it('a database that answers reads but refuses writes (read-only, as a standby) is not ready; it is again once it takes writes', async () => {
    // PGlite's one connection carries the setting to every query, the readiness check's too.
    const { db } = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateToLatest(db);
    const ctx = await createTestApp({ db });
    cleanups.push(() => ctx.close());
    await sql`SET default_transaction_read_only = on`.execute(db);
    const notReady = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([notReady.statusCode, notReady.json()]).toEqual([503, READ_ONLY]);

    await sql`SET default_transaction_read_only = off`.execute(db);
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('polling costs at most one write a second', async () => {
    const ctx = await createTestApp({ seed: false });
    cleanups.push(() => ctx.close());
    const lastWrite = async () => (await sql<{ at: Date }>`SELECT checked_at AS at FROM readiness_probe`.execute(ctx.db)).rows[0]?.at.getTime();
    const poll = async (times: number) => {
      for (let i = 0; i < times; i += 1) expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    };
    await poll(1);
    const first = await lastWrite();
    await poll(10);
    expect(await lastWrite()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_EVERY_MS + 100));
    await poll(1);
    expect(await lastWrite()).toBeGreaterThan(Number(first));
  });
});
