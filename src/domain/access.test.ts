import { describe, expect, it } from 'vitest';
import {
  activeMenuHref,
  balanceUnit,
  canjearAction,
  guardRedirect,
  headerBalance,
  idleSignOutApplies,
  isAdminProfile,
  isAgentProfile,
  isInternoOrPlataforma,
  isSupervisorProfile,
  loginLanding,
  menuItems,
  needsNickname,
  normalizeProfile,
  showsBalance,
  signedInLoginRedirect,
  type AccessUser,
  type GuardResult,
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

describe('landings', () => {
  it.each([
    [agent2, '/home', '/home'],
    [admin, '/navegacion-simulada', '/home'],
    [{ perfil: 'ADMIN', marca_id: 1 }, '/navegacion-simulada', '/home'],
    [interno, '/home', '/navegacion-simulada'],
    [plataforma, '/home', '/navegacion-simulada'],
    [latam, '/home', '/home'],
  ] as Array<[AccessUser, string, string]>)('%o: after login %s, on /login %s', (user, afterLogin, onLogin) => {
    expect(loginLanding(user)).toBe(afterLogin);
    expect(signedInLoginRedirect(user)).toBe(onLogin);
  });
});

describe('menuItems', () => {
  const labels = (user: AccessUser) => menuItems(user).map((i) => i.label);
  const base = ['Inicio', 'Atributos', 'Ranking', 'Reglas servicio +impecable', 'Álbum de fotos'];
  it.each([
    ['brand 2 agent', agent2, [...base, 'Mis ingresos', 'Catálogo Premios', 'Mis Premios', 'Salir']],
    ['brand 1 agent', agent1, [...base, 'Salir']],
    ['INTERNO brand 2', interno, [...base, 'Mis ingresos', 'Descarga Ranking', 'Salir']],
    ['PLATAFORMA brand 1', { perfil: 'PLATAFORMA', marca_id: 1 }, [...base, 'Descarga Ranking', 'Salir']],
    ['admin brand 2', admin, [...base, 'Mis ingresos', 'Salir']],
    ['LATAM', latam, ['Salir']],
  ] as Array<[string, AccessUser, string[]]>)('%s', (_name, user, expected) => {
    expect(labels(user)).toEqual(expected);
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
