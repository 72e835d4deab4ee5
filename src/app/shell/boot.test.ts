import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#contract/session';
import { dashboardArt, findRoute, hintedArt, landing, routeTitle, servedPrize } from './boot.ts';

const user = (perfil: unknown): SessionUser =>
  ({ id: 1, name: 'Ana', email: 'ana@impecable.demo', nick_name: 'Ana', role: 'agente', perfil, division: null, marca_id: 2, puntos_ring_ring: 0 }) as SessionUser;
const agent = user('');

describe('landing: where the router ends up, so the first paint draws that frame', () => {
  it('sends a visitor without a session to the sign-in screen, and leaves public pages alone', () => {
    expect(landing('/home', null)).toBe('/login');
    expect(landing('/premios', null)).toBe('/login');
    expect(landing('/login/Sesión caducada', null)).toBe('/login/sesión caducada');
    expect(landing('/sso/abc', null)).toBe('/sso/abc');
  });

  it('sends a signed-in user on from /login, by profile, and unknown paths home through /login', () => {
    expect(landing('/login', agent)).toBe('/home');
    expect(landing('/login', user('INTERNO'))).toBe('/navegacion-simulada');
    expect(landing('/no-existe', agent)).toBe('/home');
    expect(landing('/', agent)).toBe('/home');
  });

  it('applies the guard: LATAM only has its order summary, staff have no earner records, a malformed session signs out', () => {
    expect(landing('/home', user('LATAM'))).toBe('/listado-usuarios');
    expect(landing('/mis-ingresos', user('PLATAFORMA'))).toBe('/navegacion-simulada');
    expect(landing('/home', user(undefined))).toBe('/logout');
  });
});

describe('the frame of a path', () => {
  it('is the route table’s, matched in any case and with trailing slashes', () => {
    expect(findRoute('/Dashboard/Accesible/')?.route.frame).toBe('dashboard');
    expect(findRoute('/home')?.route.frame).toBe('home');
    expect(findRoute('/login')?.route.frame).toBe('login');
    expect(findRoute('/dashboard/')).toBeNull();
  });

  it('titles a ranking as its screen does: the attribute, or the global ranking', () => {
    const ranking = findRoute('/ranking/accesible')!;
    expect(routeTitle(ranking.route, ranking.params, '')).toBe('Ranking · Accesible');
    expect(routeTitle(ranking.route, ranking.params, '?vista=global')).toBe('Ranking');
    const unknown = findRoute('/ranking/nada')!;
    expect(routeTitle(unknown.route, unknown.params, '')).toBe('');
    const rules = findRoute('/reglas-impecables')!;
    expect(routeTitle(rules.route, rules.params, '')).toBe('Reglas servicio +impecable');
  });

  it('paints a dashboard’s banner for a known attribute only', () => {
    expect(dashboardArt({ atributo: 'accesible' })).toEqual({ wide: '/art/hero-accesible.svg', compact: '/art/hero-accesible-compact.svg' });
    expect(dashboardArt({ atributo: 'nada' })).toBeNull();
  });

  it('paints a hinted banner only from the app’s own art folder', () => {
    const hint = (wide: string, compact: string) => ({ userId: 1, nick: 'Ana', amount: '', unit: '', art: { wide, compact } });
    expect(hintedArt(hint('/art/banner-accesible.svg', '/art/banner-accesible-compact.svg'))).not.toBeNull();
    expect(hintedArt(hint('https://example.com/x.svg', '/art/banner-accesible-compact.svg'))).toBeNull();
    expect(hintedArt(hint('/art/../api/x.svg', '/art/banner-accesible-compact.svg'))).toBeNull();
  });

  it('paints the prize the page names only from the media store', () => {
    const page = (content: string | null) => ({ querySelector: () => (content === null ? null : { getAttribute: () => content }) }) as unknown as Document;
    const image = `/media/u/${'a'.repeat(64)}.webp`;
    expect(servedPrize(page(image))).toBe(image);
    for (const other of [null, '', '/art/banner-accesible.svg', 'https://example.com/x.png', `/media/u/${'a'.repeat(64)}.webp?x=1`, `/media/u/../${'a'.repeat(61)}.svg`]) expect(servedPrize(page(other)), String(other)).toBeNull();
  });
});
