// SQL of Programa › Premios: the prize tier rows and the calendar months they apply to. Every
// function takes the executor, so routes run them inside their transaction.
import type { Kysely } from 'kysely';
import type { PrizeMonth, PrizeTier } from '#contract/programme-prizes';
import { calendarDay } from '#domain/calendar';
import { monthOfDay, tiersForMonth, type PrizeTierRow } from '#domain/programme-prizes';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

export async function tierRows(db: Db): Promise<PrizeTierRow[]> {
  return db.selectFrom('prize_tiers').select(['applies_from', 'tier1', 'tier2', 'tier3', 'brand']).orderBy('applies_from').execute();
}

export interface CalendarMonth {
  attribute_id: number;
  nombre: string;
  month: string;
  frozen: boolean;
  paid_at: Date | null;
}

/** Every attribute with a month, in calendar order, with its closing (frozen, paid). */
export async function calendarMonths(db: Db): Promise<CalendarMonth[]> {
  const rows = await db.selectFrom('attributes')
    .leftJoin('ranking_closings', 'ranking_closings.attribute_id', 'attributes.id')
    .select(['attributes.id', 'attributes.nombre', 'attributes.month_start', 'ranking_closings.frozen_at', 'ranking_closings.paid_at'])
    .where('attributes.month_start', 'is not', null)
    .orderBy('attributes.month_start').orderBy('attributes.id')
    .execute();
  return rows.flatMap((r) => {
    const month = monthOfDay(r.month_start);
    return month === null ? [] : [{ attribute_id: r.id, nombre: r.nombre, month, frozen: r.frozen_at !== null, paid_at: r.paid_at }];
  });
}

/** The months whose winners (and their amounts) are frozen. */
export function frozenMonths(months: readonly CalendarMonth[]): string[] {
  return months.filter((m) => m.frozen).map((m) => m.month);
}

/** What GET /programa/premios answers: the rows (locked once a frozen month used them) and each month. */
export async function prizesView(db: Db): Promise<{ tiers: PrizeTier[]; months: PrizeMonth[] }> {
  const [rows, months] = await Promise.all([tierRows(db), calendarMonths(db)]);
  const used = new Set(months.filter((m) => m.frozen).map((m) => tiersForMonth(rows, m.month)?.applies_from).filter((m) => m !== undefined));
  return {
    tiers: rows.map((r) => ({ ...r, locked: used.has(r.applies_from) })),
    months: months.map((m) => {
      const row = tiersForMonth(rows, m.month);
      return {
        attribute_id: m.attribute_id,
        nombre: m.nombre,
        month: m.month,
        applies_from: row?.applies_from ?? null,
        amounts: row ? { tier1: row.tier1, tier2: row.tier2, tier3: row.tier3, brand: row.brand } : null,
        state: m.paid_at !== null ? 'paid' : m.frozen ? 'frozen' : 'open',
        paid_at: m.paid_at?.toISOString() ?? null,
      };
    }),
  };
}

/** The prizes of the current month (the rules screen shows them, through /api/config); null when none applies. */
export async function prizesInForce(db: Db, now: Date): Promise<{ mes: string; tier1: number; tier2: number; tier3: number; brand: number } | null> {
  const month = calendarDay(now).slice(0, 7);
  const row = tiersForMonth(await tierRows(db), month);
  return row ? { mes: month, tier1: row.tier1, tier2: row.tier2, tier3: row.tier3, brand: row.brand } : null;
}
