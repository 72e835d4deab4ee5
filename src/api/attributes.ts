// The programme's attributes and their calendar (GET atributos).
import { attributesResponseSchema, type Attribute } from '#contract/attributes';
import { http, readJson } from '#api/http';

export async function fetchAttributes(): Promise<Attribute[]> {
  return (await readJson(http.get('atributos'), attributesResponseSchema)).atributos;
}
