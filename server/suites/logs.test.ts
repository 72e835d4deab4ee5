import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Database } from '#server/db/schema';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { jpegPhoto, multipart } from '#test-support/server/photos';
import { seedMinimal } from '#server/seed/index';
import { startGoogleStandIn, type GoogleStandIn } from '#test-support/server/google-stand-in';
import { createClock, openTestDatabase } from '#test-support/server/test-app';

// Structured logs, read from the real pino stream: one JSON object per line, every request's
// lines carry its id (also sent back as X-Request-Id), and no credential or photo ever appears.
const lines: string[] = [];
let app: FastifyInstance;
let db: Kysely<Database>;
let googleStandIn: GoogleStandIn;
const clock = createClock(new Date('2025-06-20T10:00:00Z'));

beforeAll(async () => {
  googleStandIn = await startGoogleStandIn({ now: clock.now });
  const config = loadConfig({ DEMO_MODE: 'true', ...googleStandIn.env });
  db = await openTestDatabase();
  await seedMinimal(db, clock.now());
  app = await buildApp({ config, db, clock: clock.now, distDir: '/nonexistent-dist', logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await googleStandIn.close();
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('structured logs', () => {
  it('carry the request id on every request line, send it back as X-Request-Id, and never a token or photo', async () => {
    const sso = await signSsoToken(loadConfig({ DEMO_MODE: 'true' }).ssoSecret, 'ana@impecable.demo', clock.now());
    const login = await app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: { authorization: `Bearer ${sso}` } });
    const { token, sync_token: syncToken } = login.json().data as { token: string; sync_token: string };
    const googleToken = googleStandIn.accessToken('ana@impecable.demo');
    const google = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: googleToken } });
    expect(google.statusCode).toBe(200);
    const photo = await jpegPhoto();
    const form = multipart({ atributo_id: '3' }, { filename: 'mi-cara.jpg', contentType: 'image/jpeg', bytes: photo });
    const responses = [
      login,
      google,
      await app.inject({ method: 'GET', url: '/api/imps', headers: { authorization: `Bearer ${token}` } }),
      await app.inject({ method: 'POST', url: '/api/refaces/upload', headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload }),
      await app.inject({ method: 'POST', url: '/api/log/register', headers: { authorization: `Bearer ${syncToken}`, 'idempotency-key': 'clave-1' }, payload: { action: 'x' } }),
      await app.inject({ method: 'GET', url: `/sso/${sso}` }),
      await app.inject({ method: 'GET', url: '/api/imps', headers: { authorization: 'Bearer token-inventado-que-no-existe' } }),
      await app.inject({ method: 'GET', url: `/api/download-image?path=..%2F..%2Fetc%2Fpasswd`, headers: { authorization: `Bearer ${token}` } }),
    ];

    const ids = responses.map((r) => r.headers['x-request-id']);
    expect(ids.every((id) => typeof id === 'string' && id.length >= 8)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const entries = parsed();
    for (const id of ids) {
      const own = entries.filter((e) => e.reqId === id);
      expect(own.some((e) => e.msg === 'incoming request'), String(id)).toBe(true);
      expect(own.some((e) => e.msg === 'request completed'), String(id)).toBe(true);
    }
    expect(entries.every((e) => typeof e.level === 'number' && typeof e.time === 'number' && typeof e.msg === 'string')).toBe(true);

    const text = lines.join('\n');
    for (const secret of [sso, token, syncToken, googleToken, 'token-inventado-que-no-existe']) expect(text).not.toContain(secret);
    expect(text).not.toContain(photo.subarray(0, 64).toString('base64'));
    expect(text).not.toContain(photo.subarray(0, 64).toString('latin1'));
    expect(text).not.toMatch(/JFIF|\/9j\//);
    expect(text).toContain('/sso/[oculto]');
  });

  it('keeps a caller’s plain request id (a proxy’s) and replaces an unsafe one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
    const replaced = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\n{"fake":"log"}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed().some((e) => e.reqId === 'lb-1234abcd')).toBe(true);
  });
});

describe('logs for a person at a terminal (LOG_FORMAT=pretty)', () => {
  it('are one short line per request, with the same redaction, and no JSON', async () => {
    const out: string[] = [];
    const config = loadConfig({ DEMO_MODE: 'true', ...googleStandIn.env });
    const pretty = await buildApp({ config, db, clock: clock.now, distDir: '/nonexistent-dist', logFormat: 'pretty', logger: { level: 'debug', stream: { write: (line) => void out.push(line) } } });
    await pretty.ready();
    const sso = await signSsoToken(config.ssoSecret, 'ana@impecable.demo', clock.now());
    await pretty.inject({ method: 'GET', url: '/api/health' });
    await pretty.inject({ method: 'GET', url: `/sso/${sso}` });
    await pretty.inject({ method: 'GET', url: '/api/imps', headers: { authorization: 'Bearer token-inventado-que-no-existe' } });
    await pretty.close();

    const text = out.join('');
    expect(text).toMatch(/^\d{2}:\d{2}:\d{2} DEBUG GET \/api\/health 200 \d+ ms$/m);
    expect(text).toMatch(/^\d{2}:\d{2}:\d{2} WARN GET \/sso\/\[oculto\] 404 \d+ ms$/m);
    expect(text).toMatch(/^\d{2}:\d{2}:\d{2} WARN GET \/api\/imps 401 \d+ ms$/m);
    expect(text).not.toContain(sso);
    expect(text).not.toContain('token-inventado-que-no-existe');
    expect(text).not.toMatch(/^\{/m);
    expect(text).not.toContain('incoming request');
  });
});
