// The user-import rules (spec 2, 5 and issue "User import"): which columns a sheet must have,
// what a valid row is, and which rows repeat an e-mail seen earlier in the same file.
// Pure: cells in, checked rows out. Never reads the database (nickname clashes with stored
// users, and creating or updating, are the server's job).
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS } from '#contract/admin-constants';
import type { ImportColumn, ImportRowIssue } from '#contract/admin';
import { normalizeProfile, type Profile } from '#domain/profiles';
import { checkNickname } from '#domain/nickname';
import { isTimeFactor, type TimeFactor } from '#domain/scoring';

export type Cell = string | number | boolean | null | undefined;

/** A row ready to store. Null optional fields mean "leave as stored" for an existing user. */
export interface ImportedUser {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  email: string;
  name: string;
  nickName: string | null;
  role: string | null;
  perfil: Profile | null;
  division: string | null;
  brandId: number;
  platform: string | null;
  site: string | null;
  puntosRingRing: number | null;
  /** Time accommodation (issue 39): 1, 1.5 or 2; null keeps what is stored. */
  timeFactor: TimeFactor | null;
}

export interface CheckedSheet {
  users: ImportedUser[];
  /** Rows not imported because their e-mail appeared earlier in the file (not an error). */
  duplicates: ImportRowIssue[];
  /** Invalid rows: any of these fails the whole import. */
  errors: ImportRowIssue[];
}

export const MAX_IMPORT_ROWS = 10_000;
/** The template has 10 columns; a sheet far wider than that is refused before its rows are built. */
export const MAX_IMPORT_COLUMNS = 100;
export const TOO_MANY_ROWS = `El archivo tiene más de ${MAX_IMPORT_ROWS} filas`;
export const TOO_MANY_COLUMNS = `El archivo tiene demasiadas columnas (máximo ${MAX_IMPORT_COLUMNS})`;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT = 200;

/** "Nick Name" → "nick_name": headers match ignoring case, spaces, dashes and accents. */
export function headerKey(header: Cell): string {
  return String(header ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Column index per template column, or the required columns that are missing. */
export function mapColumns(header: readonly Cell[]): { ok: true; columns: Partial<Record<ImportColumn, number>> } | { ok: false; missing: ImportColumn[] } {
  const columns: Partial<Record<ImportColumn, number>> = {};
  header.forEach((cell, index) => {
    const key = headerKey(cell) as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(key) && columns[key] === undefined) columns[key] = index;
  });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => columns[c] === undefined);
  return missing.length > 0 ? { ok: false, missing } : { ok: true, columns };
}

function text(cell: Cell): string | null {
  if (cell === null || cell === undefined) return null;
  const value = String(cell).trim();
  return value === '' ? null : value;
}

/** A whole number from a cell ("1.250" and "1250" alike; es-ES writes thousands with dots). */
function wholeNumber(cell: Cell): number | null | 'invalid' {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : 'invalid';
  const raw = text(cell);
  if (raw === null) return null;
  const compact = raw.replace(/[.\s]/g, '');
  return /^-?\d{1,9}$/.test(compact) ? Number(compact) : 'invalid';
}

export const BAD_TIME_FACTOR = 'tiempo_adaptado debe ser 1 (sin ampliar), 1,5 o 2; vacío no lo cambia';

/** A time factor from a cell: 1.5, "1,5", "x1,5", "×2"; null when empty. */
function timeFactor(cell: Cell): TimeFactor | null | 'invalid' {
  if (typeof cell === 'number') return isTimeFactor(cell) ? cell : 'invalid';
  const raw = text(cell);
  if (raw === null) return null;
  const value = Number(raw.replace(/^[x×]\s*/i, '').replace(',', '.'));
  return isTimeFactor(value) ? value : 'invalid';
}

function isBlank(cells: readonly Cell[]): boolean {
  return cells.every((c) => text(c) === null);
}

type RowResult = { ok: true; user: ImportedUser } | { ok: false; error: string };

