// The programme's attributes and their calendar (GET atributos).
import { ATTRIBUTE_PATHS, attributesResponseSchema, type Attribute } from '#contract/attributes';
import { apiPath, http, readJson } from '#api/http';

export async function fetchAttributes(): Promise<Attribute[]> {
  return (await readJson(http.get(apiPath(ATTRIBUTE_PATHS.list)), attributesResponseSchema)).atributos;
}
