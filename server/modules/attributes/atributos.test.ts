import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesResponseSchema } from '#contract/attributes';
import { currentAttribute } from '#domain/calendar';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
/** A media-store URL of this type (the demo's files are in the store: issue 36). */
const stored = (ext: string) => expect.stringMatching(new RegExp(`^/media/u/[0-9a-f]{64}\\.${ext}$`));

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/atributos', () => {
  it('returns the calendar around the seed day, in display order', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/atributos', headers: bearer(await ctx.signIn('ana@impecable.demo')) });
    expect(res.statusCode).toBe(200);
    const { atributos } = attributesResponseSchema.parse(res.json());
    expect(atributos.map((a) => [a.id, a.nombre, a.slug, a.enabled, a.month_start, a.month_end, a.quiz2_opens_at])).toEqual([
      [1, 'De Valor', 'devalor', true, '2025-04-01', '2025-04-30', '2025-04-15'],
      [2, 'Resolutivo', 'resolutivo', true, '2025-05-01', '2025-05-31', '2025-05-15'],
      [3, 'Accesible', 'accesible', true, '2025-06-01', '2025-06-30', '2025-06-15'],
      [6, 'Confiable', 'confiable', false, null, null, null],
      [4, 'Transversal', 'transversal', false, null, null, null],
      [5, 'Proactivo', 'proactivo', false, null, null, null],
      [7, 'Con Estilo', 'conestilo', false, null, null, null],
    ]);
    expect(currentAttribute(atributos, NOW)?.slug).toBe('accesible');
  });

  it('seeds three videos per enabled attribute, formative ones from quiz-2 day', async () => {
    const videos = await ctx.db.selectFrom('videos').selectAll().orderBy('attribute_id').orderBy('position').execute();
    expect(videos).toHaveLength(9);
    expect(videos.filter((v) => v.attribute_id === 3).map((v) => [v.position, v.url, v.available_from])).toEqual([
      [0, stored('mp4'), '2025-06-01'],
      [1, stored('mp4'), '2025-06-15'],
      [2, stored('mp4'), '2025-06-15'],
    ]);
  });
});