/** Checks one data row; `row` is its spreadsheet number. */
export function checkRow(cells: readonly Cell[], columns: Partial<Record<ImportColumn, number>>, row: number): RowResult {
  const at = (c: ImportColumn): Cell => (columns[c] === undefined ? null : cells[columns[c]]);
  const email = text(at('email'))?.toLowerCase() ?? null;
  if (!email) return { ok: false, error: 'Falta el email' };
  if (!EMAIL.test(email) || email.length > MAX_TEXT) return { ok: false, error: `El email "${email}" no es válido` };
  const name = text(at('name'));
  if (!name) return { ok: false, error: 'Falta el nombre (name)' };
  const brand = wholeNumber(at('marca_id'));
  if (brand === null) return { ok: false, error: 'Falta marca_id' };
  if (brand === 'invalid' || brand < 1) return { ok: false, error: 'marca_id debe ser un número entero positivo' };
  const rawPerfil = text(at('perfil'));
  const perfil = rawPerfil === null ? null : normalizeProfile(rawPerfil);
  if (rawPerfil !== null && perfil === null) {
    return { ok: false, error: `El perfil "${rawPerfil}" no existe (vacío, admin, INTERNO, PLATAFORMA o LATAM)` };
  }
  const rawNick = text(at('nick_name'));
  const nick = rawNick === null ? null : checkNickname(rawNick);
  if (nick && !nick.ok) return { ok: false, error: nick.error };
  const points = wholeNumber(at('puntos_ring_ring'));
  if (points === 'invalid' || (points !== null && points < 0)) return { ok: false, error: 'puntos_ring_ring debe ser un número entero mayor o igual que 0' };
  const factor = timeFactor(at('tiempo_adaptado'));
  if (factor === 'invalid') return { ok: false, error: BAD_TIME_FACTOR };
  const platform = text(at('plataforma'));
  const site = text(at('sede'));
  const role = text(at('role'));
  const division = text(at('division'));
  const tooLong = [name, platform, site, role, division].some((v) => v !== null && v.length > MAX_TEXT);
  if (tooLong) return { ok: false, error: `Ningún texto puede pasar de ${MAX_TEXT} caracteres` };
  return {
    ok: true,
    user: { row, email, name, nickName: nick?.ok ? nick.value : null, role, perfil, division, brandId: brand, platform, site, puntosRingRing: points, timeFactor: factor },
  };
}

/**
 * Checks a whole sheet (first row: the header). Blank rows are skipped; a repeated e-mail
 * keeps its first row and reports the later ones; two different e-mails may not share a
 * nickname. The caller fails the import when `errors` is not empty.
 */
export function checkSheet(rows: readonly (readonly Cell[])[]): { ok: false; error: string } | ({ ok: true } & CheckedSheet) {
  const [header, ...data] = rows;
  if (!header || isBlank(header)) return { ok: false, error: 'El archivo está vacío' };
  const mapped = mapColumns(header);
  if (!mapped.ok) return { ok: false, error: `Faltan columnas obligatorias: ${mapped.missing.join(', ')}` };
  if (data.length > MAX_IMPORT_ROWS) return { ok: false, error: TOO_MANY_ROWS };

  const result: CheckedSheet = { users: [], duplicates: [], errors: [] };
  const seenEmails = new Map<string, number>();
  const seenNicks = new Map<string, string>();
  data.forEach((cells, index) => {
    const row = index + 2;
    if (isBlank(cells)) return;
    const checked = checkRow(cells, mapped.columns, row);
    if (!checked.ok) {
      result.errors.push({ fila: row, email: text(mapped.columns.email === undefined ? null : cells[mapped.columns.email]) ?? undefined, error: checked.error });
      return;
    }
    const { user } = checked;
    const first = seenEmails.get(user.email);
    if (first !== undefined) {
      result.duplicates.push({ fila: row, email: user.email, error: `Email repetido (ya aparece en la fila ${first})` });
      return;
    }
    seenEmails.set(user.email, row);
    const nickKey = user.nickName?.toLowerCase();
    if (nickKey) {
      const owner = seenNicks.get(nickKey);
      if (owner !== undefined && owner !== user.email) {
        result.errors.push({ fila: row, email: user.email, error: `El Nick Name "${user.nickName}" ya lo usa otra fila (${owner})` });
        return;
      }
      seenNicks.set(nickKey, user.email);
    }
    result.users.push(user);
  });
  if (result.users.length === 0 && result.errors.length === 0) return { ok: false, error: 'El archivo no tiene filas de usuarios' };
  return { ok: true, ...result };
}

/** The refusal text: every invalid row, by number (shown after "Error: "). */
export function describeErrors(errors: readonly ImportRowIssue[]): string {
  const shown = errors.slice(0, 10).map((e) => `fila ${e.fila}: ${e.error}`);
  const more = errors.length > 10 ? ` (y ${errors.length - 10} filas más)` : '';
  return `Ningún usuario importado. Filas no válidas: ${shown.join('; ')}${more}`;
}
