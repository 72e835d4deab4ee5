import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { enqueueJob, JobRunner } from '#server/jobs/runner';
import { shutDown } from '#server/lifecycle';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { seedMinimal } from '#server/seed/index';
import { freePort, LISTENING, startServerProcess } from '#test-support/server/server-process';
import { bearer, createClock, openTestDatabase } from '#test-support/server/test-app';
import { createAuthService } from '#server/modules/auth/service';

// Graceful shutdown: stop taking connections, finish the requests in flight and the running
// job (claiming no new one), close the database, exit 0; a restart finds everything.
const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent' });
const BODY = JSON.stringify({ action: 'Fin video 3 Accesible' });
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A POST whose body is only half sent: a request in flight until `finish()`. */
function slowPost(port: number, token: string): { finish: () => void; response: Promise<{ status: number; body: string }>; req: ClientRequest } {
  const req = httpRequest({
    host: '127.0.0.1', port, method: 'POST', path: '/api/log/register',
    headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY), 'idempotency-key': randomUUID() },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(BODY.slice(0, 10));
  return { finish: () => req.end(BODY.slice(10)), response, req };
}

const refused = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('connect', () => {
    socket.destroy();
    resolve(false);
  });
  socket.on('error', () => resolve(true));
});

/** Polls `condition` for up to 10 s (by the clock, not by a count of ticks: a loaded CI machine is slow). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`never happened: ${what}`);
}

describe('shutDown (buildApp + JobRunner, in process)', () => {
  it('refuses new connections, finishes the request in flight and the running job, claims no other, then closes the database', async () => {
    const clock = createClock(new Date('2025-06-20T10:00:00Z'));
    const db = await openTestDatabase();
    await seedMinimal(db, clock.now());
    const app = await buildApp({ config, db, clock: clock.now, logger: false, distDir: '/nonexistent-dist' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const ana = await db.selectFrom('users').selectAll().where('email', '=', 'ana@impecable.demo').executeTakeFirstOrThrow();
    const token = (await createAuthService({ db, config, clock: clock.now }).startSession(ana)).token;

    let releaseJob = () => undefined as void;
    let jobStarted = false;
    const runner = new JobRunner(db, {
      clock: clock.now,
      pollIntervalMs: 5,
      handlers: {
        slow: async () => {
          jobStarted = true;
          await new Promise<void>((resolve) => (releaseJob = resolve));
        },
      },
    });
    await enqueueJob(db, { kind: 'slow', runAt: clock.now() });
    runner.start();
    await until(() => jobStarted, 'the job started');

    const received = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    const inFlight = slowPost(port, token);
    await received;

    const closing = shutDown({ app, runner, db });
    await until(() => !app.server.listening, 'the server stopped listening');
    expect(await refused(port)).toBe(true);

    inFlight.finish();
    expect(await inFlight.response).toEqual({ status: 200, body: '{"success":true}' });
    releaseJob();
    expect(await closing).toBe('clean');

    // Closed last: nothing can use the database any more.
    await expect(db.selectFrom('jobs').select('id').execute()).rejects.toThrow();
  });

  it('JobRunner.stop waits for the job in hand and leaves the queue for the next instance', async () => {
    const clock = createClock(new Date('2025-06-20T10:00:00Z'));
    const db = await openTestDatabase();
    cleanups.push(() => db.destroy());
    let release = () => undefined as void;
    let started = 0;
    const runner = new JobRunner(db, {
      clock: clock.now, pollIntervalMs: 5,
      handlers: { slow: async () => { started += 1; await new Promise<void>((resolve) => (release = resolve)); } },
    });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueJob(db, { kind: 'slow', runAt: clock.now() }));
    runner.start();
    await until(() => started === 1, 'the first job started');
    const stopping = runner.stop();
    release();
    await stopping;
    const statuses = await db.selectFrom('jobs').select(['id', 'status']).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['done', 'queued', 'queued']);
    expect(started).toBe(1);
  });
});

const logged = (msg: string, extra: (entry: Record<string, unknown>) => boolean = () => true) => (line: string) => {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    return typeof entry.msg === 'string' && entry.msg.startsWith(msg) && extra(entry);
  } catch {
    return false;
  }
};

describe('server.ts on SIGTERM (a real child process)', () => {
  it('answers the request in flight, exits 0, and a restart finds what it stored', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'impecable-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (process.env.TEST_DATABASE_URL) {
      const schema = `shutdown_${randomUUID().replaceAll('-', '')}`;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = url.toString();
    }
    const open = async (): Promise<Kysely<Database>> => (await openDatabase({ databaseUrl: databaseUrl || null, dataDir })).db;
    const prepared = await open();
    await migrateToLatest(prepared);
    await seedMinimal(prepared, new Date());
    await prepared.destroy();

    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'info', DEMO_MODE: 'true' };
    const server = startServerProcess(env);
    cleanups.push(() => void server.process.kill('SIGKILL'));
    await server.waitFor(LISTENING, 'listening');

    const sso = await signSsoToken(config.ssoSecret, 'ana@impecable.demo');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login-sso`, { method: 'POST', headers: bearer(sso) });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const inFlight = slowPost(port, token);
    await server.waitFor(logged('incoming request', (e) => (e.req as { url?: string } | undefined)?.url === '/api/log/register'), 'the slow request arrived');
    server.process.kill('SIGTERM');
    await server.waitFor(logged('closing'), 'closing');
    inFlight.finish();
    expect(await inFlight.response).toEqual({ status: 200, body: '{"success":true}' });
    expect(await server.exited).toBe(0);
    expect(server.lines.some(logged('closed'))).toBe(true);

    // A restart on the same data: the event sent during the shutdown is there.
    const again = startServerProcess(env);
    cleanups.push(() => void again.process.kill('SIGKILL'));
    await again.waitFor(LISTENING, 'listening again');
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    again.process.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const db = await open();
    const events = await db.selectFrom('log_events').innerJoin('users', 'users.id', 'log_events.user_id')
      .select('log_events.action').where('users.email', '=', 'ana@impecable.demo').where('log_events.action', '=', 'Fin video 3 Accesible').execute();
    await db.destroy();
    expect(events).toHaveLength(1);
  }, 180_000);
});
