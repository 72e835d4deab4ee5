import { describe, expect, it } from 'vitest';
import { canDownloadRankings, usesRankingDownloadFilter } from './access';

describe('ranking downloads access (access.ts)', () => {
  it.each([
    ['INTERNO', true, false],
    ['interno', true, false],
    ['PLATAFORMA', true, true],
    ['Plataforma', true, true],
    ['admin', true, false],
    ['', false, false],
    ['LATAM', false, false],
    [null, false, false],
    ['desconocido', false, false],
  ])('perfil %s: may download %s, chooses sede/marca %s', (perfil, may, filter) => {
    expect(canDownloadRankings(perfil)).toBe(may);
    expect(usesRankingDownloadFilter(perfil)).toBe(filter);
  });
});
