// Seeds what is not about people: brands, platforms and sites, the programme calendar
// around `now` (#domain/calendar) and three videos per enabled attribute. Deterministic;
// expects empty tables.
import type { Kysely } from 'kysely';
import { demoCalendar, type CalendarEntry } from '#domain/calendar';
import type { Database } from '#server/db/schema';
import type { AttributeId } from '#contract/attributes';
import { demoAttributeContent } from './demo-content/attributes.ts';
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

/** The bundled clips in public/media are all this long. */
export const DEMO_VIDEO_SECONDS = 6;

export async function seedCatalogue(db: Kysely<Database>, now: Date): Promise<Catalogue> {
  await db.insertInto('brands').values(BRANDS.map((b) => ({ ...b }))).execute();

  const platforms = await db.insertInto('platforms').values(PLATFORMS.map((p) => ({ name: p.name })))
    .returning(['id', 'name']).execute();
  const platformId = new Map(platforms.map((p) => [p.name, p.id]));
  const siteRows = PLATFORMS.flatMap((p) => p.sites.map((s) => ({ name: s.name, platform_id: platformId.get(p.name) ?? 0, weight: s.weight })));
  const sites = await db.insertInto('sites').values(siteRows.map(({ name, platform_id }) => ({ name, platform_id })))
    .returning(['id', 'name', 'platform_id']).execute();
  const weightOf = new Map(siteRows.map((s) => [s.name, s.weight]));

  const calendar = demoCalendar(now);
  // Each attribute's content (texts, colour) is the demo's, from demo-content/attributes.ts.
  await db.insertInto('attributes').values(calendar.map((entry) => {
    const content = demoAttributeContent(entry.id as AttributeId);
    return { ...entry, ...content, personality: JSON.stringify(content.personality), language: JSON.stringify(content.language) };
  })).execute();

  // Position 0 is the presentation (open with the month); 1 and 2 are formative (open mid-month).
  const videoRows = calendar.filter((a) => a.enabled).flatMap((a) => [0, 1, 2].map((position) => ({
    attribute_id: a.id,
    position,
    title: position === 0 ? `Presentación ${a.nombre}` : `Formación ${a.nombre} ${position}`,
    url: `/media/${a.slug}-${position}.mp4`,
    captions_url: `/media/${a.slug}-${position}.vtt`,
    available_from: position === 0 ? a.month_start : a.quiz2_opens_at,
    duration_seconds: DEMO_VIDEO_SECONDS,
  })));
  const videos = await db.insertInto('videos').values(videoRows)
    .returning(['id', 'attribute_id', 'position', 'title', 'available_from', 'duration_seconds']).execute();

  return {
    calendar,
    videos: videos.map((v) => ({ id: v.id, attributeId: v.attribute_id, position: v.position, title: v.title, availableFrom: v.available_from, durationSeconds: v.duration_seconds })),
    platformIds: platforms.map((p) => p.id),
    sites: sites.map((s) => ({ id: s.id, platformId: s.platform_id, weight: weightOf.get(s.name) ?? 1 })),
  };
}
