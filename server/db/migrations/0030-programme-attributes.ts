// The seven attributes exist in every database, bare (disabled, no dates, no content), so an
// operator can schedule their months in Programa › Calendario, or import a pack, on an empty
// production database. Their ids and slugs are fixed (the app's URLs, #contract/attributes);
// the name is the slug's default until the operator changes it.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { AttributeId } from '#contract/attributes';
import { attributeNameFromSlug } from '#domain/attributes';
import { DISPLAY_ORDER } from '#domain/calendar';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [key, slug] of Object.entries(ATTRIBUTE_SLUGS)) {
    const id = Number(key) as AttributeId;
    await sql`INSERT INTO attributes (id, slug, nombre, enabled, display_order)
      VALUES (${id}, ${slug}, ${attributeNameFromSlug(slug) ?? slug}, false, ${DISPLAY_ORDER[id]})
      ON CONFLICT (id) DO NOTHING`.execute(db);
  }
}
