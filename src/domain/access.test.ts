import { describe, expect, it } from 'vitest';
import {
  activeMenuHref,
  balanceUnit,
  canDownloadRankings,
  canImportUsers,
  canjearAction,
  canSeeOrderSummary,
  guardRedirect,
  hasSimulatedNavigation,
  headerBalance,
  impersonationScope,
  idleSignOutApplies,
  isAdminProfile,
  isAgentProfile,
  isInternoOrPlataforma,
  isSupervisorProfile,
  loginLanding,
  menuItems,
  navigationBanner,
  needsNickname,
  normalizeProfile,
  scopeReaches,
  showsBalance,
  showsNewContentPrompt,
  signedInLoginRedirect,
  usesPlatformStep,
  type AccessUser,
  type GuardResult,
  type MenuUser,
} from '#domain/access';

describe('profiles', () => {
  it.each([
    // perfil, normalized, admin, supervisor, agent, interno-or-plataforma
    ['', '', false, false, true, false],
    ['  ', '', false, false, true, false],
    ['admin', 'admin', true, true, false, false],
    ['ADMIN', 'admin', true, true, false, false],
    ['INTERNO', 'INTERNO', true, true, false, true],
    ['interno', 'INTERNO', true, true, false, true],
    ['Plataforma', 'PLATAFORMA', true, true, false, true],
    ['LATAM', 'LATAM', false, false, false, false],
    ['latam', 'LATAM', false, false, false, false],
    ['jefe', null, false, false, false, false],
    [null, null, false, false, false, false],
    [undefined, null, false, false, false, false],
  ] as const)('%j', (perfil, normalized, admin, supervisor, agent, internoOrPlataforma) => {
    expect(normalizeProfile(perfil)).toBe(normalized);
    expect(isAdminProfile(perfil)).toBe(admin);
    expect(isSupervisorProfile(perfil)).toBe(supervisor);
    expect(isAgentProfile(perfil)).toBe(agent);
    expect(isInternoOrPlataforma(perfil)).toBe(internoOrPlataforma);
  });
});

const agent2: AccessUser = { perfil: '', marca_id: 2 };
const agent1: AccessUser = { perfil: '', marca_id: 1 };
const agent3: AccessUser = { perfil: '', marca_id: 3 };
const interno: AccessUser = { perfil: 'INTERNO', marca_id: 2 };
const plataforma: AccessUser = { perfil: 'plataforma', marca_id: 2 };
const latam: AccessUser = { perfil: 'Latam', marca_id: 2 };
const admin: AccessUser = { perfil: 'admin', marca_id: 2 };
const noProfile = { marca_id: 2 } as AccessUser;
const nullProfile = { perfil: null, marca_id: 2 } as unknown as AccessUser;

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
    ['/HOME', agent1, null],
  ];
  it.each(cases)('%s as %o → %s', (path, user, expected) => {
    expect(guardRedirect(path, user)).toBe(expected);
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
    ['brand 1 agent', agent1, [...base, 'Salir']],
    ['brand 2 agent of the corporate domain', staff('ana@impecable.demo', agent2), [...base, 'Mis ingresos', 'Catálogo Premios', 'Mis Premios', 'Salir']],
    ['INTERNO brand 2', staff('interno@impecable.demo', interno), [...base, 'Mis ingresos', 'Navegación simulada', 'Descarga Ranking', 'Importar usuarios', 'Salir']],
    ['PLATAFORMA brand 1', staff('p@impecable.demo', { perfil: 'PLATAFORMA', marca_id: 1 }), [...base, 'Navegación simulada', 'Descarga Ranking', 'Importar usuarios', 'Salir']],
    ['admin brand 2', staff('admin@impecable.demo', admin), [...base, 'Mis ingresos', 'Navegación simulada', 'Resumen de pedidos', 'Descarga Ranking', 'Importar usuarios', 'Salir']],
    ['admin outside the corporate domain', staff('admin@elsewhere.example', admin), [...base, 'Mis ingresos', 'Navegación simulada', 'Resumen de pedidos', 'Descarga Ranking', 'Salir']],
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

describe('canjearAction', () => {
  it.each([
    [agent2, 'catalogue'],
    [agent1, 'partner-modal'],
    [agent3, 'partner-modal'],
    [interno, 'none'],
    [plataforma, 'none'],
    [latam, 'none'],
    [admin, 'none'],
    [noProfile, 'none'],
  ] as Array<[AccessUser, string]>)('%o → %s', (user, expected) => {
    expect(canjearAction(user)).toBe(expected);
  });
});

describe('showsBalance', () => {
  it.each([
    [agent2, true],
    [agent1, true],
    [interno, false],
    [plataforma, false],
    [latam, false],
    [admin, false],
  ] as Array<[AccessUser, boolean]>)('%o → %s', (user, expected) => {
    expect(showsBalance(user)).toBe(expected);
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

describe('idleSignOutApplies', () => {
  it.each([
    ['', false],
    ['admin', true],
    ['Admin', true],
    ['INTERNO', true],
    ['plataforma', true],
    ['LATAM', true],
    ['latam ', true],
    ['jefe', false],
    [undefined, false],
  ] as const)('perfil %j → %s', (perfil, expected) => {
    expect(idleSignOutApplies({ perfil })).toBe(expected);
  });

  it('is false without a user', () => {
    expect(idleSignOutApplies(null)).toBe(false);
  });
});

describe('supervisor and admin rules', () => {
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
  ])('scopeReaches: %j → %j is %s', (supervisor, target, reaches) => {
    expect(scopeReaches(impersonationScope(supervisor), target)).toBe(reaches);
  });

  it.each([
    ['admin@impecable.demo', 'impecable.demo', true],
    ['Admin@IMPECABLE.demo', 'Impecable.Demo', true],
    ['jefe@rrhh.impecable.demo', 'impecable.demo', true],
    ['x@notimpecable.demo', 'impecable.demo', false],
    ['x@impecable.demo.evil.com', 'impecable.demo', false],
    ['impecable.demo', 'impecable.demo', false],
    ['x@impecable.demo', '', false],
    [null, 'impecable.demo', false],
  ])('canImportUsers(%j, %j) is %s for an admin', (email, domain, allowed) => {
    expect(canImportUsers({ email, perfil: 'admin' }, domain)).toBe(allowed);
  });

  it.each([
    ['admin', true], ['INTERNO', true], ['plataforma', true], ['LATAM', false], ['', false], [null, false],
  ])('canImportUsers with perfil %j on the corporate domain is %s', (perfil, allowed) => {
    expect(canImportUsers({ email: 'x@impecable.demo', perfil }, 'impecable.demo')).toBe(allowed);
  });

  it.each([
    ['LATAM', true, false, false],
    ['latam', true, false, false],
    ['admin', true, true, false],
    ['INTERNO', false, true, true],
    ['PLATAFORMA', false, true, false],
    ['', false, false, false],
  ])('%j: order summary %s, simulated navigation %s, platform step %s', (perfil, summary, navigation, platformStep) => {
    expect([canSeeOrderSummary(perfil), hasSimulatedNavigation(perfil), usesPlatformStep(perfil)]).toEqual([summary, navigation, platformStep]);
  });

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
