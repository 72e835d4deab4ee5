// Programa › Vídeos: what the routes do. Every write checks #domain/programme-videos, stores
// its files (content-addressed: a replaced file gets a new URL, so devices fetch it again) only
// once the whole request is valid, and changes the rows and the Historial de cambios in one
// transaction. A replaced file keeps the video's id, so every agent's progress stays with it.
// A video file (issue 36) is probed before anything is stored (source.ts), stored as the
// video's source, and processed by the job `video-transcode` (processing.ts): the video is
// 'queued' until then, and agents do not see a new one; a replaced file keeps the previous
// renditions playing for agents until the new ones are ready (or for good if they fail); a
// failed one is queued again by reprocess.
import type { Kysely } from 'kysely';
import type { AdminVideo, ProgrammeVideosResponse, VideoOrderBody, VideoUpdateBody } from '#contract/programme-videos';
import { VIDEO_FORM } from '#contract/programme-videos-constants';
import {
  firstProblem, mayDeleteVideo, normalizeTitle, orderProblems, PRESENTATION_CANNOT_HIDE, videoChangeProblems, videoFieldProblems, WATCHED_CANNOT_DELAY,
  WATCHED_CANNOT_DELETE,
} from '#domain/programme-videos';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { saveMedia, type MediaStore } from '#server/media/store';
import { rebuildCoaching } from '#server/modules/coaching/aggregates-rebuild';
import { rebuildStandings } from '#server/modules/rankings/standings';
import type { ProgrammeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import { createVideosRepository } from './repository.ts';
import { queueTranscode } from './processing.ts';
import { checkSource, saveSource } from './source.ts';
import { checkCaptions, checkPoster, type CheckedMedia, type VideoUpload } from './upload.ts';

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';
export const VIDEO_NOT_FOUND = 'No existe ese vídeo';
export const ATTRIBUTE_REQUIRED = 'Elige el atributo del vídeo';
export const TITLE_MISSING = 'Falta el título del vídeo';
export const VIDEO_FILE_REQUIRED = 'Falta el archivo de vídeo (MP4)';
export const NOTHING_TO_CHANGE = 'Envía un archivo nuevo o indica qué quitar';
export const NOT_FAILED = 'Solo se reintenta un vídeo cuyo procesamiento ha fallado';
export const NO_SOURCE = 'Este vídeo no tiene un archivo original que procesar: sube el vídeo de nuevo';
export const HIDDEN_WOULD_LEAD = 'Sin este vídeo, uno oculto quedaría como presentación: muéstralo o cambia el orden antes';
const FLAG_ON = '1';

const AREA = 'videos' as const;

/** The audit's picture of a video: what an operator changed, without the counts. */
const snapshot = (v: AdminVideo) => ({
  atributo_id: v.atributo_id, position: v.position, title: v.title, available_from: v.available_from, url: v.url,
  captions_url: v.captions_url, poster_url: v.poster_url, duration_seconds: v.duration_seconds, hidden: v.hidden,
  processing: v.processing, processing_error: v.processing_error,
});

function parseAttributeId(raw: string | undefined): number {
  const id = Number(raw);
  if (raw === undefined || raw.trim() === '') throw new HttpError(400, ATTRIBUTE_REQUIRED);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(400, ATTRIBUTE_NOT_FOUND);
  return id;
}

const dateField = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? null : raw.trim());

