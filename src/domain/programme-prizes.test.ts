import { describe, expect, it } from 'vitest';
import {
  frozenMonthsAltered, frozenMonthsMessage, isMonthKey, monthLabel, monthOfDay, monthTitle, noPrizesMessage, prizeAmountsProblems, rowsAfterDelete, rowsAfterPut,
  tiersForMonth, type PrizeTierRow,
} from './programme-prizes';

const row = (applies_from: string, tier1 = 300, tier2 = 200, tier3 = 100, brand = 100): PrizeTierRow => ({ applies_from, tier1, tier2, tier3, brand });
const ROWS = [row('2025-04'), row('2025-07', 500, 300, 100, 150)];

describe('isMonthKey and monthOfDay', () => {
  it.each([
    ['2025-01', true], ['2025-12', true], ['2025-13', false], ['2025-00', false], ['2025-1', false], ['25-01', false], ['1999-12', false], ['2025-01-01', false], ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isMonthKey(value)).toBe(expected);
  });

  it('takes the month of a day', () => {
    expect(monthOfDay('2025-05-01')).toBe('2025-05');
    expect(monthOfDay(null)).toBeNull();
    expect(monthOfDay('mayo')).toBeNull();
    expect(monthLabel('2026-11')).toBe('noviembre de 2026');
    expect(noPrizesMessage('2026-01')).toBe('Sin premios configurados para enero de 2026');
    expect(monthTitle('2026-01')).toBe('Enero de 2026');
  });
});

describe('prizeAmountsProblems', () => {
  it.each<[string, Parameters<typeof prizeAmountsProblems>[0], RegExp | null]>([
    ['the demo amounts', { tier1: 300, tier2: 200, tier3: 100, brand: 100 }, null],
    ['all zero (no prizes)', { tier1: 0, tier2: 0, tier3: 0, brand: 0 }, null],
    ['equal tiers', { tier1: 100, tier2: 100, tier3: 100, brand: 0 }, null],
    ['the largest amounts', { tier1: 1_000_000, tier2: 1_000_000, tier3: 0, brand: 1_000_000 }, null],
    ['tier2 above tier1', { tier1: 100, tier2: 200, tier3: 0, brand: 0 }, /1\.er premio de sede no puede ser menor que el 2/],
    ['tier3 above tier2', { tier1: 300, tier2: 100, tier3: 200, brand: 0 }, /2\.º premio de sede no puede ser menor que el 3/],
    ['a negative amount', { tier1: 300, tier2: 200, tier3: -1, brand: 0 }, /3\.er premio de sede debe ser un número entero/],
    ['a fraction', { tier1: 300, tier2: 200, tier3: 100, brand: 0.5 }, /premio de marca debe ser un número entero/],
    ['above a million', { tier1: 1_000_001, tier2: 0, tier3: 0, brand: 0 }, /entre 0 y 1\.000\.000/],
    ['not a number', { tier1: Number.NaN, tier2: 0, tier3: 0, brand: 0 }, /entero/],
  ])('%s', (_name, input, problem) => {
    const problems = prizeAmountsProblems(input);
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems.join(' ')).toMatch(problem);
  });
});

describe('tiersForMonth', () => {
  it.each([
    ['2025-03', null], ['2025-04', '2025-04'], ['2025-06', '2025-04'], ['2025-07', '2025-07'], ['2026-01', '2025-07'],
  ])('%s takes the row from %s', (month, from) => {
    expect(tiersForMonth(ROWS, month)?.applies_from ?? null).toBe(from);
  });

  it('finds nothing without rows', () => {
    expect(tiersForMonth([], '2025-05')).toBeNull();
  });
});

describe('frozenMonthsAltered: past payouts never change', () => {
  const frozen = ['2025-04', '2025-05'];
  it.each<[string, PrizeTierRow[], string[]]>([
    ['changing the row frozen months used', rowsAfterPut(ROWS, row('2025-04', 1, 1, 1, 1)), ['2025-04', '2025-05']],
    ['a new row that takes May', rowsAfterPut(ROWS, row('2025-05', 1, 1, 1, 1)), ['2025-05']],
    ['deleting the row frozen months used', rowsAfterDelete(ROWS, '2025-04'), ['2025-04', '2025-05']],
    ['putting the same amounts again', rowsAfterPut(ROWS, row('2025-04')), []],
    ['a new row for an open month', rowsAfterPut(ROWS, row('2025-06', 1, 1, 1, 1)), []],
    ['changing a row no frozen month used', rowsAfterPut(ROWS, row('2025-07', 9, 9, 9, 9)), []],
    ['deleting a row no frozen month used', rowsAfterDelete(ROWS, '2025-07'), []],
    ['a row before every month that changes none', rowsAfterPut(ROWS, row('2025-01', 1, 1, 1, 1)), []],
  ])('%s', (_name, after, altered) => {
    expect(frozenMonthsAltered(ROWS, after, frozen)).toEqual(altered);
  });

  it('a frozen month that had no row cannot gain one', () => {
    expect(frozenMonthsAltered([], [row('2025-01')], ['2025-03'])).toEqual(['2025-03']);
    expect(frozenMonthsMessage(['2025-03'])).toMatch(/ya se aplicaron a marzo de 2025.*los pagos pasados no cambian/);
  });
});
