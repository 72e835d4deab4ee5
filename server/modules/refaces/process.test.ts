import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refaceStatusResponseSchema } from '#contract/reface';
import { JobRunner } from '#server/jobs/runner';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { LocalRefaceProvider, PORTRAIT_SIZE } from './local-provider';
import { refaceJobHandler, REFACE_JOB } from './processor';
import type { RefaceProvider } from './provider';
import { jpegPhoto, multipart, pngPhoto } from '#test-support/server/photos';

let ctx: TestContext;
let photo: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  photo = await jpegPhoto();
});
afterAll(async () => {
  await ctx.close();
});

function runner(provider: RefaceProvider = new LocalRefaceProvider()) {
  return new JobRunner(ctx.db, { handlers: { [REFACE_JOB]: refaceJobHandler({ db: ctx.db, clock: ctx.clock.now }, provider) }, clock: ctx.clock.now });
}

async function upload(agent: TestAgent, attributeId: number, bytes: Buffer = photo) {
  const body = multipart({ atributo_id: String(attributeId) }, { filename: 'yo.jpg', contentType: 'image/jpeg', bytes });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/refaces/upload', headers: { ...body.headers, ...bearer(agent.token) }, payload: body.payload });
  expect(res.statusCode).toBe(200);
}

async function status(agent: TestAgent, attributeId: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/refaces/status/${attributeId}`, headers: bearer(agent.token) });
  expect(res.statusCode).toBe(200);
  return refaceStatusResponseSchema.parse(res.json());
}

async function imps(agent: TestAgent): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent.token) })).json().imps;
}

async function refaceCredits(userId: number) {
  return ctx.db.selectFrom('points_ledger').select(['amount', 'source_key', 'attribute_id', 'kind'])
    .where('user_id', '=', userId).where('source_key', 'like', 'reface:%').execute();
}

async function download(agent: TestAgent, path: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/download-image?path=${encodeURIComponent(path)}`, headers: bearer(agent.token) });
}

describe('the reface job', () => {
  it('runs pending → completed, makes a square JPEG portrait and pays +10 IMPs once', async () => {
    const agent = await createAgent(ctx, 'Retratada');
    expect(await status(agent, 3)).toEqual({ status: null, image_path: null });
    await upload(agent, 3);
    expect(await status(agent, 3)).toEqual({ status: 'pending', image_path: null });
    expect(await imps(agent)).toBe(0);

    expect(await runner().runOnce()).toBeGreaterThanOrEqual(1);
    const done = await status(agent, 3);
    expect(done.status).toBe('completed');
    expect(done.image_path).toMatch(new RegExp(`^refaces/${agent.user.id}/[0-9a-f]{32}\\.jpg$`));
    expect(await imps(agent)).toBe(10);
    expect(await refaceCredits(agent.user.id)).toEqual([{ amount: 10, source_key: 'reface:3', attribute_id: 3, kind: 'activity' }]);

    const image = await download(agent, done.image_path ?? '');
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PORTRAIT_SIZE, PORTRAIT_SIZE]);
    // The uploaded photo is not kept once processed.
    const row = await ctx.db.selectFrom('refaces').select('photo').where('user_id', '=', agent.user.id).executeTakeFirstOrThrow();
    expect(row.photo).toBeNull();
  });

  it('"Repetir Reface" replaces the image, keeps the old one visible meanwhile and pays nothing', async () => {
    const agent = await createAgent(ctx, 'Repetidora');
    await upload(agent, 2);
    await runner().runOnce();
    const first = await status(agent, 2);

    await upload(agent, 2, await pngPhoto().then((png) => sharp(png).jpeg().toBuffer()));
    expect(await status(agent, 2)).toEqual({ status: 'pending', image_path: first.image_path });
    await runner().runOnce();
    const second = await status(agent, 2);
    expect(second.status).toBe('completed');
    expect(second.image_path).not.toBe(first.image_path);
    expect((await download(agent, first.image_path ?? '')).statusCode).toBe(404);
    expect((await download(agent, second.image_path ?? '')).statusCode).toBe(200);
    expect(await imps(agent)).toBe(10);
    expect(await refaceCredits(agent.user.id)).toHaveLength(1);
    const images = await ctx.db.selectFrom('refaces').innerJoin('reface_images', 'reface_images.id', 'refaces.image_id')
      .select('reface_images.id').where('refaces.user_id', '=', agent.user.id).execute();
    expect(images).toHaveLength(1);
  });

  it('a newer upload supersedes one still waiting: only the latest is processed', async () => {
    const agent = await createAgent(ctx, 'Impaciente');
    await upload(agent, 1);
    await upload(agent, 1);
    const rendered: number[] = [];
    const counting: RefaceProvider = { render: (request) => (rendered.push(1), new LocalRefaceProvider().render(request)) };
    expect(await runner(counting).runOnce()).toBe(2);
    expect(rendered).toHaveLength(1);
    expect((await status(agent, 1)).status).toBe('completed');
    expect(await imps(agent)).toBe(10);
  });

  it('a provider failure leaves the reface failed with nothing half-written, and a retry can still pay', async () => {
    const agent = await createAgent(ctx, 'Fallida');
    await upload(agent, 3);
    const broken: RefaceProvider = { render: async () => Promise.reject(new Error('provider down')) };
    await runner(broken).runOnce();
    expect(await status(agent, 3)).toEqual({ status: 'failed', image_path: null });
    expect(await imps(agent)).toBe(0);
    const row = await ctx.db.selectFrom('refaces').select(['photo', 'image_id', 'failure']).where('user_id', '=', agent.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ photo: null, image_id: null, failure: 'provider down' });
    const album = await ctx.app.inject({ method: 'GET', url: '/api/album', headers: bearer(agent.token) });
    expect(album.json()).toEqual({ album: [] });

    await upload(agent, 3);
    await runner().runOnce();
    expect((await status(agent, 3)).status).toBe('completed');
    expect(await imps(agent)).toBe(10);
  });

  it('the local provider renders a square portrait in the attribute\'s colours', async () => {
    const portrait = await new LocalRefaceProvider().render({ photo: await pngPhoto(1600, 1200), attribute: { id: 3, slug: 'accesible', nombre: 'Accesible' } });
    const meta = await sharp(portrait).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PORTRAIT_SIZE, PORTRAIT_SIZE]);
    // The attribute's colour treatment: Accesible's portrait is blue-violet, not grey.
    const { channels } = await sharp(portrait).stats();
    const [r, g, b] = channels.map((c) => c.mean);
    expect(b).toBeGreaterThan((r ?? 0) + 20);
    expect(b).toBeGreaterThan((g ?? 0) + 20);
  });
});
