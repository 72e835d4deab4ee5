// The outbox at scale, with the app's own modules (src/offline) in Node over fake-indexeddb:
// how long enqueueing one action takes (runCommand: local change + outbox row in one
// transaction), and 1,000 queued actions replayed to the real server over loopback, then
// replayed again with the same Idempotency-Keys (a retry after a lost response). The caller
// checks the server's records afterwards (countRecords): each action landed exactly once.
import 'fake-indexeddb/auto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { db as deviceDb, resetDb } from '#offline/db';
import { drainOutbox } from '#offline/drain';
import { runCommand, updateSnapshot } from '#offline/outbox';
import { percentile, round } from './lib/stats.ts';

export interface Agent {
  token: string;
  user: { id: number } & Record<string, unknown>;
}

export interface OutboxReport {
  enqueue: { samples: number; p50Ms: number; p95Ms: number };
  replay: { actions: number; seconds: number; sent: number; failed: number; replayedAgainSent: number };
  actions: { logEvents: number; videoReports: number; videos: number };
  /** Filled in by the caller from the database after the server stops. */
  records?: RecordCheck;
}

export interface RecordCheck {
  logEvents: number;
  expectedLogEvents: number;
  progressRows: number;
  expectedProgressRows: number;
  progressAt100: number;
  videoCredits: number;
  duplicateCredits: number;
  exactlyOnce: boolean;
}

/** Enqueue timing with a realistic local change (the balance snapshot edited in the same transaction). */
async function measureEnqueue(samples: number): Promise<OutboxReport['enqueue']> {
  await resetDb();
  await deviceDb.cache.put({ key: 'imps', userId: 1, data: { imps: 0 }, fetchedAt: Date.now() } as never);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await runCommand({
      userId: 1,
      label: 'Evento',
      subject: { kind: 'log-event' },
      request: { method: 'POST', path: '/log/register', body: { action: `medida ${i}` } },
      affects: ['imps'],
      apply: (tables) => updateSnapshot<{ imps: number }>(tables, 'imps', 1, (data) => ({ imps: data.imps + 1 })),
    });
    times.push(performance.now() - started);
  }
  await resetDb();
  return { samples, p50Ms: round(percentile(times, 50), 2), p95Ms: round(percentile(times, 95), 2) };
}