export function createProgrammeVideosService({ db, media }: { db: Kysely<Database>; media: MediaStore }) {
  const repo = createVideosRepository(db);

  async function save(trx: Kysely<Database>, file: CheckedMedia): Promise<string> {
    return (await saveMedia(trx, media, file.bytes, file)).url;
  }

  async function existing(trx: Kysely<Database>, id: number): Promise<AdminVideo> {
    const video = await createVideosRepository(trx).find(id);
    if (!video) throw new HttpError(404, VIDEO_NOT_FOUND);
    return video;
  }

  return {
    async list(): Promise<ProgrammeVideosResponse> {
      const [attributes, videos] = await Promise.all([repo.attributes(), repo.all()]);
      return { atributos: attributes.map((a) => ({ ...a, videos: videos.filter((v) => v.atributo_id === a.id) })) };
    },

    async create(editor: ProgrammeEditor, upload: VideoUpload): Promise<AdminVideo> {
      const attributeId = parseAttributeId(upload.fields[VIDEO_FORM.attribute]);
      const title = upload.fields[VIDEO_FORM.title];
      if (title === undefined) throw new HttpError(400, TITLE_MISSING);
      const fields = { title, available_from: dateField(upload.fields[VIDEO_FORM.availableFrom]) };
      const attribute = await repo.findAttribute(attributeId);
      if (!attribute) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
      const problem = firstProblem(videoFieldProblems(fields, attribute));
      if (problem) throw new HttpError(400, problem);
      if (upload.fields[VIDEO_FORM.removeCaptions] !== undefined || upload.fields[VIDEO_FORM.removePoster] !== undefined) {
        throw new HttpError(400, 'Un vídeo nuevo no tiene nada que quitar');
      }
      if (!upload.files.video) throw new HttpError(400, VIDEO_FILE_REQUIRED);
      const captions = upload.files.subtitulos ? checkCaptions(upload.files.subtitulos) : null;
      const poster = upload.files.poster ? checkPoster(upload.files.poster) : null;
      const video = await checkSource(upload.files.video);

      return db.transaction().execute(async (trx) => {
        const videos = createVideosRepository(trx);
        const locked = await videos.lockAttribute(attributeId);
        if (!locked) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
        const source = await saveSource(trx, media, video);
        const id = await videos.insert({
          attribute_id: attributeId,
          position: await videos.nextPosition(attributeId),
          title: normalizeTitle(fields.title),
          available_from: fields.available_from,
          url: source,
          source_url: source,
          processing: 'queued',
          captions_url: captions ? await save(trx, captions) : null,
          poster_url: poster ? await save(trx, poster) : null,
          duration_seconds: video.video.durationSeconds,
        });
        await queueTranscode(trx, { videoId: id, source });
        const created = await existing(trx, id);
        await recordChange(trx, editor, { area: AREA, entity: 'video', entityId: id, action: 'created', before: null, after: snapshot(created) });
        return created;
      });
    },

    async update(editor: ProgrammeEditor, id: number, body: VideoUpdateBody): Promise<AdminVideo> {
      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, id);
        const attribute = await createVideosRepository(trx).lockAttribute(before.atributo_id);
        if (!attribute) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
        // Read again under the attribute's lock: its order may have changed meanwhile.
        const current = await existing(trx, id);
        const problem = firstProblem(videoChangeProblems(current, body, attribute));
        // Against what agents have done or rely on: a conflict, not a malformed request.
        if (problem) throw new HttpError(problem === WATCHED_CANNOT_DELAY || problem === PRESENTATION_CANNOT_HIDE ? 409 : 400, problem);
        await createVideosRepository(trx).update(id, { title: normalizeTitle(body.title), available_from: body.available_from, hidden: body.hidden });
        const after = await existing(trx, id);
        const action = after.hidden !== current.hidden ? (after.hidden ? 'hidden' : 'shown') : 'updated';
        // A hidden video is part only of the training of those who had seen it
        // (training/repository inTraining): who has finished may change, so the rankings and
        // Seguimiento follow, set-based, in this transaction.
        if (after.hidden !== current.hidden) {
          await rebuildStandings(trx);
          await rebuildCoaching(trx);
        }
        await recordChange(trx, editor, { area: AREA, entity: 'video', entityId: id, action, before: snapshot(current), after: snapshot(after) });
        return after;
      });
    },

    async replaceFiles(editor: ProgrammeEditor, id: number, upload: VideoUpload): Promise<AdminVideo> {
      for (const name of [VIDEO_FORM.attribute, VIDEO_FORM.title, VIDEO_FORM.availableFrom]) {
        if (upload.fields[name] !== undefined) throw new HttpError(400, `Aquí solo se cambian archivos: «${name}» se cambia al editar el vídeo`);
      }
      const removeCaptions = upload.fields[VIDEO_FORM.removeCaptions] === FLAG_ON;
      const removePoster = upload.fields[VIDEO_FORM.removePoster] === FLAG_ON;
      if (removeCaptions && upload.files.subtitulos) throw new HttpError(400, 'Envía subtítulos nuevos o quítalos, no las dos cosas');
      if (removePoster && upload.files.poster) throw new HttpError(400, 'Envía una portada nueva o quítala, no las dos cosas');
      const captions = upload.files.subtitulos ? checkCaptions(upload.files.subtitulos) : null;
      const poster = upload.files.poster ? checkPoster(upload.files.poster) : null;
      if (!upload.files.video && !captions && !poster && !removeCaptions && !removePoster) throw new HttpError(400, NOTHING_TO_CHANGE);
      const video = upload.files.video ? await checkSource(upload.files.video) : null;

      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, id);
        const videos = createVideosRepository(trx);
        await videos.lockAttribute(before.atributo_id);
        const current = await existing(trx, id);
        const state = await videos.processingOf(id);
        // Renditions agents can play (ready now, or once before): kept, and played, until the new
        // file's are ready (processing.ts swaps them in), or for good if its processing fails.
        const playable = current.processing === 'ready' || state?.playable === true;
        const source = video ? await saveSource(trx, media, video) : null;
        await videos.update(id, {
          // A new file: processed again under the same id.
          ...(video && source ? {
            source_url: source, processing: 'queued' as const, processing_progress: 0, processing_error: null, playable,
            ...(playable ? {} : { url: source, stream_url: null, duration_seconds: video.video.durationSeconds }),
          } : {}),
          ...(captions ? { captions_url: await save(trx, captions) } : removeCaptions ? { captions_url: null } : {}),
          ...(poster ? { poster_url: await save(trx, poster), poster_generated: false } : removePoster ? { poster_url: null, poster_generated: false } : {}),
        });
        // Agents see it as before (training/repository visibleToAgents): nothing to rebuild.
        if (source) await queueTranscode(trx, { videoId: id, source });
        const after = await existing(trx, id);
        await recordChange(trx, editor, { area: AREA, entity: 'video', entityId: id, action: 'files-replaced', before: snapshot(current), after: snapshot(after) });
        return after;
      });
    },

    /** A failed video queued again, from its source (the job is idempotent: nothing else to undo). */
    async reprocess(editor: ProgrammeEditor, id: number): Promise<AdminVideo> {
      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, id);
        const videos = createVideosRepository(trx);
        await videos.lockAttribute(before.atributo_id);
        const current = await existing(trx, id);
        const state = await videos.processingOf(id);
        if (current.processing !== 'failed') throw new HttpError(409, NOT_FAILED);
        if (!state?.source_url) throw new HttpError(409, NO_SOURCE);
        await videos.update(id, { processing: 'queued', processing_progress: 0, processing_error: null });
        await queueTranscode(trx, { videoId: id, source: state.source_url });
        const after = await existing(trx, id);
        await recordChange(trx, editor, { area: AREA, entity: 'video', entityId: id, action: 'reprocessed', before: snapshot(current), after: snapshot(after) });
        return after;
      });
    },

    async reorder(editor: ProgrammeEditor, body: VideoOrderBody): Promise<AdminVideo[]> {
      return db.transaction().execute(async (trx) => {
        const videos = createVideosRepository(trx);
        if (!(await videos.lockAttribute(body.atributo_id))) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
        const before = await videos.ofAttribute(body.atributo_id);
        const problem = firstProblem(orderProblems(before, body.ids));
        if (problem) throw new HttpError(400, problem);
        await videos.setOrder(body.atributo_id, body.ids);
        const after = await videos.ofAttribute(body.atributo_id);
        await recordChange(trx, editor, {
          area: AREA, entity: 'attribute-videos', entityId: body.atributo_id, action: 'reordered',
          before: before.map((v) => v.id), after: after.map((v) => v.id),
        });
        return after;
      });
    },

    async remove(editor: ProgrammeEditor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const found = await existing(trx, id);
        const videos = createVideosRepository(trx);
        await videos.lockAttribute(found.atributo_id);
        // Counted again under the lock: a report may have arrived meanwhile.
        const current = await existing(trx, id);
        if (!mayDeleteVideo(current)) throw new HttpError(409, WATCHED_CANNOT_DELETE);
        // The rest close ranks: the next one becomes the presentation when the first goes.
        const rest = (await videos.ofAttribute(current.atributo_id)).filter((v) => v.id !== id);
        if (firstProblem(orderProblems(rest, rest.map((v) => v.id)))) throw new HttpError(409, HIDDEN_WOULD_LEAD);
        await videos.delete(id);
        await videos.setOrder(current.atributo_id, rest.map((v) => v.id));
        await recordChange(trx, editor, { area: AREA, entity: 'video', entityId: id, action: 'deleted', before: snapshot(current), after: null });
      });
    },
  };
}

export type ProgrammeVideosService = ReturnType<typeof createProgrammeVideosService>;
