// The training contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/training re-exports them beside its schemas.
/** Training calls (spec section 7). `:id` is a video id, except in videos and attributeProgress (an attribute id). */
export const TRAINING_PATHS = {
  videos: '/video/atributo/:id',
  videoSeen: '/video/:id/visto',
  videoProgress: '/video/:id/progreso',
  /** Queued offline. */
  reportProgress: '/video/:id/porcentaje',
  attributeProgress: '/progreso/:id',
  /** Queued offline. */
  logEvent: '/log/register',
} as const;
