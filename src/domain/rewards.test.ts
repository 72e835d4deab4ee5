import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/rewards';
import { canRedeemProduct, catalogueOpensOnPrizes, formatFaceValue, hasRewardsAccess, isOptionAffordable, isProductRedeemable, movementSign, needsValueSelector, operacionOf } from './rewards';

const option = (id: number, valor_rings: number) => ({ id, valor_rings, valor_chequemotiva: null });
const product = (valores: Product['valores'], flags: Partial<Pick<Product, 'disponible' | 'tiene_stock'>> = {}) => ({
  valores, disponible: 1, tiene_stock: 1, ...flags,
});

describe('rewards rules', () => {
  it.each([[2, true], [1, false], [3, false]])('brand %i has rewards: %s', (brand, expected) => {
    expect(hasRewardsAccess(brand)).toBe(expected);
  });

  it.each([
    [{ disponible: 1, tiene_stock: 1 }, true],
    [{ disponible: 0, tiene_stock: 1 }, false],
    [{ disponible: 1, tiene_stock: 0 }, false],
  ])('redeemable %j: %s', (flags, expected) => {
    expect(isProductRedeemable(flags)).toBe(expected);
  });

  it.each<[string, Product['valores'], number, Partial<Pick<Product, 'disponible' | 'tiene_stock'>>, boolean]>([
    ['balance covers the first option', [option(1, 100), option(2, 500)], 100, {}, true],
    ['balance below the first option', [option(1, 100), option(2, 50)], 99, {}, false],
    ['no options', [], 1000, {}, false],
    ['out of stock', [option(1, 100)], 1000, { tiene_stock: 0 }, false],
  ])('canRedeemProduct: %s', (_name, valores, balance, flags, expected) => {
    expect(canRedeemProduct(product(valores, flags), balance)).toBe(expected);
  });

  it('options above the balance are not affordable; the selector needs two or more', () => {
    expect(isOptionAffordable(option(1, 200), 199)).toBe(false);
    expect(isOptionAffordable(option(1, 200), 200)).toBe(true);
    expect(needsValueSelector(product([option(1, 1)]))).toBe(false);
    expect(needsValueSelector(product([option(1, 1), option(2, 2)]))).toBe(true);
  });

  it.each([['sumar', '+'], ['restar', '-'], ['otra', '-']])('movement %s has sign %s', (operacion, sign) => {
    expect(movementSign(operacion)).toBe(sign);
  });

  it.each([[5, 'sumar'], [-5, 'restar']])('amount %i is %s', (amount, operacion) => {
    expect(operacionOf(amount)).toBe(operacion);
  });

  it.each([['5.00', '5\u00a0€'], ['8.50', '8,50\u00a0€'], ['100', '100\u00a0€'], [null, null], ['', null], ['n/a', null]])('face value %s reads %s', (value, expected) => {
    expect(formatFaceValue(value)).toBe(expected);
  });

  it('writes a face value as Intl writes es-ES euros: whole ones without decimals, else two', () => {
    const whole = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    const values = ['0', '1', '9999', '10000', '1234567', '0.5', '8.5', '8.50', '12345.67', '1.005', '2.675', '-5', '-5.5', '99.999'];
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 1000; i++) values.push(String(Math.round(random() * 10 ** Math.floor(random() * 7)) / (random() < 0.5 ? 1 : 100)));
    for (const value of values) {
      const face = Number(value);
      expect(formatFaceValue(value), value).toBe((Number.isInteger(face) ? whole : cents).format(face));
    }
  });

  it('opens /premios on its grid for an agent of the brand with the catalogue, as themselves and online', () => {
    const agent = { perfil: '', marca_id: 2 };
    expect(catalogueOpensOnPrizes(agent, false, true)).toBe(true);
    // A brand without the catalogue, staff, impersonation and offline put something else first.
    expect(catalogueOpensOnPrizes({ ...agent, marca_id: 1 }, false, true)).toBe(false);
    expect(catalogueOpensOnPrizes({ ...agent, perfil: 'INTERNO' }, false, true)).toBe(false);
    expect(catalogueOpensOnPrizes(agent, true, true)).toBe(false);
    expect(catalogueOpensOnPrizes(agent, false, false)).toBe(false);
  });
});
