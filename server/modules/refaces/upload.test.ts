import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refaceUploadResponseSchema } from '#contract/reface';
import { DIMENSIONS_MESSAGE, NOT_AN_IMAGE_MESSAGE, REFACE_MAX_BYTES, TOO_LARGE_MESSAGE } from '#domain/reface';
import { createAgent, sessionToken } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { IMPERSONATION_EARNS_NOTHING } from '#server/plugins/auth';
import { jpegPhoto, multipart, pngPhoto, type FilePart } from '#test-support/server/photos';
import { REFACE_JOB } from './service';

let ctx: TestContext;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  [jpeg, png] = await Promise.all([jpegPhoto(), pngPhoto()]);
});
afterAll(async () => {
  await ctx.close();
});

function upload(token: string | null, fields: Record<string, string>, file?: FilePart) {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/refaces/upload',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

async function storedFor(userId: number) {
  const refaces = await ctx.db.selectFrom('refaces').selectAll().where('user_id', '=', userId).execute();
  const jobs = await ctx.db.selectFrom('jobs').select(['payload']).where('kind', '=', REFACE_JOB).execute();
  const ids = new Set(refaces.map((r) => r.id));
  return { refaces, jobs: jobs.filter((j) => ids.has((j.payload as { refaceId: number }).refaceId)) };
}

describe('POST /api/refaces/upload', () => {
  it('accepts a real JPEG: stores it pending and queues its processing', async () => {
    const { user, token } = await createAgent(ctx, 'FotoJpeg');
    const res = await upload(token, { atributo_id: '3' }, { filename: 'yo.jpg', contentType: 'image/jpeg', bytes: jpeg });
    expect(res.statusCode).toBe(200);
    expect(refaceUploadResponseSchema.parse(res.json())).toEqual({ success: true, status: 'pending', image_path: null });
    const { refaces, jobs } = await storedFor(user.id);
    expect(refaces).toHaveLength(1);
    expect(refaces[0]).toMatchObject({ attribute_id: 3, status: 'pending', image_path: null });
    expect(Buffer.from(refaces[0]?.photo ?? []).equals(jpeg)).toBe(true);
    expect(jobs).toHaveLength(1);
  });

  it('accepts a real PNG, whatever its name, with the attribute sent after the file', async () => {
    const { user, token } = await createAgent(ctx, 'FotoPng');
    const body = multipart({ atributo_id: '1' }, { filename: 'captura', contentType: 'image/png', bytes: png }, { fileFirst: true });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/refaces/upload', headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    expect((await storedFor(user.id)).refaces.map((r) => [r.attribute_id, r.status])).toEqual([[1, 'pending']]);
  });

  it.each<[string, () => FilePart, number, string]>([
    ['a text file renamed .jpg', () => ({ filename: 'yo.jpg', contentType: 'image/jpeg', bytes: Buffer.from('hola, esto no es una foto') }), 400, NOT_AN_IMAGE_MESSAGE],
    ['a PNG declared as text', () => ({ filename: 'notas.txt', contentType: 'text/plain', bytes: png }), 400, NOT_AN_IMAGE_MESSAGE],
    ['an empty file', () => ({ filename: 'vacia.jpg', contentType: 'image/jpeg', bytes: Buffer.alloc(0) }), 400, NOT_AN_IMAGE_MESSAGE],
    ['a truncated JPEG', () => ({ filename: 'cortada.jpg', contentType: 'image/jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) }), 400, NOT_AN_IMAGE_MESSAGE],
    ['a truncated PNG', () => ({ filename: 'cortada.png', contentType: 'image/png', bytes: png.subarray(0, Math.floor(png.length * 0.6)) }), 400, NOT_AN_IMAGE_MESSAGE],
    ['a GIF', () => ({ filename: 'yo.gif', contentType: 'image/gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;') }), 400, NOT_AN_IMAGE_MESSAGE],
    ['a JPEG header on random bytes', () => ({ filename: 'yo.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]) }), 400, NOT_AN_IMAGE_MESSAGE],
    ['an oversize file', () => ({ filename: 'enorme.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([jpeg, Buffer.alloc(REFACE_MAX_BYTES + 1 - jpeg.length)]) }), 413, TOO_LARGE_MESSAGE],
  ])('refuses %s with the Spanish reason and stores nothing', async (_name, file, status, message) => {
    const { user, token } = await createAgent(ctx, `Rechazo${Math.random().toString(36).slice(2, 8)}`);
    const res = await upload(token, { atributo_id: '3' }, file());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, error: message });
    expect(await storedFor(user.id)).toEqual({ refaces: [], jobs: [] });
  });

  it('refuses photos too small or too large in pixels', async () => {
    const { user, token } = await createAgent(ctx, 'Diminuta');
    for (const [w, h] of [[120, 120], [9000, 300]] as const) {
      const res = await upload(token, { atributo_id: '3' }, { filename: 'yo.png', contentType: 'image/png', bytes: await pngPhoto(w, h) });
      expect([res.statusCode, res.json().error]).toEqual([400, DIMENSIONS_MESSAGE]);
    }
    expect((await storedFor(user.id)).refaces).toEqual([]);
  });

  it('refuses a request without the image, a bad or disabled attribute, and a non-multipart body', async () => {
    const { user, token } = await createAgent(ctx, 'SinImagen');
    const photo = { filename: 'yo.jpg', contentType: 'image/jpeg', bytes: jpeg };
    const cases = [
      [await upload(token, { atributo_id: '3' }), 400],
      [await upload(token, { atributo_id: '3' }, { ...photo, field: 'foto' }), 400],
      [await upload(token, {}, photo), 400],
      [await upload(token, { atributo_id: 'tres' }, photo), 400],
      [await upload(token, { atributo_id: '5' }, photo), 404],
      [await upload(token, { atributo_id: '99' }, photo), 404],
      [await ctx.app.inject({ method: 'POST', url: '/api/refaces/upload', headers: bearer(token), payload: { atributo_id: 3 } }), 415],
    ] as const;
    for (const [res, status] of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/stack|SELECT|at \w+ \(/);
    }
    expect(await storedFor(user.id)).toEqual({ refaces: [], jobs: [] });
  });

  it('asks for a session, and refuses a supervisor browsing as the agent (it would earn IMPs)', async () => {
    const { user } = await createAgent(ctx, 'Suplantada');
    const admin = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const impersonation = await sessionToken(ctx, user, { impersonatorUserId: admin.id });
    const photo = { filename: 'yo.jpg', contentType: 'image/jpeg', bytes: jpeg };
    expect((await upload(null, { atributo_id: '3' }, photo)).statusCode).toBe(401);
    const res = await upload(impersonation, { atributo_id: '3' }, photo);
    expect([res.statusCode, res.json().error]).toEqual([403, IMPERSONATION_EARNS_NOTHING]);
    expect((await storedFor(user.id)).refaces).toEqual([]);
  });
});
