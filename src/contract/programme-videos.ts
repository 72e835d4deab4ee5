import * as z from 'zod/mini';
import { VIDEO_PROCESSING } from './programme-videos-constants';

export * from './programme-videos-constants';

// Programa › Vídeos (issue 35): the admin's view of each attribute's videos, the writes on them
// and the section of a programme pack. Paths in programme-videos-constants.ts.

/** One video as the back-office sees it: hidden ones included, and how many agents have progress on it. */
export const adminVideoSchema = z.object({
  id: z.int(),
  atributo_id: z.int(),
  /** 0 is the presentation; the formative videos follow. */
  position: z.int(),
  title: z.string(),
  /** YYYY-MM-DD; null: never open (shown "Próximamente"). */
  available_from: z.nullable(z.string()),
  url: z.string(),
  captions_url: z.nullable(z.string()),
  poster_url: z.nullable(z.string()),
  duration_seconds: z.int(),
  hidden: z.boolean(),
  /** Agents with any progress on it: a video someone has watched is hidden, never deleted. */
  views: z.int(),
  /** The HLS master playlist once processed (issue 36); null until then, and for older videos. */
  stream_url: z.nullable(z.string()),
  /** Where its processing stands: agents see only 'ready' videos. */
  processing: z.enum(VIDEO_PROCESSING),
  /** 0–100 while 'running'. */
  processing_progress: z.int(),
  /** Why it failed ('failed'), in Spanish. */
  processing_error: z.nullable(z.string()),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** An attribute with its month (the date rule reads it) and its videos in order. */
export const videoAttributeSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  slug: z.string(),
  enabled: z.boolean(),
  month_start: z.nullable(z.string()),
  month_end: z.nullable(z.string()),
  videos: z.array(adminVideoSchema),
});
export type VideoAttribute = z.infer<typeof videoAttributeSchema>;

/** GET programa/videos */
export const programmeVideosResponseSchema = z.object({ atributos: z.array(videoAttributeSchema) });
export type ProgrammeVideosResponse = z.infer<typeof programmeVideosResponseSchema>;

/** POST programa/videos, PUT programa/videos/{id}, POST programa/videos/{id}/archivo */
export const videoAnswerSchema = z.object({ success: z.literal(true), video: adminVideoSchema });
export type VideoAnswer = z.infer<typeof videoAnswerSchema>;

/** PUT programa/videos/{id} */
export const videoUpdateBodySchema = z.object({
  title: z.string().check(z.maxLength(1000)),
  available_from: z.nullable(z.string().check(z.maxLength(10))),
  hidden: z.boolean(),
});
export type VideoUpdateBody = z.infer<typeof videoUpdateBodySchema>;

/** POST programa/videos/orden: every video of the attribute, in the new order. */
export const videoOrderBodySchema = z.object({
  atributo_id: z.int().check(z.minimum(1), z.maximum(2_147_483_647)),
  ids: z.array(z.int().check(z.minimum(1), z.maximum(2_147_483_647))).check(z.maxLength(200)),
});
export type VideoOrderBody = z.infer<typeof videoOrderBodySchema>;

/** POST programa/videos/orden */
export const videoOrderAnswerSchema = z.object({ success: z.literal(true), videos: z.array(adminVideoSchema) });

/** POST programa/videos/{id}/reprocesar: a failed video queued again. */
export const videoReprocessAnswerSchema = videoAnswerSchema;

/** DELETE programa/videos/{id} */
export const videoDeleteAnswerSchema = z.object({ success: z.literal(true) });

/** A video in a programme pack: its attribute by slug (ids differ between databases), in order. */
export const packVideoSchema = z.object({
  atributo: z.string().check(z.minLength(1), z.maxLength(60)),
  position: z.int().check(z.minimum(0), z.maximum(199)),
  title: z.string(),
  available_from: z.nullable(z.string()),
  url: z.string().check(z.minLength(1), z.maxLength(300)),
  captions_url: z.nullable(z.string().check(z.maxLength(300))),
  poster_url: z.nullable(z.string().check(z.maxLength(300))),
  duration_seconds: z.int().check(z.minimum(0), z.maximum(86_400)),
  hidden: z.boolean(),
});
export type PackVideo = z.infer<typeof packVideoSchema>;
export const packVideosSchema = z.array(packVideoSchema).check(z.maxLength(2000));
