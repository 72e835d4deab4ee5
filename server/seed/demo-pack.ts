// The demo programme is a programme pack (issue 35): its sections built in memory around `now`
// (the calendar of #domain/calendar demoCalendar, each attribute's content, three videos per
// enabled attribute, the quiz questions, the prize catalogue and its prize tiers) and loaded by
// the pack import's own code (parseManifest, then writePack), so the demo's content is checked
// by the same rules and enters the database the same way as an operator's pack. Never writes a
// table itself.
// The demo's files are in the media store like an operator's (demo-media.ts: the clips as video
// sources, the subtitles, the prize images): the sections name their /media/u URLs. The videos
// share the clips in turn (position 0, 1, 2 of each attribute: clip 1, 2, 3); each video's
// duration is its clip's, as ffprobe read it. With `videos: 'job'` every video is then queued
// for the job `video-transcode`, as an upload is.
import type { Kysely } from 'kysely';
import { ATTRIBUTE_SLUGS, type AttributeId } from '#contract/attributes-constants';
import { PACK_FORMAT, PACK_VERSION } from '#contract/programme-pack';
import { demoCalendar } from '#domain/calendar';
import type { Database } from '#server/db/schema';
import { cancelQueuedJobs } from '#server/jobs/runner';
import { calendarPackSection } from '#server/modules/programme/calendar/pack';
import { cataloguePackSection } from '#server/modules/programme/catalogue/pack';
import { PACK_SECTIONS } from '#server/modules/programme/pack/sections';
import { parseManifest, writePack } from '#server/modules/programme/pack/service';
import { prizesPackSection } from '#server/modules/programme/prizes/pack';
import { quizzesPackSection } from '#server/modules/programme/quizzes/pack';
import { queueTranscode, VIDEO_TRANSCODE_JOB } from '#server/modules/programme/videos/processing';
import { videosPackSection } from '#server/modules/programme/videos/pack';
import { demoAttributeContent } from './demo-content/attributes.ts';
import type { DemoFiles } from './demo-media.ts';
import { DEMO_PRIZE_TEMPLATE, DEMO_PRIZES } from './prize-catalogue.ts';
import { QUIZ_CONTENT } from './quiz-content.ts';

/** The demo's late-sync grace (the column's default). */
const GRACE_HOURS = 72;
/** The demo's prizes: the site tiers and the brand winner's, from its first month on. */
const DEMO_PRIZE_TIERS = { tier1: 300, tier2: 200, tier3: 100, brand: 100 };

const slugOf = (id: number) => ATTRIBUTE_SLUGS[id as AttributeId];

function stored<T>(map: ReadonlyMap<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`The demo has no file for ${key}`);
  return value;
}

/** The demo programme's sections, as programa.json carries them, for a programme whose current month holds `now`, naming `files`. */
export function demoPackSections(now: Date, files: DemoFiles): Record<string, unknown> {
  const calendar = demoCalendar(now);
  const enabled = calendar.filter((a) => a.enabled);
  const firstMonth = enabled.map((a) => a.month_start).filter((day) => day !== null).sort()[0] ?? '2000-01-01';
  return {
    [calendarPackSection.name]: calendar.map((entry) => ({
      ...entry, sync_grace_hours: GRACE_HOURS, ...demoAttributeContent(entry.id as AttributeId), logo_url: null, banner_url: null,
    })),
    // Position 0 is the presentation (open with the month); 1 and 2 are formative (open mid-month).
    [videosPackSection.name]: enabled.flatMap((a) => [0, 1, 2].map((position) => {
      const clip = files.clips[position % files.clips.length];
      if (!clip) throw new Error('The demo has no clips');
      return {
        atributo: a.slug,
        position,
        title: position === 0 ? `Presentación ${a.nombre}` : `Formación ${a.nombre} ${position}`,
        available_from: position === 0 ? a.month_start : a.quiz2_opens_at,
        url: clip.url,
        captions_url: stored(files.captions, `${a.slug}-${position}`),
        poster_url: null,
        duration_seconds: clip.seconds,
        hidden: false,
      };
    })),
    [quizzesPackSection.name]: Object.entries(QUIZ_CONTENT).flatMap(([id, quizzes]) => ([1, 2] as const).map((quizz) => ({
      atributo: slugOf(Number(id)),
      quizz,
      preguntas: quizzes[quizz].map((question) => ({
        texto: question.text,
        opciones: question.options.map((texto, index) => ({ texto, correcta: index === question.correct })),
      })),
    }))),
    [cataloguePackSection.name]: DEMO_PRIZES.map((prize, index) => ({
      imagen: stored(files.images, prize.slug),
      nombre: prize.nombre,
      descripcion: prize.descripcion,
      condiciones: prize.condiciones,
      codigo_producto_chequemotiva: prize.providerCode,
      codigo_plantilla_chequemotiva: prize.providerCode ? DEMO_PRIZE_TEMPLATE : null,
      tiene_stock: prize.inStock,
      disponible: true,
      display_order: index + 1,
      valores: prize.valores.map(([valorRings, valorChequemotiva]) => ({ valor_rings: valorRings, valor_chequemotiva: valorChequemotiva })),
    })),
    [prizesPackSection.name]: [{ applies_from: firstMonth.slice(0, 7), ...DEMO_PRIZE_TIERS }],
  };
}

/**
 * Loads the demo programme into the (empty) programme of `trx`, inside the seed's transaction,
 * through the pack import's checks and writer. A problem is a bug in the demo's content: thrown.
 */
export async function writeDemoPack(trx: Kysely<Database>, now: Date, files: DemoFiles): Promise<void> {
  const manifest = { formato: PACK_FORMAT, version: PACK_VERSION, exportado: now.toISOString(), secciones: demoPackSections(now, files) };
  const pack = parseManifest(manifest, PACK_SECTIONS);
  if ('problems' in pack) throw new Error(`The demo pack has problems: ${pack.problems.map((p) => `${p.item}: ${p.message}`).join('; ')}`);
  await writePack(trx, null, pack, []);
  // Whatever the import queued for its store files, the demo's videos are the seed's to set.
  await cancelQueuedJobs(trx, VIDEO_TRANSCODE_JOB);
  if (files.videos === 'as-is') {
    // The clip itself is what agents play, as a video from before processing existed.
    await trx.updateTable('videos').set({ source_url: null, processing: 'ready', playable: true }).execute();
    return;
  }
  // Each video's clip is its source, queued as an upload's (programme/videos/service.ts create):
  // agents see the video once the job has made it ready.
  const videos = await trx.selectFrom('videos').select(['id', 'url']).orderBy('id').execute();
  for (const video of videos) {
    await trx.updateTable('videos').where('id', '=', video.id)
      .set({ source_url: video.url, processing: 'queued', playable: false, processing_progress: 0, processing_error: null }).execute();
    await queueTranscode(trx, { videoId: video.id, source: video.url });
  }
}
