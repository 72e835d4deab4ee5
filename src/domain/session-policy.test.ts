import { describe, expect, it } from 'vitest';
import { idleLimitMs, isIdleExpired, needsTouch, sessionEndedAt, touchResolutionMs } from './session-policy';

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
    expect(needsTouch(last, now, 12 * H)).toBe(touch);
  });

  it.each([
    // limit → how stale the recorded last use may get
    [12 * H, M],
    [10 * M, M],
    [5 * M, 30_000],
    [M, 6_000],
    [1_000, 100],
    [0, 1],
  ])('a %i ms limit is recorded every %i ms at most', (limit, resolution) => {
    expect(touchResolutionMs(limit)).toBe(resolution);
  });

  it('with a 1-minute limit, a request every 20 s keeps the session: each one is recorded', () => {
    let lastSeen = last;
    for (let elapsed = 1_000; elapsed <= 5 * M; elapsed += 20_000) {
      const now = new Date(last.getTime() + elapsed);
      expect(isIdleExpired(lastSeen, now, M), `at ${elapsed} ms`).toBe(false);
      if (needsTouch(lastSeen, now, M)) lastSeen = now;
    }
  });
});

describe('sessionEndedAt', () => {
  const t = (ms: number) => new Date(Date.UTC(2025, 5, 1, 10) + ms);
  it.each([
    ['live', { revokedAt: null, lastSeenAt: t(0) }, t(H), null],
    ['revoked', { revokedAt: t(5 * M), lastSeenAt: t(0) }, t(H), t(5 * M)],
    ['idle past its limit', { revokedAt: null, lastSeenAt: t(0) }, t(13 * H), t(12 * H)],
    ['exactly at its limit', { revokedAt: null, lastSeenAt: t(0) }, t(12 * H), null],
  ] as const)('%s', (_name, session, now, expected) => {
    expect(sessionEndedAt(session, now, 12 * H)).toEqual(expected);
  });
});
