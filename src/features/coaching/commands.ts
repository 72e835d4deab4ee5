// "Descargar .xlsx" for each Seguimiento table: the server writes the workbook (the shared writer,
// formulas neutralised) from the same query as the table's read. Online only: offline nothing
// is requested or queued, and the screen says why.
import { bySiteParams, downloadCoachingTable, filterParams, nudgesParams, type NudgesQuery } from '#api/coaching';
import { ApiRequestError } from '#api/http';
import { saveFile } from '#components/save-file';
import { coachingFileName } from '#contract/coaching-constants';
import type { CoachingFilter, CoachingTable } from '#contract/coaching';
import { surelyOffline } from '#offline/network';

export const DOWNLOAD_OFFLINE = 'Sin conexión: la descarga necesita red. Inténtalo cuando vuelvas a tener conexión.';
export const DOWNLOAD_FAILED = 'Error al descargar el archivo.';

/** One table's workbook request: the table, the attribute and the narrowing its read used (the same params builder). */
export type TableDownload =
  | { table: 'resumen' | 'sedes' | 'preguntas'; atributo: number; slug: string; filter: CoachingFilter }
  | { table: 'rezagados'; atributo: number; slug: string; query: Omit<NudgesQuery, 'page' | 'perPage'> };

/** A failure whose message is the text to show. */
export class CoachingDownloadError extends Error {
  override readonly name = 'CoachingDownloadError';
}

/** A table's workbook parameters: its read's own (the same builder), never the page on screen. */
export function paramsOf(download: TableDownload): Record<string, string | number> {
  if (download.table === 'rezagados') {
    // The whole list, not the page on screen: page and per_page stay out.
    const { page: _page, per_page: _perPage, ...rest } = nudgesParams({ ...download.query, page: 1, perPage: 1 });
    return rest;
  }
  if (download.table === 'sedes') return bySiteParams(download.filter);
  return filterParams(download.filter);
}

/** Offline says so; a refusal (4xx) says the server's reason; anything else the usual text. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return DOWNLOAD_FAILED;
  if (error.isOffline) return DOWNLOAD_OFFLINE;
  return error.kind === 'http' && error.status !== null && error.status < 500 ? error.message : DOWNLOAD_FAILED;
}

/** Saves the table's workbook as seguimiento-{tabla}-{atributo}.xlsx; throws CoachingDownloadError. */
export async function downloadTable(download: TableDownload): Promise<void> {
  if (surelyOffline()) throw new CoachingDownloadError(DOWNLOAD_OFFLINE);
  let blob: Blob;
  try {
    blob = await downloadCoachingTable(download.table satisfies CoachingTable, download.atributo, paramsOf(download));
  } catch (error) {
    throw new CoachingDownloadError(failureText(error));
  }
  saveFile(blob, coachingFileName(download.table, download.slug));
}
