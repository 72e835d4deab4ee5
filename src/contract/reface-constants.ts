// The reface contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/reface re-exports them beside its schemas.
/** Spec 4: a reface is pending, then processing, then completed or failed. */
export const REFACE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** Multipart field names of POST /refaces/upload. */
export const REFACE_UPLOAD_FIELDS = { image: 'image', attribute: 'atributo_id' } as const;

/** API paths relative to API_BASE (spec section 7). */
export const REFACE_PATHS = {
  upload: '/refaces/upload',
  status: '/refaces/status/:atributo',
  album: '/album',
  downloadImage: '/download-image',
} as const;
