import { describe, expect, it } from 'vitest';
import { BAD_TIME_FACTOR, checkRow, checkSheet, describeErrors, headerKey, mapColumns, type Cell } from '#domain/user-import';

const HEADER = ['name', 'email', 'nick_name', 'role', 'perfil', 'division', 'marca_id', 'plataforma', 'sede', 'puntos_ring_ring', 'tiempo_adaptado'];
const { columns } = mapColumns(HEADER) as { ok: true; columns: Record<string, number> };
const row = (over: Partial<Record<string, Cell>> = {}): Cell[] => {
  const base: Record<string, Cell> = {
    name: 'Eva Ruiz', email: 'Eva@Cliente.es', nick_name: 'EvaR', role: 'agente', perfil: '', division: 'Ventas',
    marca_id: 2, plataforma: 'Plataforma Centro', sede: 'Toledo', puntos_ring_ring: 0, ...over,
  };
  return HEADER.map((h) => base[h]);
};

describe('headerKey and mapColumns', () => {
  it.each([['Nick Name', 'nick_name'], [' EMAIL ', 'email'], ['Marca-ID', 'marca_id'], ['Sédé', 'sede'], [null, '']])('%j → %j', (h, key) => {
    expect(headerKey(h)).toBe(key);
  });

  it('finds columns in any order and reports the required ones missing', () => {
    expect(mapColumns(['Email', 'Name', 'Marca_ID'])).toEqual({ ok: true, columns: { email: 0, name: 1, marca_id: 2 } });
    expect(mapColumns(['email', 'nick_name'])).toEqual({ ok: false, missing: ['name', 'marca_id'] });
  });
});

describe('checkRow', () => {
  it('normalises a valid row: lower-case e-mail, canonical perfil, numbers from text', () => {
    const checked = checkRow(row({ perfil: 'interno', puntos_ring_ring: '1.250', marca_id: '1' }), columns, 2);
    expect(checked).toEqual({
      ok: true,
      user: {
        row: 2, email: 'eva@cliente.es', name: 'Eva Ruiz', nickName: 'EvaR', role: 'agente', perfil: 'INTERNO', division: 'Ventas',
        brandId: 1, platform: 'Plataforma Centro', site: 'Toledo', puntosRingRing: 1250, timeFactor: null,
      },
    });
  });

  it('leaves empty optional cells as null (kept as stored on update)', () => {
    const checked = checkRow(row({ nick_name: '', role: null, perfil: null, division: ' ', plataforma: '', sede: '', puntos_ring_ring: '' }), columns, 3);
    expect(checked).toMatchObject({ ok: true, user: { nickName: null, role: null, perfil: null, division: null, platform: null, site: null, puntosRingRing: null } });
  });

  it.each([
    ['no email', { email: '' }, 'Falta el email'],
    ['bad email', { email: 'no-es-un-email' }, 'El email "no-es-un-email" no es válido'],
    ['no name', { name: ' ' }, 'Falta el nombre (name)'],
    ['no brand', { marca_id: null }, 'Falta marca_id'],
    ['brand text', { marca_id: 'dos' }, 'marca_id debe ser un número entero positivo'],
    ['brand 0', { marca_id: 0 }, 'marca_id debe ser un número entero positivo'],
    ['unknown perfil', { perfil: 'jefe' }, 'El perfil "jefe" no existe (vacío, admin, INTERNO, PLATAFORMA o LATAM)'],
    ['negative rings', { puntos_ring_ring: -5 }, 'puntos_ring_ring debe ser un número entero mayor o igual que 0'],
    ['fractional rings', { puntos_ring_ring: 2.5 }, 'puntos_ring_ring debe ser un número entero mayor o igual que 0'],
    ['long nick', { nick_name: 'x'.repeat(31) }, 'El Nick Name no puede tener más de 30 caracteres.'],
    ['time ×3', { tiempo_adaptado: 3 }, BAD_TIME_FACTOR],
    ['time as words', { tiempo_adaptado: 'doble' }, BAD_TIME_FACTOR],
    ['time 1.25', { tiempo_adaptado: '1,25' }, BAD_TIME_FACTOR],
  ])('%s is refused', (_name, over, error) => {
    expect(checkRow(row(over), columns, 4)).toEqual({ ok: false, error });
  });
});

describe('tiempo_adaptado (time accommodation)', () => {
  it.each<[Cell, number | null]>([[1.5, 1.5], [2, 2], [1, 1], ['1,5', 1.5], ['x2', 2], ['×1,5', 1.5], [' 2 ', 2], ['', null], [null, null]])('%j → %j', (cell, factor) => {
    expect(checkRow(row({ tiempo_adaptado: cell }), columns, 2)).toMatchObject({ ok: true, user: { timeFactor: factor } });
  });
});

describe('checkSheet', () => {
  it('skips blank rows, keeps the first of repeated e-mails and reports the others by row number', () => {
    const checked = checkSheet([HEADER, row(), [], row({ email: 'EVA@cliente.es', name: 'Otra' }), row({ email: 'leo@cliente.es', nick_name: 'Leo' })]);
    expect(checked).toMatchObject({ ok: true, errors: [] });
    if (!checked.ok) throw new Error('expected ok');
    expect(checked.users.map((u) => [u.row, u.email])).toEqual([[2, 'eva@cliente.es'], [5, 'leo@cliente.es']]);
    expect(checked.duplicates).toEqual([{ fila: 4, email: 'eva@cliente.es', error: 'Email repetido (ya aparece en la fila 2)' }]);
  });

  it('reports invalid rows and a nickname two e-mails share', () => {
    const checked = checkSheet([HEADER, row(), row({ email: 'x' }), row({ email: 'otro@cliente.es', nick_name: 'evar' })]);
    if (!checked.ok) throw new Error('expected ok');
    expect(checked.errors).toEqual([
      { fila: 3, email: 'x', error: 'El email "x" no es válido' },
      { fila: 4, email: 'otro@cliente.es', error: 'El Nick Name "evar" ya lo usa otra fila (eva@cliente.es)' },
    ]);
  });

  it.each([
    ['an empty sheet', [], 'El archivo está vacío'],
    ['a header only', [HEADER], 'El archivo no tiene filas de usuarios'],
    ['missing columns', [['email'], ['a@b.es']], 'Faltan columnas obligatorias: name, marca_id'],
  ])('refuses %s', (_name, rows, error) => {
    expect(checkSheet(rows as Cell[][])).toEqual({ ok: false, error });
  });

  it('describes at most ten invalid rows', () => {
    const errors = Array.from({ length: 12 }, (_, i) => ({ fila: i + 2, error: 'Falta el email' }));
    const text = describeErrors(errors);
    expect(text).toMatch(/^Ningún usuario importado\. Filas no válidas: fila 2: Falta el email;/);
    expect(text).toContain('(y 2 filas más)');
    expect(text).not.toContain('fila 12:');
  });
});
