// The Catálogo contract's plain values (paths): no zod, so the app can import them without the
// validation library. #contract/programme-catalogue re-exports them beside its schemas.
/** Brand 2's prize catalogue as the back-office edits it (admin only; paths after /api). */
export const PROGRAMME_CATALOGUE_PATHS = {
  /** GET the whole catalogue (withdrawn products too); POST a new product. */
  list: '/programa/catalogo',
  /** PUT the product's fields and value options; DELETE a product nobody ordered. */
  item: '/programa/catalogo/:id',
  /** POST multipart, field "file": PNG, JPEG or WebP up to 2 MB. */
  image: '/programa/catalogo/:id/imagen',
  withdraw: '/programa/catalogo/:id/retirar',
  restore: '/programa/catalogo/:id/reponer',
} as const;

export const PRODUCT_STATES = ['listed', 'out-of-stock', 'withdrawn'] as const;

/** What the image picker offers; the server sniffs the bytes whatever the name says. */
export const PRODUCT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