/** Videos the agent may watch now (is_hable), from the real API. */
async function availableVideos(baseUrl: string, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (const attribute of [1, 2, 3]) {
    const res = await fetch(`${baseUrl}/api/video/atributo/${attribute}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) continue;
    const { videos } = (await res.json()) as { videos: { id: number; is_hable: boolean }[] };
    ids.push(...videos.filter((v) => v.is_hable).map((v) => v.id));
  }
  return ids;
}

export async function runOutbox(options: {
  baseUrl: string;
  agents: Agent[];
  actions: number;
  runTag: string;
  log: (line: string) => void;
}): Promise<OutboxReport> {
  const enqueue = await measureEnqueue(options.actions);
  options.log(`outbox: encolar p50 ${enqueue.p50Ms} ms, p95 ${enqueue.p95Ms} ms (${enqueue.samples})`);

  // Every agent reports each available video at 10 %, 20 % … 100 %; the rest are log events.
  const queue: { agent: Agent; path: string; body: unknown }[] = [];
  let videos = 0;
  for (const agent of options.agents) {
    for (const id of await availableVideos(options.baseUrl, agent.token)) {
      videos++;
      for (let p = 10; p <= 100; p += 10) queue.push({ agent, path: `/video/${id}/porcentaje`, body: { porcentaje: p } });
    }
  }
  const videoReports = Math.min(queue.length, Math.floor(options.actions / 2));
  queue.length = videoReports;
  const logEvents = options.actions - videoReports;
  for (let i = 0; i < logEvents; i++) {
    const agent = options.agents[i % options.agents.length]!;
    queue.push({ agent, path: '/log/register', body: { action: `${options.runTag} ${i}` } });
  }

  await resetDb();
  for (const item of queue) {
    await runCommand({ userId: item.agent.user.id, label: 'bench', subject: { kind: 'other' }, request: { method: 'POST', path: item.path, body: item.body } });
  }
  // A viewing takes time: spread each video's reports over the last minutes (15 s per 10 %),
  // as if watched, so the 100 % report is plausible and credits +5 (once).
  const base = Date.now() - (videoReports + 4) * 15_000;
  let step = 0;
  await deviceDb.outbox.toCollection().modify((row) => {
    if (row.path.endsWith('/porcentaje')) row.occurredAt = new Date(base + step++ * 15_000).toISOString();
  });
  const rows = await deviceDb.outbox.orderBy('seq').toArray();
  const tokens = new Map(options.agents.map((a) => [a.user.id, a.token]));
  const drain = { getToken: (userId: number) => tokens.get(userId) ?? null, baseUrl: options.baseUrl, ignoreBackoff: true };

  const started = performance.now();
  let sent = 0;
  let failed = 0;
  for (;;) {
    const summary = await drainOutbox(drain);
    sent += summary.sent;
    failed += summary.failed;
    if (summary.remaining === 0 || summary.sent + summary.failed === 0) break;
  }
  const seconds = round((performance.now() - started) / 1000, 2);
  options.log(`outbox: ${rows.length} acciones reenviadas en ${seconds} s (${sent} enviadas, ${failed} rechazadas)`);

  // The same rows again, same keys: the server must answer from its idempotency records.
  await resetDb();
  await deviceDb.outbox.bulkAdd(rows.map(({ seq: _seq, ...row }) => ({ ...row, status: 'pending', attempts: 0, nextAttemptAt: 0 })) as never);
  let replayedAgainSent = 0;
  for (;;) {
    const summary = await drainOutbox(drain);
    replayedAgainSent += summary.sent;
    if (summary.remaining === 0 || summary.sent + summary.failed === 0) break;
  }
  await resetDb();
  return {
    enqueue,
    replay: { actions: rows.length, seconds, sent, failed, replayedAgainSent },
    actions: { logEvents, videoReports, videos },
  };
}

/** Reads what the server stored for this run (after it stopped: PGlite is one process). */
export async function countRecords(db: Kysely<Database>, report: OutboxReport, runTag: string, userIds: number[]): Promise<RecordCheck> {
  const logEvents = Number(
    (await db.selectFrom('log_events').select((eb) => eb.fn.countAll().as('n')).where('action', 'like', `${runTag} %`).executeTakeFirstOrThrow()).n,
  );
  const progress = await sql<{ rows: number; at100: number }>`
    SELECT count(*)::int AS rows, count(*) FILTER (WHERE porcentaje = 100)::int AS at100
    FROM video_progress WHERE user_id IN (${sql.join(userIds)})`.execute(db);
  const credits = await sql<{ credits: number; duplicates: number }>`
    SELECT count(*)::int AS credits, (count(*) - count(DISTINCT (user_id, source_key)))::int AS duplicates
    FROM points_ledger WHERE user_id IN (${sql.join(userIds)}) AND source_key LIKE 'video:%'`.execute(db);
  const p = progress.rows[0]!;
  const c = credits.rows[0]!;
  const expectedProgressRows = Math.ceil(report.actions.videoReports / 10);
  const check = {
    logEvents,
    expectedLogEvents: report.actions.logEvents,
    progressRows: p.rows,
    expectedProgressRows,
    progressAt100: p.at100,
    videoCredits: c.credits,
    duplicateCredits: c.duplicates,
  };
  const exactlyOnce =
    logEvents === report.actions.logEvents && p.rows === expectedProgressRows && p.at100 === expectedProgressRows && c.credits === expectedProgressRows && c.duplicates === 0;
  return { ...check, exactlyOnce };
}
