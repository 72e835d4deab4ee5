import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, writeXlsx } from './write.ts';

const TRICKS = ['=SUM(A1)', '=HYPERLINK("http://x","y")', '+34 600', '-1', '@cmd', '\t=1+1', '\r=1+1', 'Ana', 'a=b'];

describe('writeXlsx', () => {
  it('writes a real workbook that reads back with the same rows, text exactly as written', () => {
    const bytes = writeXlsx([{ name: 'Ranking', header: ['Posición', 'Nick'], rows: [[1, 'ana'], [2, '=HYPERLINK("x")'], [3, null]] }]);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(readFirstSheet(bytes)).toEqual([['Posición', 'Nick'], [1, 'ana'], [2, '=HYPERLINK("x")'], [3, null]]);
  });

  it.each(TRICKS)('%j is a string cell with no formula, in the sheet and in its XML', (text) => {
    const bytes = writeXlsx([{ name: 'Hoja', header: ['Texto'], rows: [[text], [-5]] }]);
    const sheet = XLSX.read(bytes, { type: 'buffer', cellFormula: true }).Sheets.Hoja ?? {};
    expect(sheet.A2).toMatchObject({ t: 's', v: text });
    expect(sheet.A2?.f).toBeUndefined();
    expect(sheet.A3).toMatchObject({ t: 'n', v: -5 });
    const xml = XLSX.CFB.find(XLSX.CFB.read(bytes, { type: 'buffer' }), '/xl/worksheets/sheet1.xml');
    expect(Buffer.from(xml?.content as Uint8Array).toString('utf8')).not.toMatch(/<f[\s>]|t="str"/);
  });
});
