// SQL for the programme calendar (attributes) and videos. Rows come back in display order.
// No rules about "current" or "closed" here: those are #domain/calendar functions.
import type { Kysely } from 'kysely';
import { CALENDAR_COLUMNS, type Database } from '#server/db/schema';
import type { CalendarEntry } from '#domain/calendar';

export type AttributeRow = CalendarEntry;

export function createAttributesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<AttributeRow[]> {
      return db.selectFrom('attributes').select(CALENDAR_COLUMNS).orderBy('display_order').orderBy('id').execute();
    },
  };
}
