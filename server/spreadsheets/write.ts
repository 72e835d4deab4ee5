// Writes real .xlsx workbooks for every export (rankings, order summary). Text cells that a
// spreadsheet would read as a formula (= + - @, and the tab/CR tricks) are neutralised with a
// leading apostrophe, so a nickname like "=HYPERLINK(...)" is shown, never run.
import * as XLSX from '@e965/xlsx';

export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as it is safe to write; numbers stay numbers. */
export function neutralise(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface SheetSpec {
  /** Sheet tab name (at most 31 characters, no []:*?/\). */
  name: string;
  header: string[];
  rows: Cell[][];
  /** Column widths in characters; defaults from the header. */
  widths?: number[];
}

/** One workbook with one sheet per spec, as the bytes of an .xlsx file. */
export function writeXlsx(sheets: SheetSpec[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const data = [sheet.header.map(neutralise), ...sheet.rows.map((row) => row.map(neutralise))];
    const ws = XLSX.utils.aoa_to_sheet(data, { cellDates: false });
    ws['!cols'] = (sheet.widths ?? sheet.header.map((h) => Math.max(10, h.length + 2))).map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, ws, sheet.name.slice(0, 31));
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** Reads back the first sheet as rows of values (tests and the import preview use it). */
export function readFirstSheet(bytes: Buffer): Cell[][] {
  const book = XLSX.read(bytes, { type: 'buffer' });
  const first = book.SheetNames[0];
  if (first === undefined) return [];
  const sheet = book.Sheets[first];
  if (sheet === undefined) return [];
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null });
}
