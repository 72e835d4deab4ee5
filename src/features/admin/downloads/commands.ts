// Ranking downloads (spec 2 "/descargar/ranking", spec 8 messages): ask the API for the
// workbook's short-lived URL, fetch it with the session's token and save it under its name.
// Online only: nothing is queued; a dropped connection says so.
import { ApiRequestError } from '#api/http';
import { saveFile } from '#components/save-file';
import { fetchDownloadFile, requestRankingDownload, type RankingDownload } from '#api/ranking';
import type { DownloadFilter } from '#contract/ranking';

export const NO_DOWNLOAD_URL = 'No se recibió la URL de descarga.';
export const DOWNLOAD_FAILED = 'Error al descargar el archivo.';
export const UNSUPPORTED_DOWNLOAD = 'Tipo de descarga no soportado';

export type DownloadType = 'global' | 'atributo';

/** A failure whose message is one of the screen's texts. */
export class RankingDownloadError extends Error {
  override readonly name = 'RankingDownloadError';
}

function requestOf(type: string, attributeId: number | null, filter: DownloadFilter | undefined): RankingDownload {
  if (type === 'global') return { kind: 'global' };
  if (type === 'atributo' && attributeId !== null) return { kind: 'attribute', attributeId, filter };
  throw new RankingDownloadError(UNSUPPORTED_DOWNLOAD);
}

function failure(error: unknown): RankingDownloadError {
  if (error instanceof RankingDownloadError) return error;
  return new RankingDownloadError(error instanceof ApiRequestError && error.isOffline ? error.message : DOWNLOAD_FAILED);
}

/** Downloads a ranking workbook; throws RankingDownloadError with the text to show. */
export async function downloadRanking(type: string, attributeId: number | null = null, filter?: DownloadFilter): Promise<void> {
  const request = requestOf(type, attributeId, filter);
  let answer;
  try {
    answer = await requestRankingDownload(request);
  } catch (error) {
    throw failure(error);
  }
  if (!answer.download_url) throw new RankingDownloadError(NO_DOWNLOAD_URL);
  try {
    saveFile(await fetchDownloadFile(answer.download_url), answer.file_name);
  } catch (error) {
    throw failure(error);
  }
}
