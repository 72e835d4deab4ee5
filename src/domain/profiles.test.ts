import { describe, expect, it } from 'vitest';
import {
  canDownloadRankings,
  canGrantExtraTime,
  canImportUsers,
  canjearAction,
  canSeeOrderSummary,
  hasSimulatedNavigation,
  idleSignOutApplies,
  isAdminProfile,
  isAgentProfile,
  isInternoOrPlataforma,
  isSupervisorProfile,
  normalizeProfile,
  showsBalance,
  takesPart,
  usesPlatformStep,
  usesRankingDownloadFilter,
  type AccessUser,
} from './profiles';
import { agent2, agent1, agent3, interno, plataforma, latam, admin, noProfile } from '#test-support/access-users';

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

describe('takesPart', () => {
  it.each([
    ['an agent of brand 2', agent2, true],
    ['an agent of brand 1', agent1, true],
    ['an agent of another brand', agent3, true],
    ['INTERNO', interno, false],
    ['PLATAFORMA (any case)', plataforma, false],
    ['LATAM (any case)', latam, false],
    ['admin', admin, false],
    ['an unknown profile', { perfil: 'jefe', marca_id: 2 }, false],
    ['a user without perfil', noProfile, false],
    ['nobody signed in', null, false],
  ] as Array<[string, AccessUser | null, boolean]>)('%s → %s', (_who, user, expected) => {
    expect(takesPart(user)).toBe(expected);
  });

  it('while a supervisor browses as an agent, the agent on screen takes part', () => {
    const session = { user: agent2, originalUser: admin };
    expect([takesPart(session.user), takesPart(session.originalUser)]).toEqual([true, false]);
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

describe('staff screens', () => {
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
    ['INTERNO', true, false],
    ['interno', true, false],
    ['PLATAFORMA', true, true],
    ['Plataforma', true, true],
    ['admin', true, false],
    ['', false, false],
    ['LATAM', false, false],
    [null, false, false],
    ['desconocido', false, false],
  ])('perfil %s: may download rankings %s, chooses sede/marca %s', (perfil, may, filter) => {
    expect(canDownloadRankings(perfil)).toBe(may);
    expect(usesRankingDownloadFilter(perfil)).toBe(filter);
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
});

describe('canGrantExtraTime (time accommodation)', () => {
  it.each([['admin', true], ['ADMIN', true], ['INTERNO', false], ['PLATAFORMA', false], ['LATAM', false], ['', false], [null, false]])('%j → %s', (perfil, ok) => {
    expect(canGrantExtraTime(perfil)).toBe(ok);
  });
});
