// Demo data entry points. seedDemo: the full demo (the demo programme, loaded as a programme
// pack by the pack import's writer: calendar around `now`, videos, quizzes, prizes; then the
// seven demo users, 320 generated agents, their ledger and video progress) in one transaction,
// batched multi-row inserts. seedMinimal: the same with no generated agents, for fast tests. Both
// are deterministic for the same `now` (and the same clips) and expect an empty database.
// The demo's media (demo-media.ts) go to the media store given: the server passes its own, with
// the videos queued for processing; without one (tests of other things) the files go to a
// store in memory, as tiny clips the agents play as they are.
import type { Kysely } from 'kysely';
import type { Database, NewLedgerEntry, NewVideoProgress } from '#server/db/schema';
import { loadHistory } from '#server/modules/points/movements';
import { runMonthEnd } from '#server/modules/rankings/month-end';
import { rebuildCoaching } from '#server/modules/coaching/aggregates-rebuild';
import { rebuildStandings } from '#server/modules/rankings/standings';
import { planActivity, shapeStalled } from './activity.ts';
import { seedCatalogue, type Catalogue } from './catalogue.ts';
import { memoryMediaStore, storeDemoMedia, type ClipSize, type DemoMediaOptions } from './demo-media.ts';
import { planUsers } from './people.ts';
import { seedRefaces } from './refaces.ts';
import { seedSummaryOrders } from './order-summary.ts';
import { seedRewards } from './rewards.ts';
import { seedLapsingBatch } from './lapsing.ts';
import { chunks, createRng } from './prng.ts';
import { seedQuizzes } from './quizzes.ts';
import { planVideoProgress, SHOWCASE_EMAIL, shapeShowcase } from './training.ts';

export const DEMO_AGENT_COUNT = 320;
const SEED = 20250401;
const BATCH = 500;
/** The clips of a seed that processes nothing: 6 s (as the tests' videos have always been), tiny. */
export const TINY_CLIP: ClipSize = { seconds: 6, width: 160, height: 90, rate: 10 };

export interface SeedSummary {
  users: number;
  ledgerRows: number;
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

async function insertUsers(db: Kysely<Database>, catalogue: Catalogue, agentCount: number, seed: number) {
  const rng = createRng(seed);
  const createdAt = new Date(Date.parse(`${catalogue.calendar[0]?.month_start ?? '2025-01-01'}T00:00:00Z`) - 7 * 86_400_000);
  const planned = planUsers(rng, catalogue, agentCount, createdAt);
  const ids: number[] = [];
  for (const batch of chunks(planned, BATCH)) {
    const rows = await db.insertInto('users').values(batch.map((p) => p.row)).returning(['id', 'email']).execute();
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    ids.push(...batch.map((p) => byEmail.get(p.row.email) ?? 0));
  }
  return { rng, users: planned.map((p, i) => ({ id: ids[i] ?? 0, engagement: p.engagement, twinOf: p.twinOf, email: p.row.email })) };
}

async function insertLedger(db: Kysely<Database>, rows: NewLedgerEntry[]): Promise<void> {
  for (const batch of chunks(rows, BATCH)) await loadHistory(db, batch);
}

async function insertVideoProgress(db: Kysely<Database>, rows: NewVideoProgress[]): Promise<void> {
  for (const batch of chunks(rows, BATCH)) await db.insertInto('video_progress').values(batch).execute();
}

async function seedWith(db: Kysely<Database>, now: Date, agentCount: number, media: DemoMediaOptions | undefined): Promise<SeedSummary> {
  const options = media ?? { store: memoryMediaStore(), clip: TINY_CLIP, videos: 'as-is' as const };
  return db.transaction().execute(async (trx) => {
    const files = await storeDemoMedia(trx, options);
    const catalogue = await seedCatalogue(trx, now, files);
    const { rng, users } = await insertUsers(trx, catalogue, agentCount, SEED);
    const showcaseId = users.find((u) => u.email === SHOWCASE_EMAIL)?.id ?? null;
    const planned = shapeStalled(planActivity(rng, catalogue, users, now), users, catalogue, now);
    const shaped = showcaseId === null ? planned : shapeShowcase(planned, showcaseId, catalogue, now);
    // Real participations and answers behind the planned quiz points (their credits get real keys).
    const ledger = await seedQuizzes(trx, catalogue, shaped, now, showcaseId);
    await insertLedger(trx, ledger);
    await seedRefaces(trx);
    await seedRewards(trx, now);
    await seedSummaryOrders(trx, now);
    await seedLapsingBatch(trx, now);
    // Its own stream, so video progress never shifts the users or the ledger drawn above.
    const progress = planVideoProgress(createRng(SEED + 1), catalogue, users, ledger, now, showcaseId);
    await insertVideoProgress(trx, progress);
    // Rankings from everything above; the closed months get their frozen winners, and their
    // prizes if payday has passed (the demo's default amounts).
    await rebuildStandings(trx);
    // Seguimiento's counters from the same facts.
    await rebuildCoaching(trx);
    await runMonthEnd(trx, now);
    return { users: users.length, ledgerRows: ledger.length };
  });
}

export async function seedDemo(db: Kysely<Database>, now: Date, media?: DemoMediaOptions): Promise<SeedSummary> {
  return seedWith(db, now, DEMO_AGENT_COUNT, media);
}

/** The organisation, calendar and demo users; Ana and Bruno with activity, no generated agents. */
export async function seedMinimal(db: Kysely<Database>, now: Date, media?: DemoMediaOptions): Promise<SeedSummary> {
  return seedWith(db, now, 0, media);
}
