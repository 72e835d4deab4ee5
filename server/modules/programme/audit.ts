// Historial de cambios: every change to the programme's content is one row (who, when, what,
// before and after), written in the same transaction as the change, so neither exists alone.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ProgrammeEditor } from './access.ts';

export type ProgrammeArea = 'calendario' | 'videos' | 'quizzes' | 'catalogo' | 'premios' | 'mantenimiento' | 'paquete' | 'usuarios';

export interface ContentChange {
  area: ProgrammeArea;
  /** What kind of thing changed ('attribute', 'video', 'question', 'product', …). */
  entity: string;
  entityId: string | number;
  /** 'created', 'updated', 'hidden', 'withdrawn', 'deleted', 'imported', … */
  action: string;
  before: unknown;
  after: unknown;
}

/** Records a change made by `editor` (null: the system, e.g. the demo's pack import). */
export async function recordChange(db: Kysely<Database>, editor: ProgrammeEditor | null, change: ContentChange): Promise<void> {
  await db.insertInto('content_changes').values({
    actor_user_id: editor?.user.id ?? null,
    ip: editor?.ip ?? null,
    area: change.area,
    entity: change.entity,
    entity_id: String(change.entityId),
    action: change.action,
    before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
    after: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
  }).execute();
}
