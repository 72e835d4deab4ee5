import { describe, expect, it } from 'vitest';
import type { EndpointKind, EndpointResult } from './api-scale.ts';
import type { FloorPass } from './floor.ts';
import type { AcknowledgedCheck, RecordCheck } from './lib/records.ts';
import type { OverloadReport } from './overload.ts';
import type { ReplayPass } from './outbox-browser.ts';
import { apiChecks, floorChecks, outboxChecks, overloadChecks } from './report-server.ts';
import type { ApiRun, Check, FloorRun, OutboxRun, OverloadRun } from './report-types.ts';

function endpoint(name: string, kind: EndpointKind, overrides: Partial<EndpointResult> = {}): EndpointResult {
  return { name, kind, path: `/api/${name}`, available: true, status: 200, p50Ms: 5, p99Ms: 10, reqPerSec: 2000, completed: 20_000, errors: 0, non2xx: 0, maxRssMb: 200, ...overrides };
}

function apiRun(database: ApiRun['database'], agents: number, endpoints: EndpointResult[]): ApiRun {
  return { database, generate: { agents, seconds: 1, rows: {}, standingsSeconds: 1 }, endpoints, idleRssMb: 120 };
}

const find = (checks: Check[], start: string) => checks.find((c) => c.name.startsWith(start));
const verdict = (checks: Check[], start: string) => find(checks, start)?.ok;

describe('API checks (issue 17 budgets)', () => {
  const health = endpoint('health', 'health', { reqPerSec: 4000 });

  it('hold PostgreSQL at 100,000 agents to p99 per kind, half of health, no errors and 400 MB', () => {
    const checks = apiChecks(
      apiRun('postgres', 100_000, [
        health,
        endpoint('page', 'ranking', { p99Ms: 50 }),
        endpoint('slow page', 'ranking', { p99Ms: 51 }),
        endpoint('search', 'search', { p99Ms: 80 }),
        endpoint('slow search', 'search', { p99Ms: 81 }),
        endpoint('position', 'position', { p99Ms: 50, reqPerSec: 1999 }),
        endpoint('balance', 'balance', { p99Ms: 21 }),
        endpoint('erring page', 'ranking', { non2xx: 1 }),
        endpoint('write', 'write'),
      ]),
    );
    expect(['page', 'slow page', 'search', 'slow search', 'position', 'balance', 'erring page'].map((n) => verdict(checks, `${n} (postgres)`))).toEqual([
      true, false, true, false, false, false, false,
    ]);
    expect(find(checks, 'position (postgres)')).toMatchObject({ note: 'api-ratio', value: expect.stringContaining('(50 % de health)') });
    expect(find(checks, 'slow search (postgres)')?.note).toBe('api-search');
    expect(verdict(checks, 'health (postgres)')).toBeNull();
    expect(verdict(checks, 'write (postgres)')).toBe(true);
    expect(find(checks, 'Memoria residente')).toMatchObject({ ok: true, budget: '≤ 400 MB' });
    expect(checks.some((c) => c.budget.includes('3.000'))).toBe(false);
  });

  it('fail PostgreSQL memory over 400 MB, and a read when health was not measured', () => {
    const checks = apiChecks(apiRun('postgres', 100_000, [endpoint('page', 'ranking', { maxRssMb: 401 })]));
    expect(verdict(checks, 'Memoria residente')).toBe(false);
    expect(verdict(checks, 'page (postgres)')).toBe(false);
  });

  it('hold PGlite at 20,000 agents to p99 ≤ 150 ms on every read, memory only reported', () => {
    const checks = apiChecks(apiRun('pglite', 20_000, [health, endpoint('page', 'ranking', { p99Ms: 150, reqPerSec: 100 }), endpoint('search', 'search', { p99Ms: 151 }), endpoint('balance', 'balance', { errors: 2 })]));
    expect(['page', 'search', 'balance'].map((n) => verdict(checks, `${n} (pglite)`))).toEqual([true, false, false]);
    expect(find(checks, 'search (pglite)')?.note).toBe('api-pglite');
    expect(verdict(checks, 'Memoria residente')).toBeNull();
  });

  it('give no verdict on a run smaller than the budget size, and say so', () => {
    const checks = apiChecks(apiRun('postgres', 2_000, [health, endpoint('page', 'ranking', { p99Ms: 500, maxRssMb: 900 })]));
    expect(find(checks, 'page (postgres)')).toMatchObject({ ok: null, budget: expect.stringContaining('sin veredicto') });
    expect(verdict(checks, 'Memoria residente')).toBeNull();
  });
});

