import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiRequestError, http, onMaintenance, readJson } from '#api/http';

// A stand-in server answering as maintenance state 1 does (503, Retry-After: 300,
// { maintenance: 1 }) or as an overloaded server (503, no maintenance flag).
let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const maintenance = req.url?.includes('mantenimiento');
    res.writeHead(503, { 'Content-Type': 'application/json', ...(maintenance ? { 'Retry-After': '300' } : {}) });
    res.end(JSON.stringify(maintenance ? { success: false, error: 'Estamos en mantenimiento.', maintenance: 1 } : { success: false, error: 'Ocupado' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Called as the app calls: through `http` and readJson, which turns any failure into an ApiRequestError. */
async function failure(path: string): Promise<unknown> {
  return readJson(http.extend({ prefixUrl: base }).get(path), async () => ({ body: z.unknown() }), 'body').then(() => null, (error: unknown) => error);
}

describe('maintenance answers', () => {
  it('fail at once (no waiting for Retry-After) and tell the maintenance listeners', async () => {
    seen.length = 0;
    let told = 0;
    const off = onMaintenance(() => (told += 1));
    const error = await failure('mantenimiento');
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([(error as ApiRequestError).status, (error as ApiRequestError).message]).toEqual([503, 'Estamos en mantenimiento.']);
    expect(seen).toEqual(['/api/mantenimiento']);
    await expect.poll(() => told).toBe(1);
    off();
  });

  it('a 503 without the maintenance flag is retried as before and does not show the screen', async () => {
    seen.length = 0;
    let told = 0;
    const off = onMaintenance(() => (told += 1));
    const error = await failure('ocupado');
    expect((error as ApiRequestError).status).toBe(503);
    expect(seen).toEqual(['/api/ocupado', '/api/ocupado', '/api/ocupado']);
    expect(told).toBe(0);
    off();
  });
});
