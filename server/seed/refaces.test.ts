import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { openTestDatabase } from '#test-support/server/test-app';
import { seedDemo } from './index';

let db: Kysely<Database>;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDemo(db, new Date('2025-06-20T10:00:00Z'));
});
afterAll(async () => {
  await db.destroy();
});

describe('demo refaces', () => {
  it('back every reface credit of the demo ledger with a completed portrait, and nothing else', async () => {
    const { rows } = await sql<{ credits: number; matched: number; refaces: number }>`
      SELECT
        (SELECT count(*)::int FROM points_ledger WHERE source_key LIKE 'reface:%') AS credits,
        (SELECT count(*)::int FROM points_ledger l JOIN refaces r
           ON r.user_id = l.user_id AND 'reface:' || r.attribute_id = l.source_key
           WHERE r.status = 'completed' AND r.image_id IS NOT NULL) AS matched,
        (SELECT count(*)::int FROM refaces) AS refaces`.execute(db);
    expect(rows[0]?.credits).toBeGreaterThan(300);
    expect(rows[0]?.matched).toBe(rows[0]?.credits);
    expect(rows[0]?.refaces).toBe(rows[0]?.credits);
  });

  it('gives each reface its own path under its owner, on real JPEG portraits', async () => {
    const paths = await db.selectFrom('refaces').select(['user_id', 'image_path']).execute();
    expect(new Set(paths.map((p) => p.image_path)).size).toBe(paths.length);
    for (const { user_id: userId, image_path: path } of paths) expect(path).toMatch(new RegExp(`^refaces/${userId}/[0-9a-f]{32}\\.jpg$`));
    const images = await db.selectFrom('reface_images').select('bytes').execute();
    for (const image of images) expect((await sharp(image.bytes).metadata()).format).toBe('jpeg');
  });
});
