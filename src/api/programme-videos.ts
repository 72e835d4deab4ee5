// Programa › Vídeos: the admin's reads and writes of each attribute's videos. Online only:
// nothing is queued in the outbox; a refusal rejects with the server's Spanish text. Uploads go
// through XMLHttpRequest, the one browser API that reports upload progress over HTTP/1.1 (ky's
// onUploadProgress streams the request body, which Chromium sends only over HTTP/2).
import { API_BASE } from '#contract/common-constants';
import { buildPath } from '#contract/paths';
import { PROGRAMME_VIDEOS_PATHS, VIDEO_FORM } from '#contract/programme-videos-constants';
import type { AdminVideo, VideoAttribute, VideoUpdateBody } from '#contract/programme-videos';
import { apiPath, ApiRequestError, http, OFFLINE_MESSAGE, readJson, SERVER_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '#api/http';
import { emitUnauthorized } from '#api/http-events';
import { getSession } from '#offline/session';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-videos');

export async function fetchProgrammeVideos(): Promise<VideoAttribute[]> {
  return (await readJson(http.get(apiPath(PROGRAMME_VIDEOS_PATHS.videos)), contract, 'programmeVideosResponseSchema')).atributos;
}

export async function updateVideo(id: number, body: VideoUpdateBody): Promise<AdminVideo> {
  return (await readJson(http.put(apiPath(PROGRAMME_VIDEOS_PATHS.video, { id }), { json: body, retry: 0 }), contract, 'videoAnswerSchema')).video;
}

export async function reorderVideos(atributo: number, ids: number[]): Promise<AdminVideo[]> {
  return (await readJson(http.post(apiPath(PROGRAMME_VIDEOS_PATHS.order), { json: { atributo_id: atributo, ids }, retry: 0 }), contract, 'videoOrderAnswerSchema')).videos;
}

/** A video whose processing failed, queued again (issue 36). */
export async function reprocessVideo(id: number): Promise<AdminVideo> {
  return (await readJson(http.post(apiPath(PROGRAMME_VIDEOS_PATHS.reprocess, { id }), { retry: 0 }), contract, 'videoReprocessAnswerSchema')).video;
}

export async function deleteVideo(id: number): Promise<void> {
  await readJson(http.delete(apiPath(PROGRAMME_VIDEOS_PATHS.video, { id }), { retry: 0 }), contract, 'videoDeleteAnswerSchema');
}

/** Fraction sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export interface NewVideo {
  atributo: number;
  title: string;
  availableFrom: string | null;
  video: File;
  captions: File | null;
  poster: File | null;
}

export interface FileChanges {
  video?: File | null;
  captions?: File | null;
  poster?: File | null;
  removeCaptions?: boolean;
  removePoster?: boolean;
}

/** A multipart POST with upload progress; answers the contract-checked video. */
function send(path: string, body: FormData, onProgress: UploadProgress): Promise<AdminVideo> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    const token = getSession().token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiRequestError(OFFLINE_MESSAGE, 'network'));
    request.ontimeout = () => reject(new ApiRequestError(OFFLINE_MESSAGE, 'timeout'));
    request.onload = () => {
      void (async () => {
        let data: unknown;
        try {
          data = JSON.parse(request.responseText);
        } catch {
          data = undefined;
        }
        if (request.status === 401 && token) emitUnauthorized();
        if (request.status >= 200 && request.status < 300) {
          const parsed = (await contract()).videoAnswerSchema.safeParse(data);
          if (parsed.success) resolve(parsed.data.video);
          else reject(new ApiRequestError('Respuesta inesperada del servidor.', 'invalid-response'));
          return;
        }
        const message = (data as { error?: unknown } | undefined)?.error;
        const fallback = request.status >= 500 ? SERVER_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
        reject(new ApiRequestError(typeof message === 'string' ? message : fallback, 'http', request.status));
      })();
    };
    request.send(body);
  });
}

/** POST programa/videos: text fields first, then the files (the server reads them in order). */
export function uploadVideo(input: NewVideo, onProgress: UploadProgress): Promise<AdminVideo> {
  const body = new FormData();
  body.append(VIDEO_FORM.attribute, String(input.atributo));
  body.append(VIDEO_FORM.title, input.title);
  body.append(VIDEO_FORM.availableFrom, input.availableFrom ?? '');
  body.append(VIDEO_FORM.video, input.video, input.video.name);
  if (input.captions) body.append(VIDEO_FORM.captions, input.captions, input.captions.name);
  if (input.poster) body.append(VIDEO_FORM.poster, input.poster, input.poster.name);
  return send(buildPath(PROGRAMME_VIDEOS_PATHS.videos), body, onProgress);
}

/** POST programa/videos/{id}/archivo: a new MP4, subtitles or poster, or taking them off. */
export function replaceVideoFiles(id: number, changes: FileChanges, onProgress: UploadProgress): Promise<AdminVideo> {
  const body = new FormData();
  if (changes.removeCaptions) body.append(VIDEO_FORM.removeCaptions, '1');
  if (changes.removePoster) body.append(VIDEO_FORM.removePoster, '1');
  if (changes.video) body.append(VIDEO_FORM.video, changes.video, changes.video.name);
  if (changes.captions) body.append(VIDEO_FORM.captions, changes.captions, changes.captions.name);
  if (changes.poster) body.append(VIDEO_FORM.poster, changes.poster, changes.poster.name);
  return send(buildPath(PROGRAMME_VIDEOS_PATHS.videoFiles, { id }), body, onProgress);
}