const records = (overrides: Partial<RecordCheck> = {}): RecordCheck => ({
  logEvents: 10, expectedLogEvents: 10, progressAt100: 2, videoCredits: 2, expectedVideos: 2, quizAnswers: 0, expectedQuizAnswers: 0, duplicateCredits: 0, exactlyOnce: true, ...overrides,
});

describe('outbox checks', () => {
  const pass = (overrides: Partial<ReplayPass> = {}): ReplayPass => ({ seconds: 2.5, left: 0, refused: 0, errors: [], ...overrides });
  const run = (first: Partial<ReplayPass>, rec = records(), again: Partial<ReplayPass> = {}): OutboxRun => ({
    database: 'pglite',
    mix: { logEvents: 900, videoReports: 50, videos: 5, quizAnswers: 50, participationIds: [1] },
    replay: { actions: 1000, first: pass(first), again: pass(again) },
    records: rec,
  });
  const checks = (r: OutboxRun) => outboxChecks({ enqueue: { samples: 1000, p50Ms: 0.3, p95Ms: 0.9 }, runs: [r] });

  it('hold the Chromium replay of 1,000 actions to 3 s, all sent, and every action once', () => {
    expect(verdict(checks(run({})), 'Reenviar 1000')).toBe(true);
    expect(verdict(checks(run({ seconds: 3.01 })), 'Reenviar 1000')).toBe(false);
    expect(verdict(checks(run({ left: 1 })), 'Reenviar 1000')).toBe(false);
    expect(verdict(checks(run({ refused: 1 })), 'Reenviar 1000')).toBe(false);
    expect(verdict(checks(run({}, records(), { refused: 2 })), 'Las mismas acciones')).toBe(false);
    expect(verdict(checks(run({}, records({ logEvents: 11, exactlyOnce: false }))), 'Registros del servidor')).toBe(false);
  });

  it('fail a replay that could not run, and leave an older report without verdicts', () => {
    const failed: OutboxRun = { database: 'postgres', mix: run({}).mix, error: 'Chromium terminó al arrancar' };
    expect(find(checks(failed), 'Reenviar')).toMatchObject({ ok: false, value: 'error: Chromium terminó al arrancar' });
    const old = outboxChecks({ enqueue: { samples: 1, p50Ms: 1, p95Ms: 1 }, replay: {} } as never);
    expect(old).toEqual([expect.objectContaining({ ok: null })]);
  });
});

