import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, errorData, http, INVALID_RESPONSE_MESSAGE, readJson, toApiRequestError } from '#api/http';

// A stand-in server for GET /imps: the contract's answer, an answer outside the contract, and a
// refusal with its Spanish text. readJson loads #contract/points itself, as the app's calls do.
let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const answers: Record<string, [number, unknown]> = {
      '/api/imps': [200, { imps: 610 }],
      '/api/imps-roto': [200, { imps: 'seiscientos' }],
      '/api/imps-prohibido': [403, { success: false, error: 'No tienes acceso a esta sección' }],
    };
    const [status, body] = answers[req.url ?? ''] ?? [404, { success: false, error: 'No encontrado' }];
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const contract = () => import('#contract/points');
const read = (path: string) => readJson(http.extend({ prefixUrl: base }).get(path), contract, 'impsResponseSchema');

describe('readJson with a contract module loaded on demand', () => {
  it("returns the answer as the contract's schema reads it (its defaults applied)", async () => {
    expect(await read('imps')).toEqual({ imps: 610, puntos_ring_ring: 0 });
  });

  it('refuses an answer outside the contract with the Spanish "unexpected answer" error', async () => {
    const error = await read('imps-roto').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([(error as ApiRequestError).kind, (error as ApiRequestError).message]).toEqual(['invalid-response', INVALID_RESPONSE_MESSAGE]);
  });

  it("a refusal carries the server's own Spanish text and status, checked against the contract's error shape", async () => {
    const error = await read('imps-prohibido').catch((e: unknown) => e);
    expect([(error as ApiRequestError).kind, (error as ApiRequestError).status, (error as ApiRequestError).message]).toEqual([
      'http',
      403,
      'No tienes acceso a esta sección',
    ]);
  });
});

describe('http, with ky loaded by the first call', () => {
  it('sends one request per call, whether the answer is awaited or its body read', async () => {
    requests.length = 0;
    const client = http.extend({ prefixUrl: base });
    const response = await client.get('imps');
    expect(response.status).toBe(200);
    expect(await client.get('imps').json()).toEqual({ imps: 610 });
    expect(await (await client.post('imps-roto').blob()).text()).toBe('{"imps":"seiscientos"}');
    expect(requests).toEqual(['GET /api/imps', 'GET /api/imps', 'POST /api/imps-roto']);
  });

  it('a refused call rejects whoever reads it, with the answer kept for errorData', async () => {
    const error = await http.extend({ prefixUrl: base }).get('imps-prohibido').json().catch((e: unknown) => e);
    expect(toApiRequestError(error).status).toBe(403);
    expect(errorData(error)).toEqual({ success: false, error: 'No tienes acceso a esta sección' });
  });
});
