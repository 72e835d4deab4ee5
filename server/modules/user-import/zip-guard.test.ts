import { describe, expect, it } from 'vitest';
import { writeXlsx } from '#server/spreadsheets/write';
import { decodeCsv, detectFileType } from './file-type.ts';
import { csvOf, workbookZip, xlsOf, zipOf } from '#test-support/server/import-files';
import { checkZip } from './zip-guard.ts';

describe('detectFileType: by the bytes, never the name', () => {
  it.each([
    ['a real .xlsx', writeXlsx([{ name: 'A', header: ['name'], rows: [] }]), 'xlsx'],
    ['a real .xls', xlsOf([['name'], ['Ana']]), 'xls'],
    ['a UTF-8 CSV', csvOf([['name'], ['Íñigo']]), 'csv'],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), null],
    ['binary with NUL bytes', Buffer.from([0x41, 0x00, 0x42]), null],
    ['an empty file', Buffer.alloc(0), null],
  ])('%s → %s', (_name, bytes, type) => {
    expect(detectFileType(bytes)).toBe(type);
  });

  it('reads Windows-1252 when the bytes are not UTF-8, and drops a BOM', () => {
    expect(decodeCsv(Buffer.from([0x50, 0xe9, 0x72, 0x65, 0x7a]))).toBe('Pérez');
    expect(decodeCsv(Buffer.from('\ufeffname', 'utf8'))).toBe('name');
  });
});

describe('checkZip', () => {
  it('passes a real workbook', () => {
    expect(checkZip(writeXlsx([{ name: 'A', header: ['name', 'email'], rows: [['Ana', 'a@b.es']] }]))).toEqual({ ok: true });
  });

  it.each([
    ['declared total over the limit', workbookZip(Buffer.alloc(1_000)), { maxEntries: 10, maxTotalUncompressed: 500 }, 'too-large'],
    ['too many entries', workbookZip(Buffer.alloc(10)), { maxEntries: 2, maxTotalUncompressed: 10_000 }, 'too-large'],
    ['a size that lies', workbookZip(Buffer.alloc(5_000, 0x41), 100), undefined, 'too-large'],
    ['a zip that is not a workbook', zipOf([{ name: 'hola.txt', data: Buffer.from('hola') }]), undefined, 'not-a-workbook'],
    ['truncated bytes', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), undefined, 'not-a-zip'],
  ])('refuses %s', (_name, bytes, limits, reason) => {
    expect(checkZip(bytes, limits)).toEqual({ ok: false, reason });
  });

  it('refuses encrypted entries', () => {
    const zip = workbookZip(Buffer.from('<sheet/>'));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt16LE(1, central + 8);
    expect(checkZip(zip)).toEqual({ ok: false, reason: 'unsupported' });
  });
});
