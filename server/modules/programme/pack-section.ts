// A programme pack (export/import of the whole programme) is made of sections, one per area,
// each written beside that area's routes: its shape in the pack (a zod schema from the area's
// contract), how to read it from the database, which media files it references, and how to
// load it into an empty programme. The pack module (pack/) puts them together in one file and
// one transaction.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** One problem of a pack, by item ("quizzes › accesible › quiz 1 › pregunta 3"). */
export interface PackProblem {
  item: string;
  message: string;
}

export interface PackSection<T> {
  /** The section's key in the pack's programme.json. */
  name: string;
  /** Checks the section's JSON; answers the parsed data or the problems, by item. */
  parse(raw: unknown): { data: T } | { problems: PackProblem[] };
  /** The section as it is in the database. */
  read(db: Kysely<Database>): Promise<T>;
  /** The media-store URLs the section references (their files travel in the pack). */
  media(data: T): string[];
  /** Loads the section into a programme that has none of it; problems roll the whole pack back. */
  write(trx: Kysely<Database>, data: T): Promise<PackProblem[]>;
}
