// The Catálogo and Premios pack sections: what a seeded programme exports comes back identical in
// an empty one, media URLs are listed, problems are named by item, and a programme that already
// has a catalogue or prize tiers refuses the section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { prizesPackSection } from '../prizes/pack.ts';
import { cataloguePackSection, type PackProduct } from './pack.ts';

let seeded: TestContext;
let empty: TestContext;

beforeAll(async () => {
  seeded = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  empty = await createTestApp({ seed: false });
});
afterAll(async () => {
  await Promise.all([seeded.close(), empty.close()]);
});

const jsonRoundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('pack sections round trip', () => {
  it('catalogue and prize tiers come back identical in an empty programme', async () => {
    const catalogue = await cataloguePackSection.read(seeded.db);
    const prizes = await prizesPackSection.read(seeded.db);
    expect(catalogue.length).toBeGreaterThan(3);
    expect(prizes).toEqual([{ applies_from: expect.stringMatching(/^\d{4}-\d{2}$/), tier1: 300, tier2: 200, tier3: 100, brand: 100 }]);

    const parsedCatalogue = cataloguePackSection.parse(jsonRoundTrip(catalogue));
    const parsedPrizes = prizesPackSection.parse(jsonRoundTrip(prizes));
    if (!('data' in parsedCatalogue) || !('data' in parsedPrizes)) throw new Error('the export does not parse');
    const problems = await empty.db.transaction().execute(async (trx) => [
      ...(await cataloguePackSection.write(trx, parsedCatalogue.data)),
      ...(await prizesPackSection.write(trx, parsedPrizes.data)),
    ]);
    expect(problems).toEqual([]);
    expect(await cataloguePackSection.read(empty.db)).toEqual(catalogue);
    expect(await prizesPackSection.read(empty.db)).toEqual(prizes);

    // Now it has both: a second load is refused, by item.
    await empty.db.transaction().execute(async (trx) => {
      expect(await cataloguePackSection.write(trx, parsedCatalogue.data)).toEqual([{ item: 'catálogo', message: expect.stringMatching(/ya tiene premios/) }]);
      expect(await prizesPackSection.write(trx, parsedPrizes.data)).toEqual([{ item: 'premios', message: expect.stringMatching(/ya tiene premios/) }]);
    });
  });

  it('lists the media-store images only (built-in art ships with the app)', () => {
    const base: PackProduct = {
      imagen: '', nombre: 'x', descripcion: null, condiciones: null, codigo_producto_chequemotiva: null, codigo_plantilla_chequemotiva: null,
      tiene_stock: true, disponible: true, display_order: 0, valores: [{ valor_rings: 1, valor_chequemotiva: null }],
    };
    const stored = `/media/u/${'a'.repeat(64)}.png`;
    expect(cataloguePackSection.media([{ ...base, imagen: stored }, { ...base, imagen: '/art/premios/x.svg' }, base])).toEqual([stored]);
    expect(prizesPackSection.media([])).toEqual([]);
  });

  it('names each problem by item', () => {
    const bad = cataloguePackSection.parse([
      { imagen: 'https://elsewhere.example/x.png', nombre: 'Vale', descripcion: null, condiciones: null, codigo_producto_chequemotiva: null, codigo_plantilla_chequemotiva: null, tiene_stock: true, disponible: true, display_order: 0, valores: [] },
    ]);
    expect(bad).toEqual({ problems: [
      { item: 'catálogo › Vale', message: expect.stringMatching(/ruta del programa/) },
      { item: 'catálogo › Vale', message: expect.stringMatching(/entre 1 y 6 valores/) },
    ] });
    expect(cataloguePackSection.parse({ no: 'array' })).toEqual({ problems: [expect.objectContaining({ item: 'catálogo' })] });
    expect(prizesPackSection.parse([
      { applies_from: '2025-13', tier1: 1, tier2: 1, tier3: 1, brand: 1 },
      { applies_from: '2025-05', tier1: 1, tier2: 2, tier3: 1, brand: 1 },
      { applies_from: '2025-05', tier1: 3, tier2: 2, tier3: 1, brand: 1 },
    ])).toEqual({ problems: [
      { item: 'premios › fila 1', message: 'El mes debe escribirse como AAAA-MM' },
      { item: 'premios › 2025-05', message: expect.stringMatching(/no puede ser menor/) },
      { item: 'premios › 2025-05', message: 'Hay dos filas para el mismo mes' },
    ] });
    const shape = prizesPackSection.parse([{ applies_from: '2025-01', tier1: 'x' }]);
    expect('problems' in shape && shape.problems.every((p) => p.item.startsWith('premios › 0 › '))).toBe(true);
  });
});
