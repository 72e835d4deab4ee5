// SQL for the programme calendar (attributes) and videos. Rows come back in display order.
// No rules about "current" or "closed" here: those are #domain/calendar functions.
import type { Kysely, Selectable } from 'kysely';
import type { AttributesTable, Database } from '#server/db/schema';

export type AttributeRow = Selectable<AttributesTable>;

export function createAttributesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<AttributeRow[]> {
      return db.selectFrom('attributes').selectAll().orderBy('display_order').orderBy('id').execute();
    },
  };
}
