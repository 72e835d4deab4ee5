// Loads a fresh database for the bench: migrations, the demo (organisation, calendar,
// content, demo users), then N generated agents with a realistic spread of activity, all
// with set-based SQL (INSERT … SELECT generate_series), never one insert per row. Then the
// precomputed standings and Seguimiento's counters are rebuilt. PGlite in a fresh folder by default; with DATABASE_URL
// the database is emptied first, so it must be a bench database (name ending in "bench").
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { rebuildBalances } from '#server/modules/points/movements';
import { rebuildCoaching } from '#server/modules/coaching/aggregates-rebuild';
import { rebuildStandings } from '#server/modules/rankings/standings';
import { seedDemo } from '#server/seed/index';
import { CREDIT_LIFETIME_DAYS, REFACE_POINTS, VIDEO_POINTS } from '#domain/points';

export const GENERATED_DOMAIN = 'agentes.bench';

export interface GenerateOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  agents: number;
  /** Email local part prefix; the nick is the same text. */
  prefix: string;
  /** false: the agents exist but have done nothing (the outbox bench credits them). */
  withActivity: boolean;
}

export interface GenerateReport {
  agents: number;
  seconds: number;
  rows: Record<string, number>;
  standingsSeconds: number;
}

/** Empties a bench PostgreSQL database, refusing any other. */
async function resetPostgres(db: Kysely<Database>, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/bench$/i.test(name) && process.env.BENCH_RESET_DATABASE !== '1') {
    throw new Error(`La base "${name}" no parece de pruebas: el bench la vacía. Usa una que acabe en "bench" (o BENCH_RESET_DATABASE=1).`);
  }
  await sql`DROP SCHEMA public CASCADE`.execute(db);
  await sql`CREATE SCHEMA public`.execute(db);
}

async function insertAgents(trx: Kysely<Database>, options: GenerateOptions): Promise<void> {
  // Sites in order; each agent's brand follows the demo agents of its site (a site serves one brand).
  await sql`
    CREATE TEMP TABLE bench_sites ON COMMIT DROP AS
    SELECT s.id, s.platform_id, (row_number() OVER (ORDER BY s.id) - 1)::int AS k,
           coalesce((SELECT min(u.brand_id) FROM users u WHERE u.site_id = s.id), 2) AS brand_id
    FROM sites s`.execute(trx);
  // Sites differ in size: the square skews agents towards the first sites.
  await sql`
    INSERT INTO users (email, name, nick_name, brand_id, platform_id, site_id, created_at, updated_at)
    SELECT ${options.prefix} || x.g || ${'@' + GENERATED_DOMAIN}, 'Agente ' || ${options.prefix} || ' ' || x.g, ${options.prefix} || x.g,
           s.brand_id, s.platform_id, s.id, timestamptz '2025-03-20', timestamptz '2025-03-20'
    FROM (SELECT g, floor(power(random(), 2) * (SELECT count(*) FROM bench_sites))::int AS k FROM generate_series(1, ${options.agents}) g) x
    JOIN bench_sites s ON s.k = x.k`.execute(trx);
}

