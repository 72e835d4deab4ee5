// Programa › Premios reads: the device's snapshot first, refreshed behind it.
import { fetchProgrammePrizes } from '#api/programme-prizes';
import { useCachedQuery } from '#offline/use-cached-query';
import { prizesKeys } from './keys.ts';

export function useProgrammePrizes(userId: number | null) {
  return useCachedQuery(prizesKeys.list, fetchProgrammePrizes, { userId });
}
