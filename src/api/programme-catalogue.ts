// Programa › Catálogo: the admin's reads and writes of brand 2's prize catalogue. Online only:
// nothing is queued in the outbox; a refusal rejects with the server's Spanish text.
import { PROGRAMME_CATALOGUE_PATHS } from '#contract/programme-catalogue-constants';
import type { CatalogueProduct, ProductBody } from '#contract/programme-catalogue';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-catalogue');

export async function fetchProgrammeCatalogue(): Promise<CatalogueProduct[]> {
  return (await readJson(http.get(apiPath(PROGRAMME_CATALOGUE_PATHS.list)), contract, 'catalogueResponseSchema')).productos;
}

export async function createProduct(body: ProductBody): Promise<CatalogueProduct> {
  return (await readJson(http.post(apiPath(PROGRAMME_CATALOGUE_PATHS.list), { json: body, retry: 0 }), contract, 'productAnswerSchema')).producto;
}

export async function updateProduct(id: number, body: ProductBody): Promise<CatalogueProduct> {
  return (await readJson(http.put(apiPath(PROGRAMME_CATALOGUE_PATHS.item, { id }), { json: body, retry: 0 }), contract, 'productAnswerSchema')).producto;
}

/** POST the product's image (multipart, field "file"). */
export async function uploadProductImage(id: number, file: File): Promise<CatalogueProduct> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await readJson(http.post(apiPath(PROGRAMME_CATALOGUE_PATHS.image, { id }), { body, timeout: 60_000, retry: 0 }), contract, 'productAnswerSchema')).producto;
}

/** Withdraw (agents no longer see or redeem it) or restore the product. */
export async function setProductListed(id: number, listed: boolean): Promise<CatalogueProduct> {
  const path = listed ? PROGRAMME_CATALOGUE_PATHS.restore : PROGRAMME_CATALOGUE_PATHS.withdraw;
  return (await readJson(http.post(apiPath(path, { id }), { retry: 0 }), contract, 'productAnswerSchema')).producto;
}

export async function deleteProduct(id: number): Promise<void> {
  await readJson(http.delete(apiPath(PROGRAMME_CATALOGUE_PATHS.item, { id }), { retry: 0 }), contract, 'productDeletedSchema');
}
