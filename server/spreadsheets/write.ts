// Writes real .xlsx workbooks for every export (rankings, order summary). Text is written
// exactly as the user typed it, as a shared-string cell (t="s"): a spreadsheet shows such a
// cell as text and never evaluates it, so a nickname like "=HYPERLINK(...)" is shown, never
// run, and needs no visible escape. Never writes a formula (<f>) into any cell.
import * as XLSX from '@e965/xlsx';

export type Cell = string | number | null;

/** A cell as it is written: text always as a plain string cell, numbers as numbers. */
function cellOf(value: Cell): XLSX.CellObject | null {
  if (value === null) return null;
  return typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: value };
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
    const data = [sheet.header, ...sheet.rows].map((row) => row.map(cellOf));
    const ws = XLSX.utils.aoa_to_sheet(data, { cellDates: false });
    ws['!cols'] = (sheet.widths ?? sheet.header.map((h) => Math.max(10, h.length + 2))).map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, ws, sheet.name.slice(0, 31));
  }
  // bookSST: text goes to the shared-string table (t="s"), never inline as t="str", which is
  // the type of a formula's cached result.
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Buffer;
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
