// Ranking reads (spec 7) and the ranking downloads. Reads are cached by the feature through
// useCachedQuery; downloads need the network: the file behind download_url is fetched with
// the session's bearer token (it answers only to the user who asked) and returned as a blob.
import { RANKING_PATHS } from '#contract/ranking-constants';
import type { DownloadFilter, DownloadResponse, NeighboursResponse, RankingOptions, RankingPage, RankingView } from '#contract/ranking';
import { apiPath, http, readJson, toApiRequestError } from '#api/http';
import { API_BASE } from '#contract/common-constants';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/ranking');

/** What /ranking/:atributo shows: a view, and for the attribute views the attribute id. */
export interface RankingTarget {
  view: RankingView;
  attributeId: number;
  /** Staff's choice: the site (site view) or brand (brand view) looked at; absent for agents. */
  scopeId?: number | null;
}

function pagePath({ view, attributeId }: RankingTarget): string {
  return view === 'global' ? apiPath(RANKING_PATHS.globalPage) : apiPath(RANKING_PATHS.page(view), { atributo: attributeId });
}

export async function fetchRankingPage(target: RankingTarget, page: number, perPage: number, search: string): Promise<RankingPage> {
  const searchParams: Record<string, string | number> = { page, per_page: perPage };
  if (search.trim()) searchParams.search = search.trim();
  if (target.view !== 'global' && target.scopeId) searchParams[target.view === 'marca' ? 'marca' : 'sede'] = target.scopeId;
  return readJson(http.get(pagePath(target), { searchParams }), contract, 'rankingPageSchema');
}

/** The brands and sites the user may look at (staff choose among them). */
export async function fetchRankingOptions(): Promise<RankingOptions> {
  return readJson(http.get(apiPath(RANKING_PATHS.options)), contract, 'rankingOptionsResponseSchema');
}

/** The user's figures in a ranking (spec 3 single values). */
export interface RankingStats {
  position: number | null;
  totalPoints: number;
  pointsDifference: number;
}

export async function fetchRankingStats({ view, attributeId }: RankingTarget): Promise<RankingStats> {
  const [position, points, difference] = await Promise.all(view === 'global'
    ? [
      readJson(http.get(apiPath(RANKING_PATHS.globalPosition)), contract, 'positionResponseSchema'),
      readJson(http.get(apiPath(RANKING_PATHS.globalPoints)), contract, 'pointsResponseSchema'),
      readJson(http.get(apiPath(RANKING_PATHS.globalDifference)), contract, 'differenceResponseSchema'),
    ] as const
    : [
      readJson(http.get(apiPath(RANKING_PATHS.position(view), { atributo: attributeId })), contract, 'positionResponseSchema'),
      readJson(http.get(apiPath(RANKING_PATHS.points(view), { atributo: attributeId })), contract, 'pointsResponseSchema'),
      readJson(http.get(apiPath(RANKING_PATHS.difference(view), { atributo: attributeId })), contract, 'differenceResponseSchema'),
    ] as const);
  return { position: position.position, totalPoints: points.total_points, pointsDifference: difference.points_difference };
}

export async function fetchNeighbours({ view, attributeId }: RankingTarget): Promise<NeighboursResponse> {
  const path = view === 'global' ? apiPath(RANKING_PATHS.globalNeighbours) : apiPath(RANKING_PATHS.neighbours(view), { atributo: attributeId });
  return readJson(http.get(path), contract, 'neighboursResponseSchema');
}

export type RankingDownload = { kind: 'global' } | { kind: 'attribute'; attributeId: number; filter?: DownloadFilter };

export async function requestRankingDownload(download: RankingDownload): Promise<DownloadResponse> {
  return readJson(http.get(downloadPath(download)), contract, 'downloadResponseSchema');
}

function downloadPath(download: RankingDownload): string {
  if (download.kind === 'global') return apiPath(RANKING_PATHS.downloadGlobal);
  const atributo = download.attributeId;
  return download.filter
    ? apiPath(RANKING_PATHS.downloadAttributeFiltered, { atributo, filtro: download.filter })
    : apiPath(RANKING_PATHS.downloadAttribute, { atributo });
}

/** GET {download_url}: the workbook's bytes (same origin; the URL already starts with /api). */
export async function fetchDownloadFile(downloadUrl: string): Promise<Blob> {
  const path = downloadUrl.startsWith(`${API_BASE}/`) ? downloadUrl.slice(API_BASE.length + 1) : downloadUrl;
  try {
    return await http.get(path).blob();
  } catch (error) {
    throw toApiRequestError(error);
  }
}
