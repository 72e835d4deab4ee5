// Seeds what is not about people: brands, platforms and sites, then the demo programme (its
// calendar around `now`, attribute content, videos, quizzes, prize catalogue and tiers) as a
// programme pack through the pack import's writer (demo-pack.ts). Answers what the rest of the
// seed plans from, read back from the database. Deterministic; expects empty tables.
import type { Kysely } from 'kysely';
import type { CalendarEntry } from '#domain/calendar';
import type { Database } from '#server/db/schema';
import { writeDemoPack } from './demo-pack.ts';
import type { DemoFiles } from './demo-media.ts';
import { BRANDS, PLATFORMS } from './names.ts';

export interface SeededVideo {
  id: number;
  attributeId: number;
  position: number;
  title: string;
  availableFrom: string | null;
  durationSeconds: number;
}

export interface SeededSite {
  id: number;
  platformId: number;
  weight: number;
}

export interface Catalogue {
  calendar: CalendarEntry[];
  videos: SeededVideo[];
  platformIds: number[];
  sites: SeededSite[];
}

export async function seedCatalogue(db: Kysely<Database>, now: Date, files: DemoFiles): Promise<Catalogue> {
  await db.insertInto('brands').values(BRANDS.map((b) => ({ ...b }))).execute();

  const platforms = await db.insertInto('platforms').values(PLATFORMS.map((p) => ({ name: p.name })))
    .returning(['id', 'name']).execute();
  const platformId = new Map(platforms.map((p) => [p.name, p.id]));
  const siteRows = PLATFORMS.flatMap((p) => p.sites.map((s) => ({ name: s.name, platform_id: platformId.get(p.name) ?? 0, weight: s.weight })));
  const sites = await db.insertInto('sites').values(siteRows.map(({ name, platform_id }) => ({ name, platform_id })))
    .returning(['id', 'name', 'platform_id']).execute();
  const weightOf = new Map(siteRows.map((s) => [s.name, s.weight]));

  // The programme: one pack, loaded as an operator's would be.
  await writeDemoPack(db, now, files);
  const calendar: CalendarEntry[] = await db.selectFrom('attributes')
    .select(['id', 'slug', 'nombre', 'enabled', 'month_start', 'month_end', 'quiz2_opens_at', 'display_order']).orderBy('id').execute();
  const videos = await db.selectFrom('videos').select(['id', 'attribute_id', 'position', 'title', 'available_from', 'duration_seconds'])
    .orderBy('id').execute();

  return {
    calendar,
    videos: videos.map((v) => ({ id: v.id, attributeId: v.attribute_id, position: v.position, title: v.title, availableFrom: v.available_from, durationSeconds: v.duration_seconds })),
    platformIds: platforms.map((p) => p.id),
    sites: sites.map((s) => ({ id: s.id, platformId: s.platform_id, weight: weightOf.get(s.name) ?? 1 })),
  };
}
