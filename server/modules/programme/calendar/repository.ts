// SQL of Programa's "Calendario y atributos": the attributes with their content, whether their
// month's winners are frozen (a ranking_closings row), and the writes. No rules here: those are
// #domain/programme-calendar's.
import { sql, type Kysely } from 'kysely';
import type { ArtKind } from '#contract/programme-calendar-constants';
import type { AttributeSettings } from '#domain/programme-calendar';
import { CALENDAR_COLUMNS, type Database } from '#server/db/schema';
import { CONTENT_COLUMNS, type AttributeRow } from '#server/modules/attributes/repository';

export const ATTRIBUTE_COLUMNS = [...CALENDAR_COLUMNS, 'sync_grace_hours', ...CONTENT_COLUMNS] as const;

/** An attribute as Programa edits it: the calendar, the month's grace and the content agents read. */
export type AttributeRecord = AttributeRow & { sync_grace_hours: number };

export function createCalendarRepository(db: Kysely<Database>) {
  return {
    /** Every attribute in display order; `lock` holds their rows until the transaction ends (one calendar edit at a time). */
    async list(lock = false): Promise<AttributeRecord[]> {
      let query = db.selectFrom('attributes').select(ATTRIBUTE_COLUMNS).orderBy('display_order').orderBy('id');
      if (lock) query = query.forUpdate();
      return query.execute();
    },

    async frozenIds(): Promise<Set<number>> {
      const rows = await db.selectFrom('ranking_closings').select('attribute_id').execute();
      return new Set(rows.map((r) => r.attribute_id));
    },

    async isFrozen(id: number): Promise<boolean> {
      return (await db.selectFrom('ranking_closings').select('attribute_id').where('attribute_id', '=', id).executeTakeFirst()) !== undefined;
    },

    async update(id: number, settings: AttributeSettings): Promise<void> {
      await db.updateTable('attributes').set({
        nombre: settings.nombre,
        enabled: settings.enabled,
        month_start: settings.month_start,
        month_end: settings.month_end,
        quiz2_opens_at: settings.quiz2_opens_at,
        sync_grace_hours: settings.sync_grace_hours,
        color: settings.color,
        tagline: settings.tagline,
        definition: settings.definition,
        personality: JSON.stringify(settings.personality),
        language: JSON.stringify(settings.language),
      }).where('id', '=', id).execute();
    },

    async setArt(id: number, kind: ArtKind, url: string | null): Promise<void> {
      await db.updateTable('attributes').set(kind === 'logo' ? { logo_url: url } : { banner_url: url }).where('id', '=', id).execute();
    },

    /** How many attributes have dates or content: a bare calendar (every database's seven rows, migration 0030) has none. */
    async countWithContent(): Promise<number> {
      const row = await db.selectFrom('attributes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql<boolean>`month_start IS NOT NULL OR month_end IS NOT NULL OR quiz2_opens_at IS NOT NULL
          OR color IS NOT NULL OR tagline IS NOT NULL OR definition IS NOT NULL OR logo_url IS NOT NULL OR banner_url IS NOT NULL
          OR jsonb_array_length(personality) > 0 OR jsonb_array_length(language) > 0`)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Writes whole attributes over the bare calendar (the programme pack's write, into a programme without content). */
    async replace(rows: AttributeRecord[]): Promise<void> {
      for (const row of rows) {
        const values = { ...row, personality: JSON.stringify(row.personality), language: JSON.stringify(row.language) };
        const { id: _id, ...changes } = values;
        await db.insertInto('attributes').values(values).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
      }
    },
  };
}
