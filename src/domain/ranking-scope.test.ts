import { describe, expect, it } from 'vitest';
import { choosesRankingScope, rankingReach, reachesBrand, reachesSite, takesPartInRankings, type RankingViewer } from './ranking-scope';

const viewer = (perfil: string, over: Partial<RankingViewer> = {}): RankingViewer => ({ perfil, brandId: 2, platformId: 1, siteId: 10, ...over });
// Site 10: platform 1, agents of both brands; 11: platform 1, brand 1 only; 20: platform 2, brand 2.
const SITES = [
  { id: 10, platformId: 1, brandIds: [1, 2] },
  { id: 11, platformId: 1, brandIds: [1] },
  { id: 20, platformId: 2, brandIds: [2] },
];
const readableSites = (v: RankingViewer) => SITES.filter((s) => reachesSite(rankingReach(v), s)).map((s) => s.id);

describe('ranking reach (ranking-scope.ts)', () => {
  it.each([
    ['agent: its own site and brand', viewer(''), [10], [2], false],
    ['agent without a site: no site', viewer('', { siteId: null }), [], [2], false],
    ['INTERNO: sites with agents of its brand, its brand', viewer('INTERNO', { siteId: null, platformId: null }), [10, 20], [2], true],
    ['PLATAFORMA: its platform\'s sites with its brand, its brand', viewer('plataforma', { siteId: null }), [10], [2], true],
    ['PLATAFORMA without a platform: nothing', viewer('PLATAFORMA', { platformId: null }), [], [], false],
    ['admin: every site and brand', viewer('admin', { siteId: null, platformId: null }), [10, 11, 20], [1, 2], true],
    ['LATAM: nothing', viewer('LATAM'), [], [], false],
  ])('%s', (_, v, sites, brands, chooses) => {
    expect(readableSites(v)).toEqual(sites);
    expect([1, 2].filter((b) => reachesBrand(rankingReach(v), b))).toEqual(brands);
    expect(choosesRankingScope(rankingReach(v))).toBe(chooses);
  });
});

describe('who takes part in a ranking', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['admin', false],
    ['INTERNO', false],
    ['plataforma', false],
    ['LATAM', false],
    ['desconocido', false],
    [null, false],
    [undefined, false],
  ])('perfil %j takes part: %s', (perfil, takesPart) => {
    expect(takesPartInRankings(perfil)).toBe(takesPart);
  });
});
