import { describe, expect, it } from 'vitest';
import {
  canDeleteProduct, normalizeProduct, productProblems, productState, valueChangeProblems, type ProductInput,
} from './programme-catalogue';

const product = (overrides: Partial<ProductInput> = {}): ProductInput => normalizeProduct({
  nombre: 'Tarjeta regalo',
  descripcion: 'Una tarjeta',
  condiciones: null,
  codigo_producto_chequemotiva: 'TARJ',
  codigo_plantilla_chequemotiva: null,
  tiene_stock: true,
  disponible: true,
  display_order: 1,
  valores: [{ valor_rings: 300, valor_chequemotiva: '15.00' }],
  ...overrides,
});

describe('normalizeProduct', () => {
  it('trims texts and turns empty ones into null', () => {
    const p = product({ nombre: '  Vale  ', descripcion: '   ', codigo_producto_chequemotiva: ' ', valores: [{ valor_rings: 5, valor_chequemotiva: '' }] });
    expect(p).toMatchObject({ nombre: 'Vale', descripcion: null, codigo_producto_chequemotiva: null, valores: [{ valor_chequemotiva: null }] });
  });
});

describe('productProblems', () => {
  it.each<[string, Partial<ProductInput>, RegExp | null]>([
    ['a gift card', {}, null],
    ['a hand-delivered prize (no provider codes, no face values)', { codigo_producto_chequemotiva: null, valores: [{ valor_rings: 100, valor_chequemotiva: null }] }, null],
    ['six values', { valores: Array.from({ length: 6 }, (_, i) => ({ valor_rings: 100 * (i + 1), valor_chequemotiva: '5' })) }, null],
    ['an 80-character name', { nombre: 'n'.repeat(80) }, null],
    ['a face value with cents', { valores: [{ valor_rings: 100, valor_chequemotiva: '8.50' }] }, null],
    ['no name', { nombre: '  ' }, /necesita un nombre/],
    ['an 81-character name', { nombre: 'n'.repeat(81) }, /como mucho 80/],
    ['no values', { valores: [] }, /entre 1 y 6/],
    ['seven values', { valores: Array.from({ length: 7 }, (_, i) => ({ valor_rings: i + 1, valor_chequemotiva: '5' })) }, /entre 1 y 6/],
    ['a free value', { valores: [{ valor_rings: 0, valor_chequemotiva: '5' }] }, /Valor 1: el precio/],
    ['a fractional price', { valores: [{ valor_rings: 1.5, valor_chequemotiva: '5' }] }, /Valor 1: el precio/],
    ['a price above a million', { valores: [{ valor_rings: 1_000_001, valor_chequemotiva: '5' }] }, /Valor 1: el precio/],
    ['a face value with a comma', { valores: [{ valor_rings: 100, valor_chequemotiva: '8,50' }] }, /importe como 25 o 8.50/],
    ['a card value without face value', { valores: [{ valor_rings: 100, valor_chequemotiva: null }] }, /necesita su valor/],
    ['a template without product code', { codigo_producto_chequemotiva: null, codigo_plantilla_chequemotiva: 'PL', valores: [{ valor_rings: 1, valor_chequemotiva: null }] }, /plantilla/],
    ['a very long description', { descripcion: 'd'.repeat(2001) }, /descripción/],
    ['very long conditions', { condiciones: 'c'.repeat(4001) }, /condiciones/],
    ['a very long provider code', { codigo_producto_chequemotiva: 'C'.repeat(65) }, /códigos del proveedor/],
    ['a negative display order', { display_order: -1 }, /orden/],
    ['a value twice', { valores: [{ id: 4, valor_rings: 1, valor_chequemotiva: '1' }, { id: 4, valor_rings: 2, valor_chequemotiva: '2' }] }, /dos veces/],
    ['two values at one price', { valores: [{ valor_rings: 10, valor_chequemotiva: '1' }, { valor_rings: 10, valor_chequemotiva: '2' }] }, /mismo precio/],
  ])('%s', (_name, overrides, problem) => {
    const problems = productProblems(product(overrides));
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems.join(' ')).toMatch(problem);
  });
});

describe('valueChangeProblems', () => {
  const existing = [{ id: 1, orders: 3 }, { id: 2, orders: 0 }];
  it.each<[string, { id?: number; valor_rings: number; valor_chequemotiva: null }[], RegExp | null]>([
    ['a new price for an ordered value', [{ id: 1, valor_rings: 999, valor_chequemotiva: null }, { id: 2, valor_rings: 5, valor_chequemotiva: null }], null],
    ['removing a value nobody ordered', [{ id: 1, valor_rings: 1, valor_chequemotiva: null }], null],
    ['adding a value', [{ id: 1, valor_rings: 1, valor_chequemotiva: null }, { id: 2, valor_rings: 2, valor_chequemotiva: null }, { valor_rings: 3, valor_chequemotiva: null }], null],
    ['removing an ordered value', [{ id: 2, valor_rings: 1, valor_chequemotiva: null }], /Un valor con pedidos no se puede quitar/],
    ['a value of another product', [{ id: 1, valor_rings: 1, valor_chequemotiva: null }, { id: 77, valor_rings: 2, valor_chequemotiva: null }], /El valor 77 no es de este premio/],
  ])('%s', (_name, input, problem) => {
    const problems = valueChangeProblems(existing, input);
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems.join(' ')).toMatch(problem);
  });
});

describe('productState and canDeleteProduct', () => {
  it.each([
    [{ disponible: 1, tiene_stock: 1 }, 'listed'], [{ disponible: 1, tiene_stock: 0 }, 'out-of-stock'],
    [{ disponible: 0, tiene_stock: 1 }, 'withdrawn'], [{ disponible: false, tiene_stock: false }, 'withdrawn'],
  ] as const)('%o → %s', (flags, state) => {
    expect(productState(flags)).toBe(state);
  });

  it('deletes only what nobody ordered', () => {
    expect(canDeleteProduct(0)).toBe(true);
    expect(canDeleteProduct(1)).toBe(false);
  });
});
