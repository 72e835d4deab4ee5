// Month-end of the attribute rankings (decisions.md): once an attribute's month and its sync
// grace are over, its winners per site (prize tiers by active agents) and per brand (the first)
// are computed from the standings and stored, frozen; on payday (first Monday after day 7 of
// the next month) they are credited as 'prize' ledger rows, which never move a ranking. Both
// steps are idempotent: a closing row per attribute, and one source key per prize. The amounts
// are data (prize_tiers, edited in Programa › Premios): the row with the greatest applies_from
// not after the attribute's month; with none, that month pays nothing (and says so in the log).
import { sql, type Kysely } from 'kysely';
import { sourceKeys } from '#domain/points';
import { isRankingFrozen, monthlyWindow, prizePayday, prizeTierOf, prizeTiers, type PrizeTier } from '#domain/ranking';
import { monthOfDay, tiersForMonth } from '#domain/programme-prizes';
import type { Database } from '#server/db/schema';
import { enqueueJob, type JobHandler } from '#server/jobs/runner';
import { enqueuePrizeNotices } from '#server/modules/notifications/enqueue';
import { earn } from '#server/modules/points/movements';

type Db = Kysely<Database>;

export const RANKING_MONTH_END_JOB = 'ranking-month-end';
const DAY = 86_400_000;

/** IMPs per site tier (1st, 2nd, 3rd) and for the brand's first, as frozen for one attribute. */
export interface PrizeAmounts {
  tiers: readonly [number, number, number];
  brand: number;
}

/** Where month-end says that a month has no prizes configured. */
export interface MonthEndLog {
  warn(details: object, message: string): void;
}

const NO_PRIZES: PrizeAmounts = { tiers: [0, 0, 0], brand: 0 };

/** The prizes of an attribute's month (prize_tiers), or null when no row applies to it. */
export async function prizeAmountsFor(db: Db, monthStart: string | null): Promise<PrizeAmounts | null> {
  const month = monthOfDay(monthStart);
  if (month === null) return null;
  const row = tiersForMonth(await db.selectFrom('prize_tiers').select(['applies_from', 'tier1', 'tier2', 'tier3', 'brand']).execute(), month);
  return row ? { tiers: [row.tier1, row.tier2, row.tier3], brand: row.brand } : null;
}

/** Runs `work` in the caller's transaction, or in a new one (the seed runs inside its own). */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Site rankings give at most 3 × 5 prizes: no need to read further down. */
const MAX_PRIZED_POSITION = 15;

interface Ranked {
  scope_id: number;
  user_id: number;
  points: number;
  position: number;
  agents: number;
}

async function ranked(db: Db, attributeId: number, partition: 'site_id' | 'brand_id', upTo: number): Promise<Ranked[]> {
  const { rows } = await sql<Ranked>`
    SELECT scope_id, user_id, points, position::int AS position, agents::int AS agents FROM (
      SELECT ${sql.ref(`s.${partition}`)} AS scope_id, s.user_id, s.points,
        row_number() OVER (PARTITION BY ${sql.ref(`s.${partition}`)} ORDER BY s.points DESC, s.finished_at ASC NULLS LAST, s.reached_at ASC, s.user_id ASC) AS position,
        count(*) OVER (PARTITION BY ${sql.ref(`s.${partition}`)}) AS agents
      FROM ranking_standings s
      WHERE s.attribute_id = ${attributeId} AND s.points > 0 AND ${sql.ref(`s.${partition}`)} IS NOT NULL
    ) r WHERE position <= ${upTo}
    ORDER BY scope_id, position`.execute(db);
  return rows;
}

/** Serializes month-end's freeze with Programa's prize edits: an edit never races a freeze. */
export async function lockPrizeTiers(trx: Db): Promise<void> {
  await sql`LOCK TABLE prize_tiers IN EXCLUSIVE MODE`.execute(trx);
}

/**
 * Computes and stores the attribute's winners once, with the prizes that apply to its month then
 * (read after the claim, under the prize tiers' lock); false when they were already frozen.
 */
