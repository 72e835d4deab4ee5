// The attributes contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/attributes re-exports them beside its schemas.
/** Attribute slugs by id (spec section 2). */
export const ATTRIBUTE_SLUGS = {
  1: 'devalor',
  2: 'resolutivo',
  3: 'accesible',
  4: 'transversal',
  5: 'proactivo',
  6: 'confiable',
  7: 'conestilo',
} as const;

export type AttributeId = keyof typeof ATTRIBUTE_SLUGS;

export type AttributeSlug = (typeof ATTRIBUTE_SLUGS)[AttributeId];

export const ATTRIBUTE_PATHS = { list: '/atributos' } as const;
