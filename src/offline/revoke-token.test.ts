import { describe, expect, it } from 'vitest';
import { revokeToken } from './revoke-token.ts';

describe('revokeToken', () => {
  it('calls GET /api/auth/logout with the token itself', async () => {
    const seen: Array<{ url: string; auth: string | null; method: string }> = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      seen.push({ url, auth: new Headers(init?.headers).get('Authorization'), method: init?.method ?? 'GET' });
      return new Response('{"success":true}');
    }) as typeof globalThis.fetch;
    await revokeToken('tok-1', { fetch, baseUrl: 'http://kiosk' });
    expect(seen).toEqual([{ url: 'http://kiosk/api/auth/logout', auth: 'Bearer tok-1', method: 'GET' }]);
  });

  it('never throws: offline, or a call that hangs past its time', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    await expect(revokeToken('tok', { fetch: offline })).resolves.toBeUndefined();
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof globalThis.fetch;
    const started = Date.now();
    await expect(revokeToken('tok', { fetch: hanging, timeoutMs: 50 })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
