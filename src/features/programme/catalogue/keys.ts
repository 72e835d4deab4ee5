// The snapshot keys of Programa › Catálogo (personal, wiped at sign-out like every key).
export const catalogueKeys = {
  /** GET programa/catalogo: every product, withdrawn ones too. */
  list: 'programa:catalogo',
} as const;
