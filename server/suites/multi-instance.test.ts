import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, IDEMPOTENCY_HEADER } from '#contract/common';
import { POINTS_PATHS } from '#contract/points';
import { AUTH_PATHS } from '#contract/session';
import { TRAINING_PATHS } from '#contract/training';
import { buildApp } from '#server/app';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import { enqueueJob, JobRunner } from '#server/jobs/runner';
import { RANKING_MONTH_END_JOB, rankingMonthEndHandler, runMonthEnd, scheduleRankingMonthEnd } from '#server/modules/rankings/month-end';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { seedMinimal } from '#server/seed/index';
import { openSibling, type SiblingHandle } from '#test-support/server/instances';
import { freePort, LISTENING, startServerProcess } from '#test-support/server/server-process';
import { credit, placeAgent, seededSites } from '#test-support/server/rankings';
import { bearer, createTestApp, newTestSchema, type TestContext } from '#test-support/server/test-app';

// What must hold when several instances share one database (issue 17): two apps, A and B, on
// the same data (on PostgreSQL each with its own pool, as two processes or hosts; on PGlite, one
// process by design, the same handle). Rate limits, idempotency, session revocation, jobs and
// the month-end are all decided by the database, never by one process's memory. Then the real
// server with WORKERS=2 (node:cluster) on PostgreSQL as child processes. One file for both
// halves of the same promise, so it runs longer than most.
const T0 = new Date('2025-06-02T10:00:00Z');
const RESOLUTIVO = 2;
const GRACE_END = new Date('2025-06-03T22:00:00Z');
const PAYDAY = new Date('2025-06-08T22:00:00Z');
const api = (path: string) => `${API_BASE}${path}`;

let a: TestContext;
let sibling: SiblingHandle;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp({ now: T0, env: { AUTH_RATE_LIMIT: '3' } });
  sibling = await openSibling(a.db);
  b = await buildApp({ config: a.config, db: sibling.db, clock: a.clock.now, logger: false, distDir: '/nonexistent-dist' });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await sibling.close();
  await a.close();
});

