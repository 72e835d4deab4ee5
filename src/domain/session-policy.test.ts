import { describe, expect, it } from 'vitest';
import { idleLimitMs, isIdleExpired, needsTouch, sessionEndedAt, syncAccepts } from './session-policy';

const limits = { sessionIdleHours: 12, supervisorIdleMinutes: 10, syncIdleDays: 30 };
const H = 3_600_000;
const M = 60_000;
const D = 24 * H;

describe('idleLimitMs', () => {
  it.each([
    [{ perfil: '', impersonating: false, scope: 'full' }, 12 * H],
    // LATAM works on shared kiosks: the app signs it out when idle, so the server does too.
    [{ perfil: 'LATAM', impersonating: false, scope: 'full' }, 10 * M],
    [{ perfil: 'latam', impersonating: false, scope: 'full' }, 10 * M],
    [{ perfil: 'LATAM', impersonating: false, scope: 'sync' }, 30 * D],
    [{ perfil: 'desconocido', impersonating: false, scope: 'full' }, 12 * H],
    [{ perfil: 'INTERNO', impersonating: false, scope: 'full' }, 10 * M],
    [{ perfil: 'plataforma', impersonating: false, scope: 'full' }, 10 * M],
    [{ perfil: 'admin', impersonating: false, scope: 'full' }, 10 * M],
    [{ perfil: '', impersonating: true, scope: 'full' }, 10 * M],
    [{ perfil: 'INTERNO', impersonating: false, scope: 'sync' }, 30 * D],
    [{ perfil: '', impersonating: false, scope: 'sync' }, 30 * D],
    [{ perfil: null, impersonating: false, scope: 'full' }, 12 * H],
  ] as const)('%j → %i ms', (facts, expected) => {
    expect(idleLimitMs(facts, limits)).toBe(expected);
  });
});

describe('isIdleExpired / needsTouch', () => {
  const last = new Date('2025-06-01T10:00:00Z');
  it.each([
    [0, false, false],
    [59_999, false, false],
    [60_000, false, true],
    [12 * H, false, true],
    [12 * H + 1, true, true],
  ])('after %i ms: expired %s, touch %s', (elapsed, expired, touch) => {
    const now = new Date(last.getTime() + elapsed);
    expect(isIdleExpired(last, now, 12 * H)).toBe(expired);
    expect(needsTouch(last, now)).toBe(touch);
  });
});

describe('sessionEndedAt / syncAccepts', () => {
  const t = (ms: number) => new Date(Date.UTC(2025, 5, 1, 10) + ms);
  it.each([
    ['live', { revokedAt: null, lastSeenAt: t(0) }, t(H), null],
    ['revoked', { revokedAt: t(5 * M), lastSeenAt: t(0) }, t(H), t(5 * M)],
    ['idle past its limit', { revokedAt: null, lastSeenAt: t(0) }, t(13 * H), t(12 * H)],
    ['exactly at its limit', { revokedAt: null, lastSeenAt: t(0) }, t(12 * H), null],
  ] as const)('%s', (_name, session, now, expected) => {
    expect(sessionEndedAt(session, now, 12 * H)).toEqual(expected);
  });

  it.each([
    [t(0), null, true],
    [t(0), t(0), true],
    [t(1), t(0), false],
    [t(-D), t(0), true],
  ] as const)('action at %s, session ended %s → %s', (occurredAt, end, expected) => {
    expect(syncAccepts(occurredAt, end)).toBe(expected);
  });
});
