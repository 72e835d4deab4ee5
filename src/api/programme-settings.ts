// Programa › Mantenimiento and Historial de cambios (issue 35): admin calls, online only (none
// is queued in the outbox: a maintenance change must be seen to take effect, or to fail).
import type { HistoryResponse, MaintenanceResponse, MaintenanceUpdate } from '#contract/programme-settings';
import { PROGRAMME_SETTINGS_PATHS, type ProgrammeAreaName } from '#contract/programme-settings-constants';
import { apiPath, http, readJson } from '#api/http';

const contract = () => import('#contract/programme-settings');

export async function fetchMaintenance(): Promise<MaintenanceResponse> {
  return readJson(http.get(apiPath(PROGRAMME_SETTINGS_PATHS.maintenance)), contract, 'maintenanceResponseSchema');
}

/** Rejects with the server's Spanish text (a 409 names the caller's IP to add). */
export async function saveMaintenance(update: MaintenanceUpdate): Promise<MaintenanceResponse> {
  return readJson(http.put(apiPath(PROGRAMME_SETTINGS_PATHS.maintenance), { json: update, retry: 0 }), contract, 'maintenanceResponseSchema');
}

export interface HistoryPageQuery {
  area: ProgrammeAreaName | null;
  cursor: number | null;
}

export async function fetchHistory({ area, cursor }: HistoryPageQuery): Promise<HistoryResponse> {
  const searchParams = new URLSearchParams();
  if (area) searchParams.set('area', area);
  if (cursor !== null) searchParams.set('cursor', String(cursor));
  return readJson(http.get(apiPath(PROGRAMME_SETTINGS_PATHS.history), { searchParams }), contract, 'historyResponseSchema');
}
