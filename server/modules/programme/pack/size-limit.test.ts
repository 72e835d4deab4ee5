// The pack upload's size limit over real HTTP: the file arrives in many TCP chunks, as from a
// browser, and is streamed to disk, never held in memory. A pack over the limit is refused whole
// with 413 (also when a network chunk ends exactly at the limit), its answer reaches the client
// (the rest of the upload is read and dropped), and a pack of exactly the limit is taken whole.
// The route's limit is 2 GB; the same code runs here with a 1 MB limit.
import { statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '#server/plugins/errors';
import { multipart as multipartBody } from '#test-support/server/import-files';
import { NOT_A_ZIP } from './archive.ts';
import { packTooLarge, receivePack } from './routes.ts';
import { withTemporaryFolder } from './service.ts';

const LIMIT = 1024 * 1024;

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 }, throwFileSizeLimit: true });
  app.post('/subir', async (req) => withTemporaryFolder(async (dir) => {
    const path = join(dir, 'paquete.zip');
    await receivePack(req, path, LIMIT);
    return { bytes: statSync(path).size };
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/** POSTs the file; with `pauseAfter`, its first bytes, a pause, then the rest (a chunk ends exactly there). */
function upload(bytes: Buffer, pauseAfter?: number): Promise<{ status: number; body: unknown }> {
  const { payload, headers } = multipartBody('programa.zip', bytes, 'application/zip');
  const split = pauseAfter === undefined ? payload.length : payload.indexOf(bytes) + pauseAfter;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/subir`, { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as unknown }));
    });
    req.on('error', reject);
    req.write(payload.subarray(0, split));
    setTimeout(() => req.end(payload.subarray(split)), 200);
  });
}

/** `size` bytes that start as a zip does. */
const zipLike = (size: number) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(size - 4, 0x61)]);

describe('the pack upload limit, over HTTP', () => {
  it('a pack one byte over the limit is refused whole with 413, every time (also cut exactly at the limit)', async () => {
    for (const pause of [undefined, LIMIT, undefined, LIMIT]) {
      expect(await upload(zipLike(LIMIT + 1), pause)).toEqual({ status: 413, body: { success: false, error: packTooLarge(LIMIT) } });
    }
    expect(packTooLarge(LIMIT)).toBe('El paquete es demasiado grande (máximo 1 MB)');
    expect(packTooLarge(2 * 1024 ** 3)).toBe('El paquete es demasiado grande (máximo 2 GB)');
  });

  it('a pack of exactly the limit is taken whole', async () => {
    expect(await upload(zipLike(LIMIT), LIMIT - 1)).toEqual({ status: 200, body: { bytes: LIMIT } });
  });

  it('a large file that is not a zip is refused by its first bytes, and its answer arrives', async () => {
    expect(await upload(Buffer.alloc(LIMIT - 10, 0x20))).toEqual({ status: 415, body: { success: false, error: NOT_A_ZIP } });
  });
});
