import { describe, expect, it } from 'vitest';
import type { CoachingOptions } from '#contract/coaching';
import { choose, scopeChoices, validFilter } from './scope';

const options: CoachingOptions = {
  marcas: [{ id: 1, nombre: 'Marca 1' }, { id: 2, nombre: 'Marca 2' }],
  plataformas: [
    { id: 10, nombre: 'Plataforma Norte', marca_ids: [1, 2] },
    { id: 20, nombre: 'Plataforma Sur', marca_ids: [2] },
  ],
  sedes: [
    { id: 100, nombre: 'Bilbao', plataforma_id: 10 },
    { id: 200, nombre: 'Sevilla', plataforma_id: 20 },
    { id: 201, nombre: 'Cádiz', plataforma_id: 20 },
  ],
  atributos: [],
  actual: null,
};

const names = (choices: ReturnType<typeof scopeChoices>) => choices.map((c) => [c.level, c.items.map((i) => i.nombre)]);

describe('scopeChoices', () => {
  it('offers admin brand, platform and site, each narrowed by the choice above it', () => {
    expect(names(scopeChoices(options, 'all', {}))).toEqual([
      ['marca', ['Marca 1', 'Marca 2']],
      ['plataforma', ['Plataforma Norte', 'Plataforma Sur']],
      ['sede', ['Bilbao', 'Sevilla', 'Cádiz']],
    ]);
    expect(names(scopeChoices(options, 'all', { marca: 1 }))).toEqual([
      ['marca', ['Marca 1', 'Marca 2']],
      ['plataforma', ['Plataforma Norte']],
      ['sede', ['Bilbao']],
    ]);
    expect(names(scopeChoices(options, 'all', { marca: 2, plataforma: 20 }))[2]).toEqual(['sede', ['Sevilla', 'Cádiz']]);
  });

  it('offers INTERNO platform and site, PLATAFORMA only the site, anyone else nothing', () => {
    expect(scopeChoices(options, 'brands', {}).map((c) => c.level)).toEqual(['plataforma', 'sede']);
    expect(scopeChoices(options, 'platforms', {}).map((c) => c.level)).toEqual(['sede']);
    expect(scopeChoices(options, 'none', {})).toEqual([]);
  });
});

describe('validFilter', () => {
  it('keeps what the answer holds', () => {
    expect(validFilter(options, 'all', { marca: 2, plataforma: 20, sede: 201 })).toEqual({ marca: 2, plataforma: 20, sede: 201 });
  });

  it('drops a choice outside the answer, or outside the choice above it, or above the caller\'s levels', () => {
    expect(validFilter(options, 'all', { marca: 9, sede: 100 })).toEqual({ marca: undefined, plataforma: undefined, sede: 100 });
    expect(validFilter(options, 'all', { marca: 1, plataforma: 20, sede: 200 })).toEqual({ marca: 1, plataforma: undefined, sede: undefined });
    expect(validFilter(options, 'platforms', { marca: 1, plataforma: 10, sede: 200 })).toEqual({ marca: undefined, plataforma: undefined, sede: 200 });
  });
});

describe('choose', () => {
  it('clears the levels under a new choice', () => {
    expect(choose({ marca: 2, plataforma: 20, sede: 200 }, 'marca', 1)).toEqual({ marca: 1 });
    expect(choose({ marca: 2, plataforma: 20, sede: 200 }, 'plataforma', undefined)).toEqual({ marca: 2, plataforma: undefined });
    expect(choose({ marca: 2, plataforma: 20 }, 'sede', 201)).toEqual({ marca: 2, plataforma: 20, sede: 201 });
  });
});