describe('floor reconnect checks', () => {
  const pass = (overrides: Partial<FloorPass> = {}): FloorPass => ({ seconds: 8, requests: 400, retried: 0, accepted: 4000, refused: 0, unfinished: 0, statuses: { 200: 4000 }, errors: [], ...overrides });
  const run = (database: FloorRun['database'], first: Partial<FloorPass> = {}, rec = records({ expectedLogEvents: 2000, logEvents: 2000, expectedVideos: 200, progressAt100: 200, videoCredits: 200 })): FloorRun => ({
    database,
    report: { agents: 200, actions: 4000, batch: 10, available: true, first: pass(first), again: pass() },
    mix: { logEvents: 2000, videoReports: 2000, videos: 200, quizAnswers: 0, participationIds: [] },
    records: rec,
    maxRssMb: 300,
  });
  const time = (r: FloorRun) => verdict(floorChecks(r), '200 agentes');

  it('hold PostgreSQL to 10 s with every action accepted; PGlite time only reported', () => {
    expect(time(run('postgres'))).toBe(true);
    expect(time(run('postgres', { seconds: 10.5 }))).toBe(false);
    expect(time(run('postgres', { unfinished: 3 }))).toBe(false);
    expect(time(run('pglite', { seconds: 30 }))).toBeNull();
    expect(time(run('pglite', { refused: 1 }))).toBe(false);
  });

  it('count lost and doubled actions against the database', () => {
    const lost = floorChecks(run('pglite', {}, records({ expectedLogEvents: 2000, logEvents: 1998, expectedVideos: 200, progressAt100: 200, videoCredits: 201, duplicateCredits: 1, exactlyOnce: false })));
    expect(find(lost, 'Perdidas y duplicadas')).toMatchObject({ ok: false, value: expect.stringMatching(/^2 perdidas, 2 duplicadas/) });
    expect(verdict(floorChecks(run('postgres')), 'Perdidas y duplicadas')).toBe(true);
  });

  it('fail a server without POST /api/sync', () => {
    const missing: FloorRun = { ...run('postgres'), report: { agents: 200, actions: 4000, batch: 10, available: false } };
    expect(floorChecks(missing)).toEqual([expect.objectContaining({ ok: false, note: 'floor-missing' })]);
  });
});

describe('overload checks', () => {
  const t = (p99Ms: number, maxMs = p99Ms, count = 1_000) => ({ count, p50Ms: 10, p99Ms, maxMs, over10s: maxMs > 10_000 ? 1 : 0 });
  function overloadRun(seconds: number, overrides: Partial<OverloadReport> = {}, records: Partial<AcknowledgedCheck> = {}): OverloadRun {
    const report: OverloadReport = {
      seconds, connections: 200, batch: 100, statuses: { 200: 2_000, 503: 50_000 },
      accepted: t(1_900), acceptedReads: t(300), acceptedBatches: t(1_900), shed: { ...t(1_100), withRetryAfter: 1_000 },
      errors: 0, ready: { probes: 1_200, failed: 0, maxMs: 400 }, acknowledgedKeys: 5_000, unansweredActions: 0, ...overrides,
    };
    return { database: 'pglite', report, records: { acknowledged: 5_000, stored: 5_010, lost: 0, doubled: 0, storedUnacknowledged: 10, exactlyOnce: true, ...records } };
  }
  const verdicts = (run: OverloadRun) => overloadChecks(run).map((c) => c.ok);

  it('hold a full run to p99 ≤ 2 s accepted, 503 at once, readiness throughout and nothing lost or doubled', () => {
    expect(verdicts(overloadRun(300))).toEqual([true, true, true, true, true, null]);
    expect(verdicts(overloadRun(300, { accepted: t(2_100) }))[1]).toBe(false);
    expect(verdicts(overloadRun(300, { accepted: t(900, 10_001) }))[1]).toBe(false);
    expect(verdicts(overloadRun(300, { shed: { ...t(600), withRetryAfter: 999 } }))[2]).toBe(false);
    expect(verdicts(overloadRun(300, { ready: { probes: 1_200, failed: 1, maxMs: 400 } }))[3]).toBe(false);
    expect(verdicts(overloadRun(300, { statuses: { 200: 10, 503: 10, 500: 1 } }))[0]).toBe(false);
  });

  it('judge a short run on correctness only', () => {
    expect(verdicts(overloadRun(30, { accepted: t(5_000) }))).toEqual([true, null, null, true, true, null]);
    expect(verdicts(overloadRun(30, {}, { lost: 1, exactlyOnce: false }))[4]).toBe(false);
    expect(verdicts(overloadRun(30, {}, { doubled: 2, exactlyOnce: false }))[4]).toBe(false);
  });
});
