// Demo refaces: every 'reface:{attribute}' credit the demo ledger holds gets its completed
// reface with a real portrait, so the album and the dashboards agree with the points. One
// portrait per attribute, rendered once per process by the real local provider from a drawn
// stand-in photo and shared by all seeded agents (each still has its own opaque path).
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { LocalRefaceProvider } from '#server/modules/refaces/local-provider';
import { newImagePath } from '#server/modules/refaces/service';
import { chunks } from './prng.ts';

const BATCH = 500;

/** A drawn head-and-shoulders "ID photo": what an agent would upload. */
const STAND_IN_PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="720">
  <rect width="720" height="720" fill="#c9d3dc"/>
  <path d="M120 720 C150 560 250 500 360 500 C470 500 570 560 600 720 Z" fill="#27466b"/>
  <rect x="318" y="420" width="84" height="100" rx="30" fill="#c98f6b"/>
  <ellipse cx="360" cy="320" rx="128" ry="156" fill="#e0a987"/>
  <path d="M228 300 C220 170 300 130 365 132 C440 134 505 180 494 300 C470 230 420 205 360 205 C300 205 250 235 228 300 Z" fill="#3b2417"/>
  <ellipse cx="312" cy="322" rx="13" ry="9" fill="#2b1d15"/>
  <ellipse cx="408" cy="322" rx="13" ry="9" fill="#2b1d15"/>
  <path d="M360 340 L350 392 L368 394" fill="none" stroke="#b0785a" stroke-width="6" stroke-linecap="round"/>
  <path d="M318 420 Q360 450 402 420" fill="none" stroke="#8c3b32" stroke-width="9" stroke-linecap="round"/>
</svg>`;

const portraits = new Map<string, Promise<Buffer>>();

function demoPortrait(attribute: { id: number; slug: string; nombre: string }): Promise<Buffer> {
  let portrait = portraits.get(attribute.slug);
  if (!portrait) {
    portrait = sharp(Buffer.from(STAND_IN_PHOTO)).jpeg({ quality: 90 }).toBuffer()
      .then((photo) => new LocalRefaceProvider().render({ photo, attribute }));
    portraits.set(attribute.slug, portrait);
  }
  return portrait;
}

/** Creates the completed refaces behind the ledger's reface credits; returns how many. */
export async function seedRefaces(db: Kysely<Database>): Promise<number> {
  const credits = await db.selectFrom('points_ledger')
    .select(['user_id', 'attribute_id', 'occurred_at'])
    .where('source_key', 'like', 'reface:%').where('attribute_id', 'is not', null)
    .orderBy('id').execute();
  if (credits.length === 0) return 0;
  const attributeIds = [...new Set(credits.map((c) => c.attribute_id ?? 0))];
  const attributes = await db.selectFrom('attributes').select(['id', 'slug', 'nombre']).where('id', 'in', attributeIds).execute();
  const imageIds = new Map<number, number>();
  const rendered = await Promise.all(attributes.map(async (a) => ({ id: a.id, bytes: await demoPortrait(a) })));
  for (const { id, bytes } of rendered) {
    const row = await db.insertInto('reface_images').values({ bytes }).returning('id').executeTakeFirstOrThrow();
    imageIds.set(id, row.id);
  }
  const rows = credits.flatMap((credit) => {
    const imageId = imageIds.get(credit.attribute_id ?? 0);
    if (imageId === undefined || credit.attribute_id === null) return [];
    return [{
      user_id: credit.user_id, attribute_id: credit.attribute_id, status: 'completed' as const,
      request_id: `seed-${credit.user_id}-${credit.attribute_id}`, image_id: imageId, image_path: newImagePath(credit.user_id),
      requested_at: credit.occurred_at, completed_at: credit.occurred_at, updated_at: credit.occurred_at,
    }];
  });
  for (const batch of chunks(rows, BATCH)) await db.insertInto('refaces').values(batch).execute();
  return rows.length;
}
