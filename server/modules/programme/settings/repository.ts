// Programa › Mantenimiento and Historial de cambios: the 'maintenance' row of settings and the
// content_changes log, read and written here only. Writes run inside the caller's transaction,
// beside their recordChange, so a setting never changes without its history row.
import { sql, type Kysely } from 'kysely';
import type { HistoryQuery, HistoryRow } from '#contract/programme-settings';
import { HISTORY_PAGE_SIZE } from '#contract/programme-settings';
import { readMaintenanceSetting, type MaintenanceSetting } from '#domain/programme-settings';
import type { Database } from '#server/db/schema';

export const MAINTENANCE_KEY = 'maintenance';

export interface StoredMaintenance {
  setting: MaintenanceSetting;
  updatedAt: Date | null;
}

/** The setting as stored (the default, open, while nobody has set it). */
export async function readMaintenance(db: Kysely<Database>, options: { forUpdate?: boolean } = {}): Promise<StoredMaintenance> {
  let query = db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', MAINTENANCE_KEY);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return { setting: readMaintenanceSetting(row?.value ?? null), updatedAt: row ? new Date(row.updated_at) : null };
}

export async function writeMaintenance(trx: Kysely<Database>, setting: MaintenanceSetting): Promise<void> {
  const value = JSON.stringify(setting);
  await trx.insertInto('settings').values({ key: MAINTENANCE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

/** One page of the log, newest first, after `cursor` (the last id the caller saw). */
export async function listChanges(db: Kysely<Database>, query: HistoryQuery): Promise<{ changes: HistoryRow[]; nextCursor: number | null }> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE;
  let select = db.selectFrom('content_changes as c')
    .leftJoin('users as u', 'u.id', 'c.actor_user_id')
    .select(['c.id', 'c.created_at', 'c.area', 'c.entity', 'c.entity_id', 'c.action', 'c.before', 'c.after', 'u.id as user_id', 'u.name', 'u.email'])
    .orderBy('c.id', 'desc')
    .limit(limit + 1);
  if (query.cursor !== undefined) select = select.where('c.id', '<', query.cursor);
  if (query.area !== undefined) select = select.where('c.area', '=', query.area);
  if (query.entity !== undefined) select = select.where('c.entity', '=', query.entity);
  if (query.actor !== undefined) {
    const actor = query.actor.trim();
    if (/^\d+$/.test(actor)) select = select.where('c.actor_user_id', '=', Number(actor));
    else {
      const pattern = `%${actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) => eb.or([eb(eb.fn('lower', ['u.name']), 'like', pattern), eb(eb.fn('lower', ['u.email']), 'like', pattern)]));
    }
  }
  const rows = await select.execute();
  const page = rows.slice(0, limit);
  return {
    changes: page.map((row) => ({
      id: Number(row.id),
      when: new Date(row.created_at).toISOString(),
      who: row.user_id === null ? null : { id: row.user_id, name: row.name ?? '', email: row.email ?? '' },
      area: row.area,
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    nextCursor: rows.length > limit ? Number(page.at(-1)?.id) : null,
  };
}
