// User import (issue "User import", issue 15 items 1 and 6): corporate-domain staff only; the
// file's type is checked by its bytes, then it is read in a worker (parse-pool.ts: the zip-bomb
// guard, the row and column limits) while the API keeps answering. Every row is checked
// (#domain/user-import) and against the caller's scope (#domain/import-scope), then everything
// is written in ONE transaction with its audit: any invalid or out-of-scope row, and nothing
// changes. Repeated e-mails are skipped and reported; existing users (any case) are updated.
import { IMPORT_EXTENSIONS, IMPORT_WRONG_TYPE, type ImportResponse, type ImportRowIssue } from '#contract/admin';
import { canImportUsers } from '#domain/profiles';
import { checkSheet, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, TOO_MANY_COLUMNS, TOO_MANY_ROWS, type Cell } from '#domain/user-import';
import type { AppDeps } from '#server/deps';
import type { ImportFileType, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { detectFileType } from './file-type.ts';
import { parseInWorker, ParsePoolError } from './parse-pool.ts';
import { refuseRows, writeImport } from './write-import.ts';

export const NOT_CORPORATE = 'Solo el personal del dominio corporativo puede importar usuarios';
export const IMPERSONATING = 'No se pueden importar usuarios en navegación simulada';
export const TOO_BIG_EXPANDED = 'El archivo descomprimido es demasiado grande o está dañado';
export const UNREADABLE = 'No se pudo leer el archivo: comprueba que es un Excel o CSV válido';
export const BUSY = 'Hay otra importación en curso, inténtalo en unos segundos';
export const TOO_HEAVY = 'El archivo es demasiado pesado para leerlo: divídelo en archivos más pequeños';
const CLASH = 'Otro usuario ya tiene ese email o Nick Name: revisa el archivo y vuelve a intentarlo';

export interface ImportCaller {
  user: UserRow;
  impersonating: boolean;
  ip: string;
}

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/** The file's real type, or a 415: wrong name or wrong content. */
function fileTypeOf(file: UploadedFile): ImportFileType {
  const name = file.fileName.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) throw new HttpError(415, IMPORT_WRONG_TYPE);
  const type = detectFileType(file.bytes);
  if (type === null) throw new HttpError(415, IMPORT_WRONG_TYPE);
  return type;
}

/** The file's rows, read off the request thread, or the 4xx/503 that says why not. */
async function rowsOf(file: UploadedFile, type: ImportFileType): Promise<Cell[][]> {
  let outcome;
  try {
    outcome = await parseInWorker(file.bytes, type, { maxRows: MAX_IMPORT_ROWS, maxColumns: MAX_IMPORT_COLUMNS });
  } catch (error) {
    if (!(error instanceof ParsePoolError)) throw error;
    throw error.reason === 'busy' ? new HttpError(503, BUSY) : new HttpError(413, TOO_HEAVY);
  }
  if (outcome.ok) return outcome.rows;
  switch (outcome.reason) {
    case 'expands-too-far': throw new HttpError(413, TOO_BIG_EXPANDED);
    case 'not-a-workbook': throw new HttpError(415, IMPORT_WRONG_TYPE);
    case 'too-many-rows': throw new HttpError(413, TOO_MANY_ROWS);
    case 'too-many-columns': throw new HttpError(413, TOO_MANY_COLUMNS);
    case 'unreadable': throw new HttpError(422, UNREADABLE);
  }
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
      const sheet = checkSheet(await rowsOf(file, type));
      if (!sheet.ok) throw new HttpError(422, sheet.error);
      if (sheet.errors.length > 0) refuseRows(sheet.errors);
      try {
        const counts = await db.transaction().execute((trx) => writeImport(trx, {
          importer: caller.user, ip: caller.ip, fileName: file.fileName.slice(0, 255), fileType: type, sheet, now: clock(),
        }));
        return { message: summary(counts.created, counts.updated, sheet.duplicates), users_created: counts.created, users_updated: counts.updated, duplicados: sheet.duplicates };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, CLASH);
        throw error;
      }
    },
  };
}
