// User import (issue "User import"): corporate-domain callers only; the file's type is checked
// by its bytes and an .xlsx passes the zip-bomb guard before it is parsed; every row is checked
// (#domain/user-import) and then everything is written in ONE transaction: any invalid row,
// here or against the stored users, and nothing changes. Repeated e-mails are skipped and
// reported; existing users (same e-mail, any case) are updated.
import { IMPORT_EXTENSIONS, IMPORT_WRONG_TYPE, type ImportResponse, type ImportRowIssue } from '#contract/admin';
import { canImportUsers } from '#domain/access';
import { refreshUserStandings } from '#server/modules/rankings/standings';
import { checkSheet, describeErrors, type ImportedUser } from '#domain/user-import';
import type { AppDeps } from '#server/deps';
import type { ImportFileType, NewUser, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { detectFileType } from './file-type.ts';
import { readRows } from './read-sheet.ts';
import * as repo from './repository.ts';
import { placeUsers, type Place } from './placement.ts';
import { checkZip } from './zip-guard.ts';

export const NOT_CORPORATE = 'Solo el personal del dominio corporativo puede importar usuarios';
export const IMPERSONATING = 'No se pueden importar usuarios en navegación simulada';
export const TOO_BIG_EXPANDED = 'El archivo descomprimido es demasiado grande o está dañado';
export const UNREADABLE = 'No se pudo leer el archivo: comprueba que es un Excel o CSV válido';
const CLASH = 'Otro usuario ya tiene ese email o Nick Name: revisa el archivo y vuelve a intentarlo';
const INSERT_BATCH = 500;

export interface ImportCaller {
  user: UserRow;
  impersonating: boolean;
  ip: string;
}

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

function refuseRows(errors: ImportRowIssue[]): never {
  throw new HttpError(422, describeErrors(errors), { errores: errors });
}

/** The file's real type, or a 4xx: wrong name, wrong content, or a zip that would expand too far. */
function fileTypeOf(file: UploadedFile): ImportFileType {
  const name = file.fileName.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) throw new HttpError(415, IMPORT_WRONG_TYPE);
  const type = detectFileType(file.bytes);
  if (type === null) throw new HttpError(415, IMPORT_WRONG_TYPE);
  if (type === 'xlsx') {
    const verdict = checkZip(file.bytes);
    if (!verdict.ok) throw verdict.reason === 'too-large' ? new HttpError(413, TOO_BIG_EXPANDED) : new HttpError(415, IMPORT_WRONG_TYPE);
  }
  return type;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function summary(created: number, updated: number, duplicates: ImportRowIssue[]): string {
  const users = (n: number, word: string) => `${n} ${n === 1 ? `usuario ${word}` : `usuarios ${word}s`}`;
  const base = `Importación completada: ${users(created, 'creado')} y ${updated} ${updated === 1 ? 'actualizado' : 'actualizados'}.`;
  if (duplicates.length === 0) return base;
  const rows = duplicates.map((d) => `fila ${d.fila}`).join(', ');
  return duplicates.length === 1
    ? `${base} 1 fila con email repetido no se importó (${rows}).`
    : `${base} ${duplicates.length} filas con email repetido no se importaron (${rows}).`;
}

export function createUserImportService({ db, config, clock }: AppDeps) {
  return {
    assertAccess(caller: Pick<ImportCaller, 'user' | 'impersonating'>): void {
      if (caller.impersonating) throw new HttpError(403, IMPERSONATING);
      if (!canImportUsers(caller.user, config.corporateDomain)) throw new HttpError(403, NOT_CORPORATE);
    },

    async importFile(caller: ImportCaller, file: UploadedFile): Promise<ImportResponse> {
      this.assertAccess(caller);
      const type = fileTypeOf(file);
      const rows = readRows(file.bytes, type);
      if (rows === null) throw new HttpError(422, UNREADABLE);
      const sheet = checkSheet(rows);
      if (!sheet.ok) throw new HttpError(422, sheet.error);
      if (sheet.errors.length > 0) refuseRows(sheet.errors);

      try {
        const counts = await db.transaction().execute(async (trx) => {
          const now = clock();
          const existing = await repo.usersByEmail(trx, sheet.users.map((u) => u.email));
          const owners = await repo.nicknameOwners(trx, sheet.users.flatMap((u) => (u.nickName ? [u.nickName.toLowerCase()] : [])));
          const clashes = sheet.users.flatMap((u): ImportRowIssue[] => {
            const owner = u.nickName ? owners.get(u.nickName.toLowerCase()) : undefined;
            return owner !== undefined && owner !== u.email ? [{ fila: u.row, email: u.email, error: `El Nick Name "${u.nickName}" ya lo usa otro usuario` }] : [];
          });
          const placed = await placeUsers(trx, sheet.users, existing);
          const errors = [...clashes, ...placed.errors].sort((a, b) => a.fila - b.fila);
          // Thrown inside the transaction: sites or platforms created for earlier rows roll back too.
          if (errors.length > 0) refuseRows(errors);

          const inserts: NewUser[] = [];
          let updated = 0;
          for (const user of sheet.users) {
            const place = placed.byRow.get(user.row) ?? { platformId: null, siteId: null };
            const stored = existing.get(user.email);
            if (stored) {
              const changes = changesFor(user, place, now);
              await repo.updateUser(trx, stored.id, changes);
              // Rankings copy perfil, brand and site: a move re-files the user's standings.
              const moved = (['perfil', 'brand_id', 'site_id'] as const).some((k) => changes[k] !== undefined && changes[k] !== stored[k]);
              if (moved) await refreshUserStandings(trx, stored.id);
              updated++;
            } else {
              inserts.push(newUser(user, place, now));
            }
          }
          for (let i = 0; i < inserts.length; i += INSERT_BATCH) await repo.insertUsers(trx, inserts.slice(i, i + INSERT_BATCH));
          await repo.logImport(trx, {
            userId: caller.user.id, fileName: file.fileName.slice(0, 255), fileType: type, created: inserts.length, updated,
            duplicates: sheet.duplicates.length, ip: caller.ip, now,
          });
          return { created: inserts.length, updated };
        });
        return { message: summary(counts.created, counts.updated, sheet.duplicates), users_created: counts.created, users_updated: counts.updated, duplicados: sheet.duplicates };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, CLASH);
        throw error;
      }
    },
  };
}

function newUser(user: ImportedUser, place: Place, now: Date): NewUser {
  return {
    email: user.email, name: user.name, nick_name: user.nickName, role: user.role ?? 'agente', perfil: user.perfil ?? '',
    division: user.division, brand_id: user.brandId, platform_id: place.platformId, site_id: place.siteId,
    puntos_ring_ring: user.puntosRingRing ?? 0, created_at: now, updated_at: now,
  };
}

/** Empty optional cells keep what is stored; name and brand are always given. */
function changesFor(user: ImportedUser, place: Place | undefined, now: Date): Partial<NewUser> {
  const changes: Partial<NewUser> = { name: user.name, brand_id: user.brandId, updated_at: now };
  if (user.nickName !== null) changes.nick_name = user.nickName;
  if (user.role !== null) changes.role = user.role;
  if (user.perfil !== null) changes.perfil = user.perfil;
  if (user.division !== null) changes.division = user.division;
  if (user.puntosRingRing !== null) changes.puntos_ring_ring = user.puntosRingRing;
  if (place && (user.platform !== null || user.site !== null)) {
    changes.platform_id = place.platformId;
    changes.site_id = place.siteId;
  }
  return changes;
}