describe('two instances on one database', () => {
  it('share one sign-in budget per IP: the limit counts requests on both, with the same 429', async () => {
    const attempt = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: 'POST', url: api(AUTH_PATHS.loginSso), remoteAddress });
    const codes = [];
    for (const app of [a.app, b, a.app, b, a.app]) codes.push((await attempt(app, '10.7.0.1')).statusCode);
    // Each process counting alone would allow 3 on each: 5 × 401.
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const refused = await attempt(b, '10.7.0.1');
    expect(refused.json()).toEqual({ success: false, error: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(b, '10.7.0.2')).statusCode).toBe(401);
    // A minute later the window starts again, on either instance.
    a.clock.advance(61_000);
    expect((await attempt(b, '10.7.0.1')).statusCode).toBe(401);
    expect((await attempt(a.app, '10.7.0.1')).statusCode).toBe(401);
    // Ended windows are forgotten lazily, by whichever instance counts a hit next.
    a.clock.advance(6 * 60_000);
    await attempt(a.app, '10.7.0.3');
    expect(await a.db.selectFrom('rate_limit_hits').select('client_key').execute()).toEqual([{ client_key: '10.7.0.3' }]);
  });

  it('run one action once when the same Idempotency-Key reaches both at once: the other waits (409) or replays', async () => {
    const token = await a.signIn('ana@impecable.demo');
    const key = randomUUID();
    const action = `Acción en dos instancias ${key}`;
    const send = (app: FastifyInstance) => app.inject({
      method: 'POST', url: api(TRAINING_PATHS.logEvent), payload: { action }, headers: { ...bearer(token), [IDEMPOTENCY_HEADER]: key },
    });
    const answers = await Promise.all([send(a.app), send(b)]);
    const first = answers.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] !== 'true');
    expect(first).toHaveLength(1);
    for (const other of answers.filter((r) => !first.includes(r))) {
      expect(other.statusCode === 409 || other.headers['idempotent-replayed'] === 'true', `${other.statusCode} ${other.body}`).toBe(true);
    }
    const again = await send(b);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', first[0]?.body]);
    const stored = await a.db.selectFrom('log_events').select('id').where('action', '=', action).execute();
    expect(stored).toHaveLength(1);
  });

  it('refuse a token on one instance as soon as it signed out on the other', async () => {
    const token = await a.signIn('ana@impecable.demo');
    const balance = (app: FastifyInstance) => app.inject({ method: 'GET', url: api(POINTS_PATHS.balance), headers: bearer(token) });
    // Both have used the session (any per-process cache of it is warm) before it ends.
    expect((await balance(a.app)).statusCode).toBe(200);
    expect((await balance(b)).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: api(AUTH_PATHS.logout), headers: bearer(token) })).statusCode).toBe(200);
    // Each instance's session cache hears of the revocation through the database (LISTEN/NOTIFY,
    // in commit order): this waits for that delivery, not for a guessed time; with no cache it
    // returns at once.
    await Promise.all([invalidationsDelivered(a.db), invalidationsDelivered(sibling.db)]);
    expect((await balance(a.app)).statusCode).toBe(401);
    expect((await balance(b)).statusCode).toBe(401);
  });

  it('claim every job once with a runner on each (FOR UPDATE SKIP LOCKED)', async () => {
    const jobs = 40;
    for (let i = 0; i < jobs; i++) await enqueueJob(i % 2 ? a.db : sibling.db, { kind: 'twice-safe', payload: { i }, runAt: T0 });
    const ran: Array<{ runner: string; i: number }> = [];
    const runner = (name: string, db: typeof a.db) => new JobRunner(db, {
      clock: () => T0,
      handlers: {
        'twice-safe': async (payload) => {
          ran.push({ runner: name, i: (payload as { i: number }).i });
          // Yield, so the other runner claims while this job is still running.
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      },
    });
    const counts = await Promise.all([runner('A', a.db).runOnce(), runner('B', sibling.db).runOnce()]);
    expect(counts[0] + counts[1]).toBe(jobs);
    expect(ran.map((r) => r.i).sort((x, y) => x - y)).toEqual(Array.from({ length: jobs }, (_, i) => i));
    const statuses = await a.db.selectFrom('jobs').select('status').where('kind', '=', 'twice-safe').distinct().execute();
    expect(statuses).toEqual([{ status: 'done' }]);
  });

  it('close the month once: both schedule it, both run it, the winners are frozen and paid once', async () => {
    const siteId = (await seededSites(a.db))[2]?.id ?? 0;
    for (let i = 0; i < 12; i++) {
      const agent = await placeAgent(a.db, { siteId, brandId: 1, nick: `Dos${i}` });
      await credit(a.db, agent.id, 500 + i, RESOLUTIVO, new Date(Date.UTC(2025, 4, 12, 9, i)));
    }
    // The freeze raced from both: exactly one of them stores the winners.
    const freezes = await Promise.all([runMonthEnd(a.db, GRACE_END), runMonthEnd(sibling.db, GRACE_END)]);
    expect(freezes.flatMap((f) => f.frozen)).toEqual([RESOLUTIVO]);
    const winners = await a.db.selectFrom('ranking_winners').select(['user_id', 'amount']).where('attribute_id', '=', RESOLUTIVO).execute();
    expect(winners.length).toBeGreaterThan(0);

    // Payday: each instance queues the day's run at start-up; one row, run by one runner.
    await scheduleRankingMonthEnd(a.db, PAYDAY);
    await scheduleRankingMonthEnd(sibling.db, PAYDAY);
    const runner = (db: typeof a.db) => new JobRunner(db, { clock: () => PAYDAY, handlers: { [RANKING_MONTH_END_JOB]: rankingMonthEndHandler(db, () => PAYDAY) } });
    const counts = await Promise.all([runner(a.db).runOnce(1), runner(sibling.db).runOnce(1)]);
    expect(counts[0] + counts[1]).toBe(1);
    const day = await a.db.selectFrom('jobs').select(['status', 'attempts']).where('unique_key', '=', `${RANKING_MONTH_END_JOB}:2025-06-08`).execute();
    expect(day).toEqual([{ status: 'done', attempts: 1 }]);

    const prizes = await a.db.selectFrom('points_ledger').select(['user_id', 'source_key'])
      .where('kind', '=', 'prize').where('attribute_id', '=', RESOLUTIVO).execute();
    expect(prizes.length).toBe(winners.filter((w) => w.amount > 0).length);
    expect(new Set(prizes.map((p) => `${p.user_id} ${p.source_key}`)).size).toBe(prizes.length);
    // A second day's run on the other instance pays nothing more.
    expect(await runMonthEnd(sibling.db, new Date(PAYDAY.getTime() + 86_400_000))).toEqual({ frozen: [], paid: [] });
  });

  it('sign in on either instance with a token the other issued (one SSO jti, used once)', async () => {
    const jwt = await signSsoToken(a.config.ssoSecret, 'ana@impecable.demo', a.clock.now());
    const login = (app: FastifyInstance) => app.inject({ method: 'POST', url: api(AUTH_PATHS.loginSso), headers: bearer(jwt), remoteAddress: '10.7.1.1' });
    const [one, two] = await Promise.all([login(a.app), login(b)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 401]);
  });
});

