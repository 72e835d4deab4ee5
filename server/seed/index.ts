// Demo data entry points. seedDemo: the full demo (calendar around `now`, the seven demo
// users, 320 generated agents and their ledger) in one transaction, batched multi-row
// inserts. seedMinimal: the same organisation, calendar and demo users with a small ledger,
// for fast tests. Both are deterministic for the same `now` and expect an empty database.
import type { Kysely } from 'kysely';
import type { Database, NewLedgerEntry } from '#server/db/schema';
import { planActivity } from './activity.ts';
import { seedCatalogue, type Catalogue } from './catalogue.ts';
import { planUsers } from './people.ts';
import { chunks, createRng } from './prng.ts';

export const DEMO_AGENT_COUNT = 320;
const SEED = 20250401;
const BATCH = 500;

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
  for (const batch of chunks(rows, BATCH)) await db.insertInto('points_ledger').values(batch).execute();
}

export async function seedDemo(db: Kysely<Database>, now: Date): Promise<SeedSummary> {
  return db.transaction().execute(async (trx) => {
    const catalogue = await seedCatalogue(trx, now);
    const { rng, users } = await insertUsers(trx, catalogue, DEMO_AGENT_COUNT, SEED);
    const ledger = planActivity(rng, catalogue, users, now);
    await insertLedger(trx, ledger);
    return { users: users.length, ledgerRows: ledger.length };
  });
}

/** The organisation, calendar and demo users; Ana and Bruno with activity, no generated agents. */
export async function seedMinimal(db: Kysely<Database>, now: Date): Promise<SeedSummary> {
  return db.transaction().execute(async (trx) => {
    const catalogue = await seedCatalogue(trx, now);
    const { rng, users } = await insertUsers(trx, catalogue, 0, SEED);
    const ledger = planActivity(rng, catalogue, users, now);
    await insertLedger(trx, ledger);
    return { users: users.length, ledgerRows: ledger.length };
  });
}
