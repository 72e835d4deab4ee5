// Supervisor and admin calls (spec 7): the simulated-navigation lists, the order summary and
// its workbook, and the user import. All need the network; none is queued in the outbox.
import { ADMIN_PATHS } from '#contract/admin-constants';
import type { ImportResponse, NavigationAgent, OrderSummaryRow, TimeAccommodation } from '#contract/admin';
import { API_BASE } from '#contract/common-constants';
import { apiPath, http, readJson, toApiRequestError } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/admin');

export async function fetchBrands(): Promise<string[]> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.brands)), contract, 'brandsResponseSchema')).data.data.marcas;
}

export async function fetchSites(brand: string): Promise<{ sedes: string[]; plataformas: string[] }> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.sites, { brand })), contract, 'sitesResponseSchema')).data.data;
}

/** The sites of one platform (the API calls them "plataformas"). */
export async function fetchPlatformSites(brand: string, platform: string): Promise<string[]> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.platformSites, { brand, platform })), contract, 'platformSitesResponseSchema')).data.data.plataformas;
}

export async function fetchAgents(brand: string, site: string): Promise<NavigationAgent[]> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.agents, { brand, site })), contract, 'agentsResponseSchema')).data.data.agentes;
}

export async function fetchOrderSummary(): Promise<OrderSummaryRow[]> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.orderSummary)), contract, 'orderSummaryResponseSchema')).listado;
}

/** GET descargar-listado-latam: the workbook's bytes. */
export async function downloadOrderSummary(): Promise<Blob> {
  try {
    return await http.get(apiPath(ADMIN_PATHS.orderSummaryDownload), { timeout: 60_000 }).blob();
  } catch (error) {
    throw toApiRequestError(error);
  }
}

/**
 * POST importar-usuario with the file (multipart, field "file"). Rejects with an
 * ApiRequestError whose message is the server's text (it names every invalid row).
 */
export async function importUsers(file: File): Promise<ImportResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  // Large files take a while to check and store; the import must not be cut short or repeated.
  return readJson(http.post(apiPath(ADMIN_PATHS.importUsers), { body, timeout: 120_000, retry: 0 }), contract, 'importResponseSchema');
}

/** Where the template downloads from (public; a plain link works). */
export const IMPORT_TEMPLATE_URL = `${API_BASE}${ADMIN_PATHS.importTemplate}`;

/** GET tiempo-adaptado/{nick}: an agent's time accommodation (admin only). */
export async function fetchTimeAccommodation(nick: string): Promise<TimeAccommodation> {
  return (await readJson(http.get(apiPath(ADMIN_PATHS.timeAccommodation, { nick })), contract, 'timeAccommodationResponseSchema')).data;
}

/** PUT tiempo-adaptado/{nick}: online only (an admin's change, never queued). */
export async function saveTimeAccommodation(nick: string, factor: number): Promise<TimeAccommodation> {
  const answer = http.put(apiPath(ADMIN_PATHS.timeAccommodation, { nick }), { json: { factor_tiempo: factor }, retry: 0 });
  return (await readJson(answer, contract, 'timeAccommodationResponseSchema')).data;
}
