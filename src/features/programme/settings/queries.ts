// Mantenimiento and Historial reads: the device's snapshot first, refreshed on every visit
// (maxAgeMs 0), since both change from elsewhere (another admin, another network's IP).
import { fetchHistory, fetchMaintenance } from '#api/programme-settings';
import type { ProgrammeAreaName } from '#contract/programme-settings-constants';
import { useCachedQuery } from '#offline/use-cached-query';
import { settingsKeys } from './keys.ts';

export function useMaintenance(userId: number) {
  return useCachedQuery(settingsKeys.maintenance, fetchMaintenance, { userId, maxAgeMs: 0 });
}

export function useHistoryFirstPage(userId: number, area: ProgrammeAreaName | null) {
  return useCachedQuery(settingsKeys.history(area), () => fetchHistory({ area, cursor: null }), { userId, maxAgeMs: 0 });
}
