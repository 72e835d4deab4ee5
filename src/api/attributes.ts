// The programme's attributes and their calendar (GET atributos).
import { ATTRIBUTE_PATHS } from '#contract/attributes-constants';
import type { Attribute } from '#contract/attributes';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/attributes');

export async function fetchAttributes(): Promise<Attribute[]> {
  return (await readJson(http.get(apiPath(ATTRIBUTE_PATHS.list)), contract, 'attributesResponseSchema')).atributos;
}
