// The demo is a programme pack: its content is checked by the pack's own rules and written by
// the pack import's writer, so the seeded programme reads back as exactly the demo's pack, and
// the change log shows one import by the system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PACK_FORMAT, PACK_VERSION } from '#contract/programme-pack';
import type { Database } from '#server/db/schema';
import { PACK_SECTIONS } from '#server/modules/programme/pack/sections';
import { parseManifest } from '#server/modules/programme/pack/service';
import { closeTestDatabase, openTestDatabase } from '#test-support/server/test-app';
import { demoPackSections } from './demo-pack.ts';
import { seedMinimal } from './index.ts';

const NOW = new Date('2026-03-20T10:00:00Z');
let db: Kysely<Database>;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedMinimal(db, NOW);
});
afterAll(async () => {
  await closeTestDatabase(db);
});

describe('the demo pack', () => {
  it('passes every section\'s checks, and the seeded programme reads back as exactly that pack', async () => {
    const pack = parseManifest({ formato: PACK_FORMAT, version: PACK_VERSION, exportado: NOW.toISOString(), secciones: demoPackSections(NOW) }, PACK_SECTIONS);
    if ('problems' in pack) throw new Error(JSON.stringify(pack.problems));
    expect(pack.sections.map((s) => s.section.name)).toEqual(['calendario', 'videos', 'quizzes', 'catalogo', 'premios']);
    for (const { section, data } of pack.sections) expect(await section.read(db), section.name).toEqual(data);
  });

  it('is what the seed wrote: seven attributes (ids 1-7), nine videos, sixty questions, its catalogue and one prize row, in one import by the system', async () => {
    expect((await db.selectFrom('attributes').select('id').orderBy('id').execute()).map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const videos = await db.selectFrom('videos').select(['id', 'attribute_id', 'position']).orderBy('id').execute();
    expect(videos.map((v) => [v.id, v.attribute_id, v.position])).toEqual([1, 2, 3].flatMap((a, i) => [0, 1, 2].map((p) => [i * 3 + p + 1, a, p])));
    expect(Number((await db.selectFrom('quiz_questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(60);
    expect(await db.selectFrom('prize_tiers').select(['applies_from', 'tier1', 'tier2', 'tier3', 'brand']).execute())
      .toEqual([{ applies_from: '2026-01', tier1: 300, tier2: 200, tier3: 100, brand: 100 }]);
    expect(await db.selectFrom('content_changes').select(['area', 'entity', 'action', 'actor_user_id']).execute())
      .toEqual([{ area: 'paquete', entity: 'programa', action: 'imported', actor_user_id: null }]);
  });
});
