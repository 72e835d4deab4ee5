// Training reads: an attribute's videos with this user's progress, and the attribute's
// training progress. Writes (progress reports, log events) are queued commands (features, #data).
import { attributeProgressResponseSchema, TRAINING_PATHS, videosResponseSchema, type Video } from '#contract/training';
import { apiPath, http, readJson } from '#api/http';

/** GET video/atributo/{id}: the attribute's videos, presentation (position 0) included. */
export async function fetchVideos(attributeId: number): Promise<Video[]> {
  return (await readJson(http.get(apiPath(TRAINING_PATHS.videos, { id: attributeId })), videosResponseSchema)).videos;
}

/** GET /progreso/{id}: the attribute's training progress, 0-100. */
export async function fetchAttributeProgress(attributeId: number): Promise<number> {
  return (await readJson(http.get(apiPath(TRAINING_PATHS.attributeProgress, { id: attributeId })), attributeProgressResponseSchema)).progreso;
}
