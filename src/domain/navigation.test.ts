import { describe, expect, it } from 'vitest';
import {
  activeMenuHref,
  balanceUnit,
  canSeeCoaching,
  guardRedirect,
  headerBalance,
  loginLanding,
  menuItems,
  navigationBanner,
  needsNickname,
  showsNewContentPrompt,
  signedInLoginRedirect,
  type GuardResult,
  type MenuUser,
} from './navigation';
import { canDownloadRankings, canImportUsers, canSeeOrderSummary, hasSimulatedNavigation, normalizeProfile, type AccessUser } from './profiles';
import { agent2, agent1, interno, plataforma, latam, admin, noProfile, nullProfile } from '#test-support/access-users';


describe('guardRedirect', () => {
  const cases: Array<[string, AccessUser | null, GuardResult]> = [
    ['/home', null, '/login'],
    ['/premios', null, '/login'],
    ['/', null, '/login'],
    ['/login', null, null],
    ['/login/Token%20caducado', null, null],
    ['/sso/abc', null, null],
    ['/logout', null, null],
    ['/home', noProfile, 'logout'],
    ['/home', nullProfile, 'logout'],
    ['/home', agent2, null],
    ['/', agent2, '/home'],
    ['/premios', agent2, null],
    ['/home', latam, '/listado-usuarios'],
    ['/', latam, '/listado-usuarios'],
    ['/premios', latam, '/listado-usuarios'],
    ['/listado-usuarios', latam, null],
    ['/listado-usuarios/', latam, null],
    ['/logout', latam, null],
    ['/', interno, '/navegacion-simulada'],
    ['/premios', interno, '/navegacion-simulada'],
    ['/Premios/', plataforma, '/navegacion-simulada'],
    ['/home', interno, null],
    ['/ranking/accesible', plataforma, null],
    ['/', admin, '/home'],
    ['/premios', admin, null],
    // An earner's records: staff never earn, so theirs are empty; agents keep theirs.
    ['/mis-ingresos', agent2, null],
    ['/mis-ordenes', agent2, null],
    ['/mis-ingresos', admin, '/navegacion-simulada'],
    ['/mis-ordenes/', admin, '/navegacion-simulada'],
    ['/mis-ingresos', interno, '/navegacion-simulada'],
    ['/Mis-Ingresos', plataforma, '/navegacion-simulada'],
    ['/mis-ingresos', latam, '/listado-usuarios'],
    ['/HOME', agent1, null],
  ];
  it.each(cases)('%s as %o → %s', (path, user, expected) => {
    expect(guardRedirect(path, user)).toBe(expected);
  });
});

describe('canSeeCoaching', () => {
  it.each([
    ['INTERNO', interno, true],
    ['PLATAFORMA', plataforma, true],
    ['admin', admin, true],
    ['an agent', agent2, false],
    ['a brand 1 agent', agent1, false],
    ['LATAM', latam, false],
    ['a malformed session', noProfile, false],
  ] as Array<[string, AccessUser, boolean]>)('%s → %s', (_name, user, expected) => {
    expect(canSeeCoaching(user.perfil)).toBe(expected);
  });

  it('the guard leaves its audience on /seguimiento (the screen refuses everyone else)', () => {
    for (const user of [interno, plataforma, admin]) expect(guardRedirect('/seguimiento', user)).toBeNull();
    expect(guardRedirect('/seguimiento', latam)).toBe('/listado-usuarios');
  });
});

describe('needsNickname', () => {
  it.each([
    [null, true],
    ['', true],
    ['   ', true],
    ['anita', false],
  ])('nick_name %o → %s', (nick, expected) => {
    expect(needsNickname({ nick_name: nick })).toBe(expected);
  });
});

describe('showsNewContentPrompt', () => {
  it.each([
    ['an agent', { perfil: '', nick_name: 'Ana' }, false, true],
    ['an agent without nickname yet', { perfil: '', nick_name: '' }, false, false],
    ['a supervisor browsing as an agent', { perfil: '', nick_name: 'Ana' }, true, false],
    ['admin', { perfil: 'admin', nick_name: 'Admin' }, false, false],
    ['INTERNO', { perfil: 'INTERNO', nick_name: 'Interno' }, false, false],
    ['PLATAFORMA', { perfil: 'plataforma', nick_name: 'Plataforma' }, false, false],
  ] as Array<[string, { perfil: string; nick_name: string }, boolean, boolean]>)('%s → %s', (_name, user, impersonating, expected) => {
    expect(showsNewContentPrompt(user, impersonating)).toBe(expected);
  });
});

describe('landings', () => {
  it.each([
    [agent2, '/home', '/home'],
    [admin, '/navegacion-simulada', '/home'],
    [{ perfil: 'ADMIN', marca_id: 1 }, '/navegacion-simulada', '/home'],
    [interno, '/home', '/navegacion-simulada'],
    [plataforma, '/home', '/navegacion-simulada'],
    [latam, '/listado-usuarios', '/home'],
  ] as Array<[AccessUser, string, string]>)('%o: after login %s, on /login %s', (user, afterLogin, onLogin) => {
    expect(loginLanding(user)).toBe(afterLogin);
    expect(signedInLoginRedirect(user)).toBe(onLogin);
  });
});

