import { describe, expect, it } from 'vitest';
import { impersonationScope, profileReach, scopeReaches } from './impersonation';

describe('profileReach', () => {
  it.each([
    ['admin', 'all'],
    ['ADMIN', 'all'],
    ['interno', 'brands'],
    ['PLATAFORMA', 'platforms'],
    ['Plataforma', 'platforms'],
    ['LATAM', 'none'],
    ['', 'none'],
    ['jefe', 'none'],
    [undefined, 'none'],
  ])('%j → %s', (perfil, kind) => {
    expect(profileReach(perfil)).toBe(kind);
  });
});

describe('impersonationScope', () => {
  it.each([
    // perfil, brand, platform → scope
    ['admin', 2, null, { kind: 'all' }],
    ['interno', 2, null, { kind: 'brands', brandIds: [2] }],
    ['PLATAFORMA', 2, 7, { kind: 'platforms', brandId: 2, platformIds: [7] }],
    ['plataforma', 1, 7, { kind: 'platforms', brandId: 1, platformIds: [7] }],
    ['PLATAFORMA', 2, null, { kind: 'none' }],
    ['LATAM', 2, null, { kind: 'none' }],
    ['', 2, 7, { kind: 'none' }],
  ])('impersonationScope(%j, brand %i, platform %j)', (perfil, brandId, platformId, scope) => {
    expect(impersonationScope({ perfil, brandId, platformId })).toEqual(scope);
  });
});

describe('scopeReaches', () => {
  it.each([
    // supervisor, target, reaches
    [{ perfil: 'admin', brandId: 2, platformId: null }, { perfil: '', brandId: 1, platformId: 3 }, true],
    [{ perfil: 'admin', brandId: 2, platformId: null }, { perfil: 'INTERNO', brandId: 2, platformId: null }, false],
    [{ perfil: 'INTERNO', brandId: 2, platformId: null }, { perfil: '', brandId: 2, platformId: 3 }, true],
    [{ perfil: 'INTERNO', brandId: 2, platformId: null }, { perfil: '', brandId: 1, platformId: 3 }, false],
    [{ perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, { perfil: '', brandId: 2, platformId: 3 }, true],
    // A platform serves both brands: PLATAFORMA reaches only its own brand's agents there.
    [{ perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, { perfil: '', brandId: 1, platformId: 3 }, false],
    [{ perfil: 'PLATAFORMA', brandId: 1, platformId: 3 }, { perfil: '', brandId: 1, platformId: 3 }, true],
    [{ perfil: 'PLATAFORMA', brandId: 1, platformId: 3 }, { perfil: '', brandId: 2, platformId: 3 }, false],
    [{ perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, { perfil: '', brandId: 2, platformId: 4 }, false],
    [{ perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, { perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, false],
    [{ perfil: 'PLATAFORMA', brandId: 2, platformId: 3 }, { perfil: '', brandId: 2, platformId: null }, false],
    [{ perfil: 'LATAM', brandId: 2, platformId: null }, { perfil: '', brandId: 2, platformId: 3 }, false],
    [{ perfil: '', brandId: 2, platformId: 3 }, { perfil: '', brandId: 2, platformId: 3 }, false],
  ])('%j → %j is %s', (supervisor, target, reaches) => {
    expect(scopeReaches(impersonationScope(supervisor), target)).toBe(reaches);
  });
});