/** One GET on its own connection (no keep-alive), so the cluster hands each to the next worker. */
function getAlone(port: number, path: string, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers: { 'x-request-id': requestId } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A POST whose body is only half sent: a request in flight until `finish()`. */
function slowPost(port: number, path: string, token: string, body: string) {
  const req = httpRequest({
    host: '127.0.0.1', port, method: 'POST', path, agent: false,
    headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  const response = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 5));
  return { finish: () => req.end(body.slice(5)), response };
}

const entryOf = (line: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('server.ts with WORKERS', () => {
  it('refuses WORKERS=2 on PGlite at start, in Spanish, before touching the data folder', async () => {
    const dataDir = join(tmpdir(), `impecable-workers-${randomUUID()}`);
    const server = startServerProcess({ WORKERS: '2', DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await server.exited).toBe(1);
    expect(server.lines.join('\n')).toMatch(/WORKERS=2 necesita PostgreSQL \(DATABASE_URL\): PGlite, la base de datos integrada, funciona en un solo proceso/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('serves from two processes on one PostgreSQL, restarts one that dies, and SIGTERM closes both cleanly', async () => {
    const url = new URL(await newTestSchema(process.env.TEST_DATABASE_URL ?? ''));
    const prepared = (await openDatabase({ databaseUrl: url.toString(), dataDir: null })).db;
    await migrateToLatest(prepared);
    await seedMinimal(prepared, new Date());

    const port = await freePort();
    const server = startServerProcess({
      PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url.toString(), WORKERS: '2', DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'info', LOG_FORMAT: 'json', DEMO_MODE: 'true',
    });
    const workerPids = () => server.lines.flatMap((line) => /^Proceso (\d+) escuchando$/.exec(line)?.slice(1).map(Number) ?? []);
    try {
      await server.waitFor(LISTENING, 'both workers listening');
      expect(server.lines.some((line) => line.includes('(PostgreSQL, 2 procesos)'))).toBe(true);

      // Each request on its own connection: the cluster spreads them; the logs say which process answered.
      // A worker still busy (warming up on a loaded machine) is handed no connection until it is
      // free, so the requests come in rounds until both have answered (a few at most).
      const ids: string[] = [];
      const answeredByNow = () =>
        new Set(server.lines.map(entryOf).filter((e) => e?.msg === 'request completed' && ids.includes(String(e.reqId))).map((e) => Number(e?.pid)));
      for (let round = 0; round < 5 && answeredByNow().size < 2; round++) {
        const batch = Array.from({ length: 24 }, () => randomUUID());
        ids.push(...batch);
        expect(new Set(await Promise.all(batch.map((id) => getAlone(port, api('/health'), id))))).toEqual(new Set([200]));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const answeredBy = answeredByNow();
      expect(answeredBy).toEqual(new Set(workerPids()));
      expect(answeredBy.size).toBe(2);
      expect(answeredBy.has(server.process.pid ?? 0)).toBe(false);

      // A worker dies: another takes its place, and the server keeps answering.
      const [victim] = workerPids();
      process.kill(victim ?? 0, 'SIGKILL');
      await server.waitFor((line) => line.startsWith(`El proceso ${victim} terminó (señal SIGKILL): se arranca otro.`), 'the crash is reported');
      await server.waitFor((line) => workerPids().length === 3 && line.startsWith('Proceso '), 'a new worker listens');
      const current = workerPids().filter((pid) => pid !== victim);
      expect(current).toHaveLength(2);
      expect(await getAlone(port, api('/health/ready'), randomUUID())).toBe(200);

      // SIGTERM with a request in flight: every worker closes, the request is answered, all exit 0.
      const sso = await signSsoToken(a.config.ssoSecret, 'ana@impecable.demo');
      const login = await fetch(`http://127.0.0.1:${port}${api(AUTH_PATHS.loginSso)}`, { method: 'POST', headers: bearer(sso) });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const inFlight = slowPost(port, api(TRAINING_PATHS.logEvent), token, JSON.stringify({ action: 'Fin video 3 Accesible' }));
      await server.waitFor((line) => (entryOf(line)?.req as { url?: string } | undefined)?.url === api(TRAINING_PATHS.logEvent), 'the slow request arrived');
      server.process.kill('SIGTERM');
      const closing = (msg: string) => new Set(server.lines.map(entryOf).filter((e) => e?.msg === msg || String(e?.msg).startsWith(`${msg}:`)).map((e) => Number(e?.pid)));
      await server.waitFor(() => closing('closing').size === 2, 'both workers closing');
      inFlight.finish();
      expect(await inFlight.response).toBe(200);
      expect(await server.exited).toBe(0);
      expect(closing('closed')).toEqual(new Set(current));
      expect(current.filter(alive)).toEqual([]);
      const events = await prepared.selectFrom('log_events').select('id').where('action', '=', 'Fin video 3 Accesible').execute();
      expect(events).toHaveLength(1);
    } finally {
      for (const pid of [server.process.pid ?? 0, ...workerPids()]) if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
      await prepared.destroy();
    }
  }, 180_000);
});
