// The import's one transaction: resolve each row against the stored users (nicknames held by
// others, placements, the importer's scope), refuse the whole file with every offending row
// number if any fails, else write the users, the import log and its audit together, so a
// change and the record of who made it can never be separated.
import type { Kysely } from 'kysely';
import type { ImportRowIssue } from '#contract/admin';
import { importScopeIssue } from '#domain/import-scope';
import { describeErrors, type CheckedSheet } from '#domain/user-import';
import type { Database, ImportFileType, NewUser, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { countNewUsers, moveCoachingUser } from '#server/modules/coaching/aggregates';
import { refreshUserStandings } from '#server/modules/rankings/standings';
import { fieldChanges, newUserFields, scopedUser, valuesBefore, type FieldChanges, type UserFields } from './changes.ts';
import { placeUsers } from './placement.ts';
import * as repo from './repository.ts';

const INSERT_BATCH = 500;

export interface ImportJob {
  importer: UserRow;
  ip: string;
  fileName: string;
  fileType: ImportFileType;
  sheet: CheckedSheet;
  now: Date;
}

type Planned =
  | { kind: 'create'; email: string; fields: UserFields }
  | { kind: 'update'; stored: UserRow; changes: FieldChanges };

/** The whole file is refused: every offending row, by number, in the `errores` shape. */
export function refuseRows(errors: ImportRowIssue[]): never {
  throw new HttpError(422, describeErrors(errors), { errores: errors });
}

function nicknameClashes(sheet: CheckedSheet, owners: Map<string, string>): ImportRowIssue[] {
  return sheet.users.flatMap((u): ImportRowIssue[] => {
    const owner = u.nickName ? owners.get(u.nickName.toLowerCase()) : undefined;
    return owner !== undefined && owner !== u.email ? [{ fila: u.row, email: u.email, error: `El Nick Name "${u.nickName}" ya lo usa otro usuario` }] : [];
  });
}

/** Every row's change, checked against the stored users and the importer's scope; any issue refuses the file. */
async function planImport(trx: Kysely<Database>, { sheet, importer }: ImportJob): Promise<Planned[]> {
  const existing = await repo.usersByEmail(trx, sheet.users.map((u) => u.email));
  const owners = await repo.nicknameOwners(trx, sheet.users.flatMap((u) => (u.nickName ? [u.nickName.toLowerCase()] : [])));
  const placed = await placeUsers(trx, sheet.users, existing);
  const errors = [...nicknameClashes(sheet, owners), ...placed.errors];
  const plans: Planned[] = [];
  const scope = { id: importer.id, perfil: importer.perfil, brandId: importer.brand_id, platformId: importer.platform_id };
  for (const user of sheet.users) {
    const place = placed.byRow.get(user.row);
    if (!place) continue;
    const stored = existing.get(user.email);
    const plan: Planned = stored
      ? { kind: 'update', stored, changes: fieldChanges(user, place, stored) }
      : { kind: 'create', email: user.email, fields: newUserFields(user, place) };
    const after = plan.kind === 'create' ? plan.fields : { ...plan.stored, ...plan.changes };
    const issue = importScopeIssue(scope, { stored: stored ? { id: stored.id, ...scopedUser(stored) } : null, after: scopedUser(after) });
    if (issue !== null) errors.push({ fila: user.row, email: user.email, error: issue });
    plans.push(plan);
  }
  // Thrown inside the transaction: brands, platforms or sites created for earlier rows roll back too.
  if (errors.length > 0) refuseRows(errors.sort((a, b) => a.fila - b.fila));
  return plans;
}

/** Writes the planned users; the audit gets one entry per user created or really changed. */
async function applyPlans(trx: Kysely<Database>, plans: Planned[], now: Date): Promise<{ created: number; updated: number; audit: repo.AuditEntry[] }> {
  const audit: repo.AuditEntry[] = [];
  const inserts: NewUser[] = [];
  let updated = 0;
  for (const plan of plans) {
    if (plan.kind === 'create') {
      inserts.push({ ...plan.fields, created_at: now, updated_at: now });
      continue;
    }
    updated++;
    const { stored, changes } = plan;
    if (Object.keys(changes).length === 0) continue;
    await repo.updateUser(trx, stored.id, { ...changes, updated_at: now });
    audit.push({ targetUserId: stored.id, action: 'updated', before: valuesBefore(stored, changes), after: changes });
    // Rankings copy perfil, brand and site: a move re-files the user's standings.
    if (changes.perfil !== undefined || changes.brand_id !== undefined || changes.site_id !== undefined) await refreshUserStandings(trx, stored.id);
    if (changes.perfil !== undefined || changes.brand_id !== undefined || changes.platform_id !== undefined || changes.site_id !== undefined) await moveCoachingUser(trx, stored.id, stored);
  }
  const ids = new Map<string, number>();
  for (let i = 0; i < inserts.length; i += INSERT_BATCH) {
    for (const [email, id] of await repo.insertUsers(trx, inserts.slice(i, i + INSERT_BATCH))) ids.set(email, id);
  }
  for (const plan of plans) {
    if (plan.kind !== 'create') continue;
    const id = ids.get(plan.email);
    if (id !== undefined) audit.push({ targetUserId: id, action: 'created', before: null, after: plan.fields });
  }
  await countNewUsers(trx, [...ids.values()]);
  return { created: inserts.length, updated, audit };
}

export async function writeImport(trx: Kysely<Database>, job: ImportJob): Promise<{ created: number; updated: number }> {
  const { created, updated, audit } = await applyPlans(trx, await planImport(trx, job), job.now);
  const importId = await repo.logImport(trx, {
    userId: job.importer.id, fileName: job.fileName, fileType: job.fileType, created, updated,
    duplicates: job.sheet.duplicates.length, ip: job.ip, now: job.now,
  });
  await repo.insertAudit(trx, importId, job.importer.id, job.ip, job.now, audit);
  return { created, updated };
}
