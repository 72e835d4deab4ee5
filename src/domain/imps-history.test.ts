import { describe, expect, it } from 'vitest';
import type { PointsMovement } from '#contract/points';
import { historyByMonth, monthsShown } from './imps-history';

let nextId = 1;
const move = (created_at: string | null, puntos: number, operacion = 'sumar'): PointsMovement => ({ id: nextId++, operacion, puntos, concepto: `m${nextId}`, created_at });

describe('historyByMonth', () => {
  it.each([
    // A month ends at midnight in Madrid: 23:30 UTC on 31 October is already 1 November there (CET, +1).
    ['late on the last day in UTC is the next month in Madrid', [move('2026-10-31T23:30:00Z', 5)], ['2026-11']],
    ['the last summer-time hour of a month stays in it (CEST, +2)', [move('2026-09-30T21:59:59Z', 5)], ['2026-09']],
    ['and the first of the next leaves it', [move('2026-09-30T22:00:00Z', 5)], ['2026-10']],
    ['newest month first, whatever the order given', [move('2025-12-10T10:00:00Z', 1), move('2026-02-01T10:00:00Z', 1), move('2026-01-05T10:00:00Z', 1)], ['2026-02', '2026-01', '2025-12']],
    ['undated and unreadable dates go last, as one group', [move(null, 1), move('2026-03-01T10:00:00Z', 1), move('mañana', 1)], ['2026-03', null]],
    ['no movements, no months', [], []],
  ])('%s', (_name, movements, months) => {
    expect(historyByMonth(movements).map((m) => m.month)).toEqual(months);
  });

  it.each([
    ['only credits', [move('2026-11-02T10:00:00Z', 5), move('2026-11-01T10:00:00Z', 20)], { earned: 25, spent: 0, net: 25 }],
    ['a redemption and an expiry take away', [move('2026-11-03T10:00:00Z', 100, 'restar'), move('2026-11-02T10:00:00Z', 30), move('2026-11-01T10:00:00Z', 7, 'caducar')], { earned: 30, spent: 107, net: -77 }],
    ['a refund adds back', [move('2026-11-04T10:00:00Z', 100), move('2026-11-03T10:00:00Z', 100, 'restar')], { earned: 100, spent: 100, net: 0 }],
  ])('totals: %s', (_name, movements, totals) => {
    const [month] = historyByMonth(movements);
    expect({ earned: month?.earned, spent: month?.spent, net: month?.net }).toEqual(totals);
  });

  it('keeps each month\'s movements in the order given and names the month in Spanish', () => {
    const a = move('2026-11-20T10:00:00Z', 1);
    const b = move('2026-10-20T10:00:00Z', 2);
    const c = move('2026-11-05T10:00:00Z', 3);
    const d = move(null, 4);
    expect(historyByMonth([a, b, c, d]).map((m) => [m.title, m.movements.map((x) => x.id)])).toEqual([
      ['Noviembre de 2026', [a.id, c.id]],
      ['Octubre de 2026', [b.id]],
      ['Sin fecha', [d.id]],
    ]);
  });
});

describe('monthsShown', () => {
  const months = (...sizes: number[]) => sizes.map((n) => ({ movements: Array.from({ length: n }, () => move(null, 1)) }));
  it.each([
    ['a page takes months while they fit', [5, 10, 10, 10], 1, 25, 3],
    ['exactly full fits', [10, 15, 1], 1, 25, 2],
    ['a month larger than a page still shows, alone', [40, 5], 1, 25, 1],
    ['the next page starts where the last ended', [11, 23, 21], 2, 25, 2],
    ['and the third shows the rest', [11, 23, 21], 3, 25, 3],
    ['never more than there is', [3, 3], 5, 25, 2],
    ['no months', [], 1, 25, 0],
  ])('%s', (_name, sizes, pages, perPage, shown) => {
    expect(monthsShown(months(...sizes), pages, perPage)).toBe(shown);
  });
});
