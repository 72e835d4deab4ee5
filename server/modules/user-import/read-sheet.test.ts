import { describe, expect, it } from 'vitest';
import { readRows } from './read-sheet.ts';
import { csvOf, sheetXml, workbookWithSheet, workbookZip, xlsOf, xlsxOf, type Rows } from '#test-support/server/import-files';

const LIMITS = { maxRows: 3, maxColumns: 4 };
const sheet = (rows: number, columns: number): Rows =>
  Array.from({ length: rows + 1 }, (_, r) => Array.from({ length: columns }, (_c, c) => (r === 0 ? `col${c}` : `r${r}c${c}`)));

const formats: Array<[string, (rows: Rows) => Buffer, 'csv' | 'xlsx' | 'xls']> = [
  ['csv', (rows) => csvOf(rows), 'csv'],
  ['xlsx (SheetJS)', xlsxOf, 'xlsx'],
  ['xlsx (hand-written XML)', (rows) => workbookWithSheet(sheetXml(rows)), 'xlsx'],
  ['xls', xlsOf, 'xls'],
];

describe('readRows limits, checked while reading', () => {
  it.each(formats)('%s: the header plus maxRows rows and maxColumns columns are read', (_name, build, type) => {
    expect(readRows(build(sheet(3, 4)), type, LIMITS)).toEqual({ ok: true, rows: sheet(3, 4) });
  });

  it.each(formats)('%s: one row more is too many rows', (_name, build, type) => {
    expect(readRows(build(sheet(4, 2)), type, LIMITS)).toEqual({ ok: false, reason: 'too-many-rows' });
  });

  it.each(formats)('%s: one column more is too many columns', (_name, build, type) => {
    expect(readRows(build(sheet(1, 5)), type, LIMITS)).toEqual({ ok: false, reason: 'too-many-columns' });
  });

  it('a 200,000-row CSV stops at the limit instead of reading every row', () => {
    const big = Buffer.from(`name;email;marca_id\n${'Ana;ana@cliente.example;2\n'.repeat(200_000)}`);
    expect(readRows(big, 'csv', { maxRows: 10_000, maxColumns: 100 })).toEqual({ ok: false, reason: 'too-many-rows' });
  });

  it('an .xlsx still passes the zip-bomb guard first', () => {
    expect(readRows(workbookZip(Buffer.alloc(60 * 1024 * 1024)), 'xlsx', LIMITS)).toEqual({ ok: false, reason: 'expands-too-far' });
  });
});
