// SQL for the programme calendar (attributes) with each attribute's content. Rows come back in
// display order. No rules about "current" or "closed" here: those are #domain/calendar functions.
import type { Kysely, Selectable } from 'kysely';
import { CALENDAR_COLUMNS, type AttributesTable, type Database } from '#server/db/schema';
import type { CalendarEntry } from '#domain/calendar';

/** What agents read of an attribute's content (Programa › Calendario y atributos writes it). */
export const CONTENT_COLUMNS = ['color', 'tagline', 'definition', 'personality', 'language', 'logo_url', 'banner_url'] as const;

export type AttributeContent = Pick<Selectable<AttributesTable>, (typeof CONTENT_COLUMNS)[number]>;

export type AttributeRow = CalendarEntry & AttributeContent;

export function createAttributesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<AttributeRow[]> {
      return db.selectFrom('attributes').select([...CALENDAR_COLUMNS, ...CONTENT_COLUMNS]).orderBy('display_order').orderBy('id').execute();
    },
  };
}
