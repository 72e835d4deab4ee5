import { describe, expect, it } from 'vitest';
import type { OrderSummaryRow } from '#contract/admin';
import { filterOrderSummary, pageOf } from '#domain/order-summary';

const order = (id: number, name: string, nick: string | null, product: string): OrderSummaryRow => ({
  id, user: { name, nick_name: nick, email: `${id}@x.es` }, nombre_producto: product, puntos: 10, cantidad: 1, validity_start: null,
});
const rows = [order(1, 'Lucía Pérez', 'lucia', 'Tarjeta Café'), order(2, 'Mario Gil', null, 'Botella'), order(3, 'Ana', 'AnaImp', 'Auriculares')];

describe('filterOrderSummary', () => {
  it.each([
    ['', [1, 2, 3]],
    ['  ', [1, 2, 3]],
    ['LUCIA', [1]],
    ['café', [1]],
    ['cafe', [1]],
    ['anaimp', [3]],
    ['bot', [2]],
    ['a', [1, 2, 3]],
    ['zzz', []],
  ])('%j → %j', (search, ids) => {
    expect(filterOrderSummary(rows, search).map((r) => r.id)).toEqual(ids);
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 17 }, (_, i) => order(i + 1, `n${i}`, null, 'p'));
  it.each([
    // rows, page → shown ids, page, totalPages, offset, canPrevious, canNext
    [17, 1, [1, 8], 1, 3, 0, false, true],
    [17, 2, [9, 16], 2, 3, 8, true, true],
    [17, 3, [17, 17], 3, 3, 16, true, false],
    [17, 9, [17, 17], 3, 3, 16, true, false],
    [8, 1, [1, 8], 1, 1, 0, false, false],
    [0, 1, null, 1, 0, 0, false, false],
  ])('%i rows, page %i', (count, page, span, current, total, offset, prev, next) => {
    const result = pageOf(many.slice(0, count), page);
    expect(result.rows.length === 0 ? null : [result.rows[0]?.id, result.rows.at(-1)?.id]).toEqual(span);
    expect([result.page, result.totalPages, result.offset, result.canPrevious, result.canNext]).toEqual([current, total, offset, prev, next]);
  });
});
