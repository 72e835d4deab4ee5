// The 10 MB photo limit over real HTTP: a photo whose first 10 MB are themselves a valid image
// (a PNG followed by padding) must be refused whole, even when the network delivers a chunk
// that ends exactly at the limit, which cuts the file without an error.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFACE_MAX_BYTES, TOO_LARGE_MESSAGE } from '#domain/reface';
import { createAgent } from '#test-support/server/agents';
import { multipart, pngPhoto } from '#test-support/server/photos';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

/** POSTs the body, its first bytes up to the file's byte `pauseAfter`, a pause, then the rest. */
function upload(token: string, photo: Buffer, pauseAfter: number): Promise<{ status: number; body: { error?: string } }> {
  const { payload, headers } = multipart({ atributo_id: '3' }, { filename: 'yo.png', contentType: 'image/png', bytes: photo });
  const split = payload.indexOf(photo) + pauseAfter;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/refaces/upload`, { method: 'POST', headers: { ...headers, ...bearer(token), 'content-length': String(payload.length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as { error?: string } }));
    });
    req.on('error', reject);
    req.write(payload.subarray(0, split));
    setTimeout(() => req.end(payload.subarray(split)), 300);
  });
}

describe('the 10 MB reface limit, over HTTP', () => {
  it('a photo over 10 MB whose first 10 MB are a valid image is refused with 413, and nothing is stored', async () => {
    const png = await pngPhoto();
    const photo = Buffer.concat([png, Buffer.alloc(REFACE_MAX_BYTES + 64 * 1024 - png.length)]);
    const { user, token } = await createAgent(ctx, 'FotoEnorme');
    for (const pauseAfter of [REFACE_MAX_BYTES, REFACE_MAX_BYTES, photo.length]) {
      const res = await upload(token, photo, pauseAfter);
      expect([res.status, res.body.error]).toEqual([413, TOO_LARGE_MESSAGE]);
    }
    expect(await ctx.db.selectFrom('refaces').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  }, 60_000);
});
