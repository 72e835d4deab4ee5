// Programa › Calendario y atributos: the admin's reads and writes of the seven attributes.
// Online only: nothing is queued in the outbox; a refusal rejects with the server's Spanish text.
import { PROGRAMME_CALENDAR_PATHS, type ArtKind } from '#contract/programme-calendar-constants';
import type { AttributeUpdateBody, ProgrammeAttribute } from '#contract/programme-calendar';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-calendar');

export async function fetchProgrammeCalendar(): Promise<ProgrammeAttribute[]> {
  return (await readJson(http.get(apiPath(PROGRAMME_CALENDAR_PATHS.list)), contract, 'programmeCalendarResponseSchema')).atributos;
}

export async function updateAttribute(id: number, body: AttributeUpdateBody): Promise<ProgrammeAttribute> {
  return (await readJson(http.put(apiPath(PROGRAMME_CALENDAR_PATHS.update, { id }), { json: body, retry: 0 }), contract, 'programmeAttributeResponseSchema')).atributo;
}

/** POST the image as the attribute's logo or banner (multipart: kind first, then the file). */
export async function uploadAttributeArt(id: number, kind: ArtKind, file: File): Promise<ProgrammeAttribute> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return (await readJson(http.post(apiPath(PROGRAMME_CALENDAR_PATHS.art, { id }), { body, timeout: 60_000, retry: 0 }), contract, 'programmeAttributeResponseSchema')).atributo;
}

/** Back to the built-in art of the slug. */
export async function resetAttributeArt(id: number, kind: ArtKind): Promise<ProgrammeAttribute> {
  return (await readJson(http.delete(apiPath(PROGRAMME_CALENDAR_PATHS.builtInArt, { id, tipo: kind }), { retry: 0 }), contract, 'programmeAttributeResponseSchema')).atributo;
}
