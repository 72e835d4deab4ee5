import { describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE } from './network.ts';
import { queryStatus, unreachableRetryDelay, type QueryStatus } from './use-cached-query.ts';

// The one decision every screen's read goes through: with nothing on the device, no network is
// the calm offline state (it fills in by itself), and only a real failure is an error.
describe('queryStatus', () => {
  const read = { active: true, hasData: false, isLoading: false, error: null as string | null, offline: false };
  it.each<[string, Partial<typeof read>, QueryStatus]>([
    ['a copy on the device, online', { hasData: true }, 'ready'],
    ['a copy on the device, offline after a failed refresh', { hasData: true, offline: true, error: OFFLINE_MESSAGE }, 'ready'],
    ['a copy on the device, the server refused the refresh', { hasData: true, error: 'No tienes acceso a este ranking.' }, 'ready'],
    ['nothing asked (no key or no user)', { active: false }, 'idle'],
    ['no copy, the first answer on its way', { isLoading: true }, 'loading'],
    ['no copy, the browser says offline', { offline: true, error: OFFLINE_MESSAGE }, 'offline'],
    ['no copy, offline even if the last error was the server\'s', { offline: true, error: 'Error del servidor' }, 'offline'],
    ['no copy, the request could not reach the server (browser thinks online)', { error: OFFLINE_MESSAGE }, 'offline'],
    ['no copy, the server said no (4xx with its message)', { error: 'No tienes acceso a este ranking.' }, 'error'],
    ['no copy, the server failed (5xx)', { error: 'El servidor no ha podido responder. Inténtalo más tarde.' }, 'error'],
    ['no copy, the device storage failed', { error: 'QuotaExceededError' }, 'error'],
  ])('%s', (_name, patch, expected) => {
    expect(queryStatus({ ...read, ...patch })).toBe(expected);
  });
});

// A read whose request reached no server while the browser said online gets no 'online' event:
// it tries again by itself, soon at first, then less often, never more than twice a minute.
describe('unreachableRetryDelay', () => {
  it('doubles from 2 s after each refresh in a row that reached no server, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(unreachableRetryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
