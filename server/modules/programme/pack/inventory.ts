// What a programme holds, counted: the import's answer, and what makes a programme "not empty".
// A programme is empty when it has no videos, no quiz questions, no products, no prize tiers,
// and no attribute with dates or content (an attribute row with only its id, slug, name and
// display order, as a bare calendar has, is no content). A pack goes only into an empty one.
import { sql, type Kysely } from 'kysely';
import { packCountText, type PackCountName, type PackCounts } from '#contract/programme-pack';
import type { Database } from '#server/db/schema';
import { createCalendarRepository } from '../calendar/repository.ts';
import type { PackProblem } from '../pack-section.ts';

export type ProgrammeCounts = Omit<PackCounts, 'medios'>;

export async function programmeInventory(db: Kysely<Database>): Promise<ProgrammeCounts> {
  const { rows } = await sql<Omit<ProgrammeCounts, 'atributos'>>`
    SELECT
      (SELECT count(*) FROM videos)::int AS videos,
      (SELECT count(*) FROM quiz_questions)::int AS preguntas,
      (SELECT count(*) FROM products)::int AS productos,
      (SELECT count(*) FROM prize_tiers)::int AS premios`.execute(db);
  const atributos = await createCalendarRepository(db).countWithContent();
  return { atributos, ...(rows[0] ?? { videos: 0, preguntas: 0, productos: 0, premios: 0 }) };
}

/** What the programme already holds, one problem per kind ("programa: 9 vídeos"); none when empty. */
export function existingContent(counts: ProgrammeCounts): PackProblem[] {
  return (Object.keys(counts) as (keyof ProgrammeCounts)[])
    .filter((name) => counts[name] > 0)
    .map((name) => ({ item: 'programa', message: `Ya tiene ${packCountText(name as PackCountName, counts[name])}` }));
}
