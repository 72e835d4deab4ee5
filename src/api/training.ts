// Training reads: an attribute's videos with this user's progress, and the attribute's
// training progress. Writes (progress reports, log events) are queued commands in the features.
import { attributeProgressResponseSchema, videosResponseSchema, type Video } from '#contract/training';
import { http, readJson } from '#api/http';

/**
 * Snapshot keys of the device cache. `imps` is the header balance's key (BalanceBox);
 * a command that changes one of these lists it in `affects`.
 */
export const cacheKeys = {
  imps: 'imps',
  attributes: 'atributos',
  videos: (attributeId: number) => `videos:${attributeId}`,
  progress: (attributeId: number) => `progreso:${attributeId}`,
} as const;

/** GET video/atributo/{id}: the attribute's videos, presentation (position 0) included. */
export async function fetchVideos(attributeId: number): Promise<Video[]> {
  return (await readJson(http.get(`video/atributo/${attributeId}`), videosResponseSchema)).videos;
}

/** GET /progreso/{id}: the attribute's training progress, 0-100. */
export async function fetchAttributeProgress(attributeId: number): Promise<number> {
  return (await readJson(http.get(`progreso/${attributeId}`), attributeProgressResponseSchema)).progreso;
}

/** Paths of the queued writes (relative to API_BASE, as the outbox stores them). */
export const trainingPaths = {
  videoProgress: (videoId: number) => `/video/${videoId}/porcentaje`,
  logEvent: '/log/register',
} as const;

const VIDEO_PROGRESS_PATH = /^\/video\/(\d+)\/porcentaje$/;

/** The video a queued progress report is for, read back from its path; null for any other write. */
export function progressVideoId(path: string): number | null {
  const match = VIDEO_PROGRESS_PATH.exec(path);
  return match ? Number(match[1]) : null;
}
