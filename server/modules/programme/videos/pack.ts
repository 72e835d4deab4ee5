// "Vídeos" in a programme pack: every video of every attribute, by the attribute's slug (ids
// differ between databases), in order, hidden ones too. Checked with the screen's rules
// (#domain/programme-videos); loaded into a programme that has no videos yet, after the
// calendar section has written the attributes. Files are media-store URLs (/media/u/…, their
// bytes travel in the pack) or, for the demo, the app's built-in /media/<name>.mp4|.vtt files.
// A video travels as its MP4 `url` (a processed video's low MP4: what any server can play; its
// stream is this server's, so stream_url stays home). An imported video whose MP4 is a store
// file is queued for processing on the importing server (issue 36: its stream is built there,
// or taken at once from renditions that server already has of that file, processing.ts), and
// plays its MP4 meanwhile (playable).
import * as z from 'zod/mini';
import { packVideosSchema, type PackVideo } from '#contract/programme-videos';
import { dateAfterMonth, isIsoDay, ORDER_HIDDEN_FIRST, videoFieldProblems, DATE_INVALID } from '#domain/programme-videos';
import { mediaKeyOfUrl } from '#server/media/store';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { queueTranscode } from './processing.ts';

const NAME = 'videos';
const STORE_EXT = { url: /\.mp4$/, captions: /\.vtt$/, poster: /\.(png|jpg|webp)$/ };

const itemOf = (v: Pick<PackVideo, 'atributo' | 'position'>) => `${NAME} › ${v.atributo} › vídeo ${v.position + 1}`;

function fileProblem(kind: 'url' | 'captions' | 'poster', url: string): string | null {
  const key = mediaKeyOfUrl(url);
  if (key !== null) return STORE_EXT[kind].test(key) ? null : `${LABEL[kind]} no es del tipo esperado`;
  return `${LABEL[kind]} debe ser un archivo del paquete (/media/u/…)`;
}
const LABEL = { url: 'El vídeo', captions: 'Los subtítulos', poster: 'La portada' } as const;

const storeUrls = (v: PackVideo) => [v.url, v.captions_url, v.poster_url].filter((url): url is string => url !== null && mediaKeyOfUrl(url) !== null);

export const videosPackSection: PackSection<PackVideo[]> = {
  name: NAME,
  parse(raw) {
    const parsed = z.safeParse(packVideosSchema, raw);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ item: [NAME, ...issue.path.map(String)].join(' › '), message: issue.message })) };
    }
    const problems: PackProblem[] = [];
    const byAttribute = new Map<string, PackVideo[]>();
    for (const video of parsed.data) {
      const item = itemOf(video);
      // The month is checked on writing, against the attribute the calendar section wrote.
      for (const problem of videoFieldProblems(video, { month_start: null, month_end: null })) problems.push({ item, message: problem.message });
      for (const [kind, url] of [['url', video.url], ['captions', video.captions_url], ['poster', video.poster_url]] as const) {
        const problem = url === null ? null : fileProblem(kind, url);
        if (problem) problems.push({ item, message: problem });
      }
      byAttribute.set(video.atributo, [...(byAttribute.get(video.atributo) ?? []), video]);
    }
    for (const [slug, videos] of byAttribute) {
      const positions = videos.map((v) => v.position).sort((a, b) => a - b);
      if (positions.some((p, i) => p !== i)) problems.push({ item: `${NAME} › ${slug}`, message: 'Las posiciones de sus vídeos deben ser 0, 1, 2… sin huecos ni repeticiones' });
      if (videos.find((v) => v.position === 0)?.hidden) problems.push({ item: `${NAME} › ${slug}`, message: ORDER_HIDDEN_FIRST });
    }
    return problems.length > 0 ? { problems } : { data: parsed.data.map((v) => ({ ...v, title: v.title.trim() })) };
  },
  async read(db) {
    const rows = await db.selectFrom('videos as v').innerJoin('attributes as a', 'a.id', 'v.attribute_id')
      .select(['a.slug', 'v.position', 'v.title', 'v.available_from', 'v.url', 'v.captions_url', 'v.poster_url', 'v.duration_seconds', 'v.hidden'])
      .orderBy('a.display_order').orderBy('a.id').orderBy('v.position')
      .execute();
    return rows.map(({ slug, ...v }) => ({ atributo: slug, ...v }));
  },
  media(data) {
    return [...new Set(data.flatMap(storeUrls))];
  },
  async write(trx, data) {
    const existing = await trx.selectFrom('videos').select('id').limit(1).execute();
    if (existing.length > 0) return [{ item: NAME, message: 'El programa ya tiene vídeos' }];
    const attributes = new Map((await trx.selectFrom('attributes').select(['id', 'slug', 'month_start', 'month_end']).execute()).map((a) => [a.slug, a]));
    const keys = [...new Set(data.flatMap(storeUrls).map((url) => mediaKeyOfUrl(url) as string))];
    const held = new Set(keys.length === 0 ? [] : (await trx.selectFrom('media_files').select('key').where('key', 'in', keys).execute()).map((r) => r.key));
    const problems: PackProblem[] = [];
    for (const video of data) {
      const item = itemOf(video);
      const attribute = attributes.get(video.atributo);
      if (!attribute) {
        problems.push({ item, message: `No existe el atributo «${video.atributo}»` });
        continue;
      }
      if (video.available_from !== null && !isIsoDay(video.available_from)) problems.push({ item, message: DATE_INVALID });
      else if (video.available_from !== null && attribute.month_end !== null && video.available_from > attribute.month_end) {
        problems.push({ item, message: dateAfterMonth(attribute.month_end) });
      }
      for (const url of storeUrls(video)) {
        if (!held.has(mediaKeyOfUrl(url) as string)) problems.push({ item, message: `Falta en el paquete el archivo ${url}` });
      }
    }
    if (problems.length > 0) return problems;
    for (const video of data) {
      const attribute = attributes.get(video.atributo);
      if (!attribute) continue;
      const inStore = mediaKeyOfUrl(video.url) !== null;
      const row = await trx.insertInto('videos').values({
        attribute_id: attribute.id, position: video.position, title: video.title, available_from: video.available_from, url: video.url,
        captions_url: video.captions_url, poster_url: video.poster_url, duration_seconds: video.duration_seconds, hidden: video.hidden,
        ...(inStore ? { source_url: video.url, processing: 'queued' as const, playable: true } : {}),
      }).returning('id').executeTakeFirstOrThrow();
      if (inStore) await queueTranscode(trx, { videoId: row.id, source: video.url });
    }
    return [];
  },
};
