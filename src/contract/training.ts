import * as z from 'zod/mini';

export * from './training-constants';

/**
 * A training video of an attribute (position 0 is the presentation). `is_hable` is the
 * availability flag of the spec (formative videos open mid-month); `visto` and
 * `porcentaje` are this user's high-water mark, included so one call paints the module.
 */
export const videoSchema = z.object({
  id: z.int(),
  atributo_id: z.int(),
  position: z.int(),
  title: z.string(),
  url: z.string(),
  captions_url: z.nullable(z.string()),
  /** The player's still before it plays (Programa's poster); absent in snapshots stored before it existed. */
  poster_url: z.optional(z.nullable(z.string())),
  /**
   * The adaptive stream's HLS master playlist (issue 36), played online when the video is not
   * downloaded; null until processed, and for a legacy video (then `url` plays, as offline or
   * downloaded). Absent in snapshots stored before it existed.
   */
  stream_url: z.optional(z.nullable(z.string())),
  duration_seconds: z.number(),
  is_hable: z.boolean(),
  visto: z.boolean(),
  porcentaje: z.int().check(z.minimum(0), z.maximum(100)),
});
export type Video = z.infer<typeof videoSchema>;

/** GET video/atributo/{id} */
export const videosResponseSchema = z.object({ videos: z.array(videoSchema) });
/** GET video/{id}/visto */
export const videoSeenResponseSchema = z.object({ visto: z.boolean() });
/** GET video/{id}/progreso */
export const videoProgressResponseSchema = z.object({ porcentaje: z.int().check(z.minimum(0), z.maximum(100)) });

/** POST video/{id}/porcentaje — queued offline; the server keeps the highest value. */
export const videoProgressBodySchema = z.object({ porcentaje: z.int().check(z.minimum(0), z.maximum(100)) });
export const videoProgressAnswerSchema = z.object({
  success: z.literal(true),
  porcentaje: z.int(),
  visto: z.boolean(),
  /** IMPs this report credited (5 the first time a video is seen plausibly, else 0). */
  imps_awarded: z.int(),
});

/** GET /progreso/{id}: the attribute's training progress (videos seen + quizzes done). */
export const attributeProgressResponseSchema = z.object({ progreso: z.int().check(z.minimum(0), z.maximum(100)) });

/** POST /log/register — queued offline. */
export const logEventBodySchema = z.object({ action: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export const logEventAnswerSchema = z.object({ success: z.literal(true) });
