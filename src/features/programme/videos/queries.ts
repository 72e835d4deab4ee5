// Programa › Vídeos reads: the device's snapshot first, refreshed behind it.
import { fetchProgrammeVideos } from '#api/programme-videos';
import { useCachedQuery } from '#offline/use-cached-query';
import { videosKeys } from './keys.ts';

export function useProgrammeVideos(userId: number | null) {
  return useCachedQuery(videosKeys.list, fetchProgrammeVideos, { userId });
}
