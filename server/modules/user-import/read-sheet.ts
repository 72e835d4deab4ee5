// Reads the first sheet of an import file into rows of cells, once its type is known and (for
// xlsx) the zip guard has passed. Values are read as text where the format allows it, so an
// e-mail or "0012" is never turned into a date or a number; formulas are never evaluated.
import * as XLSX from '@e965/xlsx';
import type { ImportFileType } from '#server/db/schema';
import type { Cell } from '#domain/user-import';
import { decodeCsv } from './file-type.ts';

const OPTIONS: XLSX.ParsingOptions = {
  sheets: 0,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellDates: false,
  bookVBA: false,
};

/** Null when the library cannot read it (a damaged file): the caller answers 422. */
export function readRows(bytes: Buffer, type: ImportFileType): Cell[][] | null {
  try {
    const book = type === 'csv'
      ? XLSX.read(decodeCsv(bytes), { ...OPTIONS, type: 'string', raw: true })
      : XLSX.read(bytes, { ...OPTIONS, type: 'buffer' });
    const first = book.SheetNames[0];
    const sheet = first === undefined ? undefined : book.Sheets[first];
    if (!sheet) return [];
    return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch {
    return null;
  }
}