async function insertActivity(trx: Kysely<Database>, prefix: string): Promise<void> {
  // Engagement in [0, 1): most agents do a little, a few do everything.
  await sql`
    CREATE TEMP TABLE bench_agents ON COMMIT DROP AS
    SELECT id, power(random(), 1.5) AS engagement FROM users WHERE email LIKE ${prefix + '%@' + GENERATED_DOMAIN}`.execute(trx);
  await sql`
    CREATE TEMP TABLE bench_months ON COMMIT DROP AS
    SELECT id AS attribute_id, month_start::timestamptz AS starts, (month_end - month_start + 1) AS days
    FROM attributes WHERE enabled AND month_start IS NOT NULL`.execute(trx);
  const moment = sql`m.starts + (random() * m.days * 86400) * interval '1 second'`;

  // Videos: seen ones at 100 % (credited +5), some left part-way.
  await sql`
    INSERT INTO video_progress (user_id, video_id, porcentaje, first_partial_at, seen_at, updated_at)
    SELECT a.id, v.id, 100, t - interval '3 minutes', t, t
    FROM bench_agents a CROSS JOIN videos v JOIN bench_months m ON m.attribute_id = v.attribute_id
    CROSS JOIN LATERAL (SELECT ${moment} AS t) x
    WHERE random() < a.engagement`.execute(trx);
  await sql`
    INSERT INTO video_progress (user_id, video_id, porcentaje, first_partial_at, updated_at)
    SELECT a.id, v.id, (1 + floor(random() * 9))::int * 10, t, t
    FROM bench_agents a CROSS JOIN videos v JOIN bench_months m ON m.attribute_id = v.attribute_id
    CROSS JOIN LATERAL (SELECT ${moment} AS t) x
    WHERE random() < 0.15
    ON CONFLICT (user_id, video_id) DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO points_ledger (user_id, amount, concept, source_key, attribute_id, kind, occurred_at, created_at, expires_at)
    SELECT p.user_id, ${VIDEO_POINTS}, 'Vídeo completado: ' || v.title, 'video:' || v.id, v.attribute_id, 'activity',
           p.seen_at, p.seen_at, p.seen_at + ${CREDIT_LIFETIME_DAYS} * interval '1 day'
    FROM video_progress p JOIN videos v ON v.id = p.video_id JOIN bench_agents a ON a.id = p.user_id
    WHERE p.seen_at IS NOT NULL`.execute(trx);

  // Refaces: +10 once per attribute.
  await sql`
    INSERT INTO points_ledger (user_id, amount, concept, source_key, attribute_id, kind, occurred_at, created_at, expires_at)
    SELECT a.id, ${REFACE_POINTS}, 'Reface', 'reface:' || m.attribute_id, m.attribute_id, 'activity', t, t, t + ${CREDIT_LIFETIME_DAYS} * interval '1 day'
    FROM bench_agents a CROSS JOIN bench_months m CROSS JOIN LATERAL (SELECT ${moment} AS t) x
    WHERE random() < a.engagement * 0.6`.execute(trx);

  // Quizzes: a participation per (agent, attribute, quiz), mostly completed, and one credit
  // of 1–5 IMPs per correct answer (most answers right for engaged agents). A few are
  // completed after the month (they count globally, not in the monthly ranking).
  await sql`
    INSERT INTO quiz_participations (user_id, attribute_id, quiz, issued_at, completed_at, created_at)
    SELECT a.id, m.attribute_id, q.quiz, t, CASE WHEN random() < 0.9 THEN t + interval '6 minutes' END, t
    FROM bench_agents a CROSS JOIN bench_months m CROSS JOIN (VALUES (1), (2)) AS q (quiz)
    CROSS JOIN LATERAL (SELECT ${moment} + CASE WHEN random() < 0.05 THEN interval '40 days' ELSE interval '0' END AS t) x
    WHERE random() < a.engagement * 0.9`.execute(trx);
  await sql`
    INSERT INTO points_ledger (user_id, amount, concept, source_key, attribute_id, kind, occurred_at, created_at, expires_at)
    SELECT p.user_id, 1 + floor(random() * 5)::int, 'Quiz ' || p.quiz || ': respuesta correcta', 'quiz-answer:' || p.id || ':' || qq.id,
           p.attribute_id, 'activity', p.issued_at + qq.position * interval '30 seconds', p.issued_at + qq.position * interval '30 seconds',
           p.issued_at + ${CREDIT_LIFETIME_DAYS} * interval '1 day'
    FROM quiz_participations p JOIN bench_agents a ON a.id = p.user_id
    JOIN quiz_questions qq ON qq.attribute_id = p.attribute_id AND qq.quiz = p.quiz
    WHERE p.completed_at IS NOT NULL AND random() < 0.4 + a.engagement * 0.5`.execute(trx);
  // The raw inserts above bypass movements.ts: rebuild the balance beside the ledger, set-based.
  await rebuildBalances(trx);
}

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of ['users', 'video_progress', 'points_ledger', 'quiz_participations'] as const) {
    const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    rows[table] = Number(n);
  }
  return rows;
}

export async function generateDatabase(options: GenerateOptions, log: (line: string) => void): Promise<GenerateReport> {
  if (!options.databaseUrl) rmSync(options.dataDir, { recursive: true, force: true });
  const opened = await openDatabase({ databaseUrl: options.databaseUrl ?? null, dataDir: options.dataDir });
  const { db } = opened;
  try {
    if (options.databaseUrl) await resetPostgres(db, options.databaseUrl);
    await migrateToLatest(db);
    const started = performance.now();
    await seedDemo(db, new Date());
    log(`datos: demo cargada en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const genStarted = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`SELECT setseed(0.42)`.execute(trx);
      await insertAgents(trx, options);
      if (options.withActivity) await insertActivity(trx, options.prefix);
    });
    await sql`ANALYZE`.execute(db);
    const seconds = (performance.now() - genStarted) / 1000;
    const rows = await countRows(db);
    log(`datos: ${options.agents} agentes generados en ${seconds.toFixed(1)} s (${JSON.stringify(rows)})`);
    const standingsStarted = performance.now();
    await rebuildStandings(db);
    const standingsSeconds = (performance.now() - standingsStarted) / 1000;
    log(`datos: clasificaciones recalculadas en ${standingsSeconds.toFixed(1)} s`);
    // Seguimiento's counters, from the same facts (the raw inserts above bypass their writer).
    const coachingStarted = performance.now();
    await rebuildCoaching(db);
    await sql`ANALYZE`.execute(db);
    log(`datos: contadores de Seguimiento recalculados en ${((performance.now() - coachingStarted) / 1000).toFixed(1)} s`);
    return { agents: options.agents, seconds: Math.round(seconds * 10) / 10, rows, standingsSeconds: Math.round(standingsSeconds * 10) / 10 };
  } finally {
    await db.destroy();
  }
}
