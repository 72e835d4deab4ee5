// Programa › Catálogo reads: the device's snapshot first, refreshed behind it.
import { fetchProgrammeCatalogue } from '#api/programme-catalogue';
import { useCachedQuery } from '#offline/use-cached-query';
import { catalogueKeys } from './keys.ts';

export function useProgrammeCatalogue(userId: number | null) {
  return useCachedQuery(catalogueKeys.list, fetchProgrammeCatalogue, { userId });
}