export async function freezeWinners(db: Db, entry: { id: number; nombre: string; month_start: string | null }, now: Date, log?: MonthEndLog): Promise<boolean> {
  const attributeId = entry.id;
  return inTransaction(db, async (trx) => {
    const claimed = await trx.insertInto('ranking_closings').values({ attribute_id: attributeId, frozen_at: now })
      .onConflict((oc) => oc.column('attribute_id').doNothing()).returning('attribute_id').executeTakeFirst();
    if (!claimed) return false;
    await lockPrizeTiers(trx);
    const configured = await prizeAmountsFor(trx, entry.month_start);
    if (configured === null) {
      const month = monthOfDay(entry.month_start) ?? 'no month';
      log?.warn({ attributeId, month }, `month-end: no prize tiers apply to ${entry.nombre} (${month}): its winners are frozen with no prizes; add a row in Programa › Premios for the months to come`);
    }
    const amounts = configured ?? NO_PRIZES;
    const winners = [
      ...(await ranked(trx, attributeId, 'site_id', MAX_PRIZED_POSITION)).flatMap((r) => {
        const tier = prizeTierOf(r.position, prizeTiers(r.agents));
        return tier ? [{ scope: 'plataforma' as const, r, tier, amount: amounts.tiers[tier - 1] ?? 0 }] : [];
      }),
      ...(await ranked(trx, attributeId, 'brand_id', 1)).map((r) => ({ scope: 'marca' as const, r, tier: 1 as PrizeTier, amount: amounts.brand })),
    ];
    if (winners.length > 0) {
      await trx.insertInto('ranking_winners').values(winners.map(({ scope, r, tier, amount }) => ({
        attribute_id: attributeId, scope, scope_id: r.scope_id, position: r.position, user_id: r.user_id, tier, amount, points: r.points,
      }))).execute();
    }
    return true;
  });
}

const TIER_NAMES: Record<number, string> = { 1: '1er premio', 2: '2º premio', 3: '3er premio' };

/** Credits the frozen winners once, on or after payday; returns how many prizes this call paid. */
export async function payPrizes(db: Db, attribute: { id: number; nombre: string }, payday: Date, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const closing = await trx.selectFrom('ranking_closings').select('attribute_id')
      .where('attribute_id', '=', attribute.id).where('paid_at', 'is', null).forUpdate().executeTakeFirst();
    if (!closing) return 0;
    const winners = await trx.selectFrom('ranking_winners').selectAll().where('attribute_id', '=', attribute.id)
      .orderBy('scope').orderBy('scope_id').orderBy('position').execute();
    let paid = 0;
    for (const w of winners) {
      if (w.amount <= 0) continue;
      const site = w.scope === 'plataforma';
      // A prize never moves a ranking: no recordCredit after it.
      const credited = await earn(trx, {
        userId: w.user_id,
        amount: w.amount,
        concept: site
          ? `Premio ranking ${attribute.nombre}: ${TIER_NAMES[w.tier] ?? 'premio'} de tu sede (puesto ${w.position})`
          : `Premio ranking ${attribute.nombre}: 1º de tu marca`,
        sourceKey: site ? sourceKeys.prize(attribute.id, 'plataforma', w.scope_id) : sourceKeys.brandPrize(attribute.id, w.scope_id),
        attributeId: attribute.id,
        kind: 'prize',
        occurredAt: payday,
        receivedAt: now,
      });
      if (credited) paid++;
    }
    await trx.updateTable('ranking_closings').set({ paid_at: now }).where('attribute_id', '=', attribute.id).execute();
    // The winners hear of it once the credits are committed (the notice job runs after this transaction).
    await enqueuePrizeNotices(trx, attribute.id, now);
    return paid;
  });
}

/** Every closed attribute: freeze after the grace, pay on payday. Safe to run any number of times. */
export async function runMonthEnd(db: Db, now: Date, log?: MonthEndLog): Promise<{ frozen: number[]; paid: number[] }> {
  const calendar = await db.selectFrom('attributes').select(['id', 'nombre', 'month_start', 'month_end', 'sync_grace_hours']).where('enabled', '=', true).orderBy('id').execute();
  const frozen: number[] = [];
  const paid: number[] = [];
  for (const entry of calendar) {
    if (!isRankingFrozen(monthlyWindow(entry), now)) continue;
    if (await freezeWinners(db, entry, now, log)) frozen.push(entry.id);
    const payday = prizePayday(entry);
    if (payday && now.getTime() >= payday.getTime() && (await payPrizes(db, entry, payday, now)) > 0) paid.push(entry.id);
  }
  return { frozen, paid };
}

/** Today's run (now, unless it already ran today); each run queues tomorrow's at 00:30 UTC. */
export async function scheduleRankingMonthEnd(db: Db, runAt: Date): Promise<void> {
  await enqueueJob(db, { kind: RANKING_MONTH_END_JOB, runAt, uniqueKey: `${RANKING_MONTH_END_JOB}:${runAt.toISOString().slice(0, 10)}` });
}

export function rankingMonthEndHandler(db: Db, clock: () => Date, log?: MonthEndLog): JobHandler {
  return async () => {
    const now = clock();
    await runMonthEnd(db, now, log);
    await scheduleRankingMonthEnd(db, new Date(Math.floor(now.getTime() / DAY) * DAY + DAY + 30 * 60_000));
  };
}
