// Reads the first sheet of an import file into rows of cells, inside the parse worker (never on
// the request thread). An .xlsx passes the zip-bomb guard first; the spreadsheet library stops
// reading rows past the limit (sheetRows), and a sheet wider than the column limit is refused
// before its rows are built. Values are read as text where the format allows it, so an e-mail
// or "0012" is never turned into a date or a number; formulas are never evaluated.
import * as XLSX from '@e965/xlsx';
import type { ImportFileType } from '#server/db/schema';
import type { Cell } from '#domain/user-import';
import { decodeCsv } from './file-type.ts';
import { checkZip } from './zip-guard.ts';

export interface ReadLimits {
  /** Data rows (the header excluded). */
  maxRows: number;
  maxColumns: number;
}

export type ReadFailure = 'expands-too-far' | 'not-a-workbook' | 'unreadable' | 'too-many-rows' | 'too-many-columns';
export type ReadOutcome = { ok: true; rows: Cell[][] } | { ok: false; reason: ReadFailure };

const OPTIONS: XLSX.ParsingOptions = {
  sheets: 0,
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellDates: false,
  cellText: false,
  bookVBA: false,
};

function firstSheet(bytes: Buffer, type: ImportFileType, limits: ReadLimits): XLSX.WorkSheet | undefined {
  // The header, the allowed rows and one more: enough to tell "too many" without reading on.
  const options = { ...OPTIONS, sheetRows: limits.maxRows + 2 };
  const book = type === 'csv'
    ? XLSX.read(decodeCsv(bytes), { ...options, type: 'string', raw: true })
    : XLSX.read(bytes, { ...options, type: 'buffer' });
  const first = book.SheetNames[0];
  return first === undefined ? undefined : book.Sheets[first];
}

export function readRows(bytes: Buffer, type: ImportFileType, limits: ReadLimits): ReadOutcome {
  if (type === 'xlsx') {
    const verdict = checkZip(bytes);
    if (!verdict.ok) return { ok: false, reason: verdict.reason === 'too-large' ? 'expands-too-far' : 'not-a-workbook' };
  }
  let sheet: XLSX.WorkSheet | undefined;
  try {
    sheet = firstSheet(bytes, type, limits);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const ref = sheet?.['!fullref'] ?? sheet?.['!ref'];
  if (!sheet || !ref) return { ok: true, rows: [] };
  const range = XLSX.utils.decode_range(ref);
  if (range.e.r - range.s.r > limits.maxRows) return { ok: false, reason: 'too-many-rows' };
  if (range.e.c - range.s.c + 1 > limits.maxColumns) return { ok: false, reason: 'too-many-columns' };
  try {
    return { ok: true, rows: XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true }) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
