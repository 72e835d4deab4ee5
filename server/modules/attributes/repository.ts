// SQL for the programme calendar (attributes) with each attribute's content. Rows come back in
// display order. No rules about "current" or "closed" here: those are #domain/calendar functions.
import type { Kysely } from 'kysely';
import { CALENDAR_COLUMNS, type Database } from '#server/db/schema';
import type { CalendarEntry } from '#domain/calendar';

/** What agents read of an attribute's content (Programa › Calendario y atributos writes it). */
const CONTENT_COLUMNS = ['color', 'tagline', 'definition', 'personality', 'language', 'logo_url', 'banner_url'] as const;

export interface AttributeRow extends CalendarEntry {
  color: string | null;
  tagline: string | null;
  definition: string | null;
  personality: string[];
  language: string[];
  logo_url: string | null;
  banner_url: string | null;
}

export function createAttributesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<AttributeRow[]> {
      return db.selectFrom('attributes').select([...CALENDAR_COLUMNS, ...CONTENT_COLUMNS]).orderBy('display_order').orderBy('id').execute();
    },
  };
}