describe('menuItems', () => {
  const labels = (user: MenuUser, domain?: string) => menuItems(user, domain).map((i) => i.label);
  const base = ['Inicio', 'Atributos', 'Ranking', 'Reglas servicio +impecable', 'Álbum de fotos'];
  const staff = (email: string, user: AccessUser): MenuUser => ({ ...user, email });
  it.each([
    ['brand 2 agent', agent2, [...base, 'Mis ingresos', 'Catálogo Premios', 'Mis Premios', 'Salir']],
    ['brand 1 agent', agent1, [...base, 'Tus IMPs', 'Salir']],
    ['brand 2 agent of the corporate domain', staff('ana@impecable.demo', agent2), [...base, 'Mis ingresos', 'Catálogo Premios', 'Mis Premios', 'Salir']],
    ['INTERNO brand 2 (never earns: no Mis ingresos)', staff('interno@impecable.demo', interno), [...base, 'Navegación simulada', 'Seguimiento', 'Descarga Ranking', 'Importar usuarios', 'Salir']],
    ['PLATAFORMA brand 1', staff('p@impecable.demo', { perfil: 'PLATAFORMA', marca_id: 1 }), [...base, 'Navegación simulada', 'Seguimiento', 'Descarga Ranking', 'Importar usuarios', 'Salir']],
    ['admin brand 2 (never earns: no Mis ingresos)', staff('admin@impecable.demo', admin), [...base, 'Navegación simulada', 'Seguimiento', 'Resumen de pedidos', 'Descarga Ranking', 'Importar usuarios', 'Programa', 'Salir']],
    ['admin outside the corporate domain', staff('admin@elsewhere.example', admin), [...base, 'Navegación simulada', 'Seguimiento', 'Resumen de pedidos', 'Descarga Ranking', 'Programa', 'Salir']],
    ['LATAM', staff('latam@impecable.demo', latam), ['Salir']],
  ] as Array<[string, MenuUser, string[]]>)('%s', (_name, user, expected) => {
    expect(labels(user, 'impecable.demo')).toEqual(expected);
  });

  it('leaves the user import out until the corporate domain is known', () => {
    expect(labels({ ...admin, email: 'admin@impecable.demo' })).not.toContain('Importar usuarios');
  });

  it('lists a screen exactly when its own access rule lets the user in', () => {
    for (const user of [agent1, agent2, interno, admin, latam, { perfil: 'PLATAFORMA', marca_id: 2 }] as AccessUser[]) {
      const hrefs = menuItems({ ...user, email: 'x@impecable.demo' }, 'impecable.demo').map((i) => i.href);
      const latamOnly = normalizeProfile(user.perfil) === 'LATAM';
      expect(hrefs.includes('/navegacion-simulada')).toBe(hasSimulatedNavigation(user.perfil));
      expect(hrefs.includes('/listado-usuarios')).toBe(canSeeOrderSummary(user.perfil) && !latamOnly);
      expect(hrefs.includes('/descargar/ranking')).toBe(canDownloadRankings(user.perfil));
      expect(hrefs.includes('/seguimiento')).toBe(canSeeCoaching(user.perfil));
      expect(hrefs.includes('/importar-usuarios')).toBe(canImportUsers({ ...user, email: 'x@impecable.demo' }, 'impecable.demo'));
    }
  });

  it('links each item to its route', () => {
    const hrefs = Object.fromEntries(menuItems(agent2).map((i) => [i.label, i.href]));
    expect(hrefs).toEqual({
      Inicio: '/home',
      Atributos: '/atributos',
      Ranking: '/ranking/accesible',
      'Reglas servicio +impecable': '/reglas-impecables',
      'Álbum de fotos': '/album-imagenes',
      'Mis ingresos': '/mis-ingresos',
      'Catálogo Premios': '/premios',
      'Mis Premios': '/mis-ordenes',
      Salir: '/logout',
    });
  });
});

describe('activeMenuHref', () => {
  const items = menuItems(agent2);
  it.each([
    ['/home', '/home'],
    ['/ranking/devalor', '/ranking/accesible'],
    ['/dashboard/accesible', '/atributos'],
    ['/cuestionario/accesible/quizz/1', '/atributos'],
    ['/premios/', '/premios'],
    ['/navegacion-simulada', null],
    ['/homely', null],
  ])('%s → %s', (path, expected) => {
    expect(activeMenuHref(items, path)).toBe(expected);
  });
});

describe('navigationBanner', () => {
  it.each([
    // perfil, impersonating, path → banner
    ['', true, '/home', { nickName: 'Nick', restores: true }],
    ['INTERNO', false, '/home', { nickName: 'Nick', restores: false }],
    ['PLATAFORMA', false, '/ranking/accesible', { nickName: 'Nick', restores: false }],
    ['INTERNO', false, '/navegacion-simulada', null],
    ['INTERNO', false, '/Navegacion-Simulada/', null],
    ['admin', false, '/home', null],
    ['', false, '/home', null],
  ])('navigationBanner(%j, impersonating %s, %j)', (perfil, impersonating, path, banner) => {
    expect(navigationBanner({ perfil, nick_name: 'Nick', name: 'Nombre' }, impersonating, path)).toEqual(banner);
  });

  it('names the user when there is no nickname', () => {
    expect(navigationBanner({ perfil: '', nick_name: null, name: 'Nombre' }, true, '/home')).toEqual({ nickName: 'Nombre', restores: true });
  });
});

describe('headerBalance', () => {
  it.each([
    [1, 120, 880, 1000, 'IMPs+Rings'],
    [2, 120, 880, 120, 'IMPs'],
    [3, 0, 50, 0, 'IMPs'],
  ])('brand %i: imps %i rings %i → %i %s', (marca_id, imps, rings, expected, unit) => {
    expect(headerBalance({ marca_id }, { imps, puntos_ring_ring: rings })).toBe(expected);
    expect(balanceUnit({ marca_id })).toBe(unit);
  });
});
