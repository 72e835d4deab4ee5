// Programa › Calendario y atributos reads: the device's snapshot first, refreshed behind it.
import { fetchProgrammeCalendar } from '#api/programme-calendar';
import { useCachedQuery } from '#offline/use-cached-query';
import { calendarKeys } from './keys.ts';

export function useProgrammeCalendar(userId: number | null) {
  return useCachedQuery(calendarKeys.list, fetchProgrammeCalendar, { userId });
}
