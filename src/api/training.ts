// Training reads: an attribute's videos with this user's progress, and the attribute's
// training progress. Writes (progress reports, log events) are queued commands (features, #data).
import { TRAINING_PATHS } from '#contract/training-constants';
import type { Video } from '#contract/training';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/training');

/** GET video/atributo/{id}: the attribute's videos, presentation (position 0) included. */
export async function fetchVideos(attributeId: number): Promise<Video[]> {
  return (await readJson(http.get(apiPath(TRAINING_PATHS.videos, { id: attributeId })), contract, 'videosResponseSchema')).videos;
}

/** GET /progreso/{id}: the attribute's training progress, 0-100. */
export async function fetchAttributeProgress(attributeId: number): Promise<number> {
  return (await readJson(http.get(apiPath(TRAINING_PATHS.attributeProgress, { id: attributeId })), contract, 'attributeProgressResponseSchema')).progreso;
}
