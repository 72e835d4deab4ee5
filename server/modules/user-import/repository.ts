// SQL for the user import, always inside the import's transaction: brands, platforms and
// sites by name (created when new, so an empty installation can be filled from a file), users
// by e-mail (case-insensitive), nicknames held by others, inserts, updates, the import log and
// its audit (one row per created or changed user).
// No rules here: what a valid row is lives in #domain/user-import.
import type { Kysely } from 'kysely';
import type { Database, ImportFileType, NewUser, UserRow } from '#server/db/schema';
import { forgetCachedUser } from '#server/modules/auth/session-cache';

type Db = Kysely<Database>;
const AUDIT_BATCH = 500;

export async function usersByEmail(db: Db, emails: string[]): Promise<Map<string, UserRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db.selectFrom('users').selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

/** lower(nick_name) → owner's lower(email), for the nicknames asked. */
export async function nicknameOwners(db: Db, nicknames: string[]): Promise<Map<string, string>> {
  if (nicknames.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['email', 'nick_name'])
    .where((eb) => eb(eb.fn('lower', ['nick_name']), 'in', nicknames))
    .execute();
  return new Map(rows.map((r) => [(r.nick_name ?? '').toLowerCase(), r.email.toLowerCase()]));
}

export async function ensureBrand(db: Db, id: number): Promise<void> {
  await db.insertInto('brands').values({ id, name: `Marca ${id}` }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function ensurePlatform(db: Db, name: string): Promise<number> {
  const found = await db.selectFrom('platforms').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('platforms').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findSite(db: Db, name: string): Promise<{ id: number; platform_id: number; platform: string } | undefined> {
  return db.selectFrom('sites').innerJoin('platforms', 'platforms.id', 'sites.platform_id')
    .select(['sites.id', 'sites.platform_id', 'platforms.name as platform'])
    .where('sites.name', '=', name).executeTakeFirst();
}

export async function createSite(db: Db, name: string, platformId: number): Promise<number> {
  return (await db.insertInto('sites').values({ name, platform_id: platformId }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The new users' ids by lower-case e-mail. */
export async function insertUsers(db: Db, users: NewUser[]): Promise<Map<string, number>> {
  if (users.length === 0) return new Map();
  const rows = await db.insertInto('users').values(users).returning(['id', 'email']).execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
  forgetCachedUser(id);
}

/** The import's log row; its id ties the audit rows to it. */
export async function logImport(db: Db, entry: {
  userId: number; fileName: string; fileType: ImportFileType; created: number; updated: number; duplicates: number; ip: string; now: Date;
}): Promise<number> {
  const row = await db.insertInto('user_imports').values({
    user_id: entry.userId, file_name: entry.fileName, file_type: entry.fileType, users_created: entry.created,
    users_updated: entry.updated, duplicates: entry.duplicates, ip: entry.ip, created_at: entry.now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditEntry {
  targetUserId: number;
  action: 'created' | 'updated';
  /** Null for a created user. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** Who changed which user from what to what, one row per user, in the import's transaction. */
export async function insertAudit(db: Db, importId: number, importerId: number, ip: string, now: Date, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await db.insertInto('user_import_audit').values(entries.slice(i, i + AUDIT_BATCH).map((e) => ({
      import_id: importId, importer_user_id: importerId, target_user_id: e.targetUserId, action: e.action,
      before: e.before === null ? null : JSON.stringify(e.before), after: JSON.stringify(e.after), ip, created_at: now,
    }))).execute();
  }
}
