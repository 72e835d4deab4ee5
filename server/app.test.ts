import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, healthSchema } from '#contract/common';
import { appConfigSchema } from '#contract/session';
import { writeMaintenance } from '#server/modules/programme/settings/repository';
import { createTestApp, openTestDatabase, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'impecable-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>+impecable</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  ctx = await createTestApp({ distDir: dist, env: { AUTH_RATE_LIMIT: '3', GOOGLE_CLIENT_ID: 'cliente.apps.googleusercontent.com' } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('system routes', () => {
  it('GET /api/health', async () => {
    const res = await get('/api/health');
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok' });
  });

  it('GET /api/config lists the seven demo users in demo mode', async () => {
    const config = appConfigSchema.parse((await get('/api/config')).json());
    expect(config).toMatchObject({ googleClientId: 'cliente.apps.googleusercontent.com', demoMode: true, supervisorIdleMinutes: 10, maintenance: 0 });
    expect(config.demoUsers).toHaveLength(7);
    expect(config.demoUsers[0]).toEqual({ email: 'ana@impecable.demo', label: 'Ana · agente marca 2' });
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await get('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json())).toEqual({ success: false, error: 'Recurso no encontrado' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"access_token":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'El cuerpo de la petición no es un JSON válido' });
  });

  it('refuses bodies over 1 MB', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('La petición es demasiado grande');
  });
});

describe('sign-in rate limit', () => {
  it('limits sign-in routes per IP with a Spanish 429, and nothing else', async () => {
    const attempt = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', remoteAddress: '10.9.9.9' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt()).json()).toEqual({ success: false, error: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.' });
    for (let i = 0; i < 5; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows Google sign-in and keeps popups working', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com");
    expect(csp).toContain('frame-src https://accounts.google.com');
    // blob: the video player's streaming engine runs its transmuxer in a blob worker.
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('static app', () => {
  it.each([
    ['/', 'no-cache', '+impecable'],
    ['/home', 'no-cache', '+impecable'],
    ['/ranking/accesible?x=1', 'no-cache', '+impecable'],
    ['/sw.js', 'no-cache', 'skipWaiting'],
    ['/manifest.webmanifest', 'no-cache', '{}'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable', 'console.log'],
  ])('GET %s → cache-control %s', async (url, cacheControl, content) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.body).toContain(content);
  });

  it.each(['/assets/index-zzz.js', '/media/nope.mp4', '/art/nope.svg', '/icons/nope.png'])(
    'answers a missing static file %s with 404, not the page',
    async (path) => {
      expect((await get(path)).statusCode).toBe(404);
    },
  );

  it('never serves the page for /api paths', async () => {
    const res = await get('/api/atributos/otra-cosa');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('maintenance', () => {
  it('blocks /api for IPs outside the allow-list, keeps health and the page up', async () => {
    const db = await openTestDatabase();
    await writeMaintenance(db, { state: 1, allowlist: ['10.1.1.1'] });
    const m = await createTestApp({ db, distDir: dist });
    try {
      const blocked = await m.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.2.2.2' });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toMatchObject({ success: false, maintenance: 1, error: expect.stringContaining('mantenimiento') });
      const allowed = await m.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.1.1.1' });
      expect(allowed.json()).toMatchObject({ maintenance: 1 });
      expect((await m.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.2.2' })).statusCode).toBe(200);
      expect((await m.app.inject({ method: 'GET', url: '/home', remoteAddress: '10.2.2.2' })).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});
