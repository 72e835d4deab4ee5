import { describe, expect, it } from 'vitest';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';

describe('attribute slugs', () => {
  it.each([
    ['devalor', 1, 'De Valor'],
    ['resolutivo', 2, 'Resolutivo'],
    ['accesible', 3, 'Accesible'],
    ['transversal', 4, 'Transversal'],
    ['proactivo', 5, 'Proactivo'],
    ['confiable', 6, 'Confiable'],
    ['conestilo', 7, 'Con Estilo'],
    ['Accesible', 3, 'Accesible'],
    ['innovador', null, null],
    [undefined, null, null],
  ])('%s → %s %s', (slug, id, name) => {
    expect(attributeIdFromSlug(slug)).toBe(id);
    expect(attributeNameFromSlug(slug)).toBe(name);
  });
});
