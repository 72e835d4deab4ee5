import { describe, expect, it } from 'vitest';
import { neutralise, readFirstSheet, writeXlsx } from './write.ts';

describe('neutralise', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"], ['+34 600', "'+34 600"], ['-1', "'-1"], ['@cmd', "'@cmd"],
    ['\tx', "'\tx"], ['Ana', 'Ana'], ['a=b', 'a=b'],
  ])('%j → %j', (input, output) => {
    expect(neutralise(input)).toBe(output);
  });

  it('keeps numbers and empty cells as they are', () => {
    expect(neutralise(-5)).toBe(-5);
    expect(neutralise(null)).toBeNull();
  });
});

describe('writeXlsx', () => {
  it('writes a real workbook that reads back with the same rows, formulas neutralised', () => {
    const bytes = writeXlsx([{ name: 'Ranking', header: ['Posición', 'Nick'], rows: [[1, 'ana'], [2, '=HYPERLINK("x")']] }]);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(readFirstSheet(bytes)).toEqual([['Posición', 'Nick'], [1, 'ana'], [2, '\'=HYPERLINK("x")']]);
  });
});
