// Programa › Vídeos, the contract's plain values (paths, limits, form fields): no zod, so the
// screen and the service worker can import them without the validation library.
// #contract/programme-videos re-exports them beside its schemas. Paths after /api.
export const PROGRAMME_VIDEOS_PATHS = {
  /** GET: every attribute with its videos in order. POST (multipart): a new video. */
  videos: '/programa/videos',
  /** PUT: title, date, hidden. DELETE: only a video nobody has any progress on. */
  video: '/programa/videos/:id',
  /** POST (multipart): replace the MP4, the subtitles or the poster; the video id, and so every agent's progress, stay. */
  videoFiles: '/programa/videos/:id/archivo',
  /** POST: one attribute's videos in their new order. */
  order: '/programa/videos/orden',
  /** POST: a video whose processing failed, queued again (issue 36). */
  reprocess: '/programa/videos/:id/reprocesar',
} as const;

/** Where a video's processing stands (issue 36): queued, being transcoded, done, or failed with its reason. */
export const VIDEO_PROCESSING = ['queued', 'running', 'ready', 'failed'] as const;
export type VideoProcessingState = (typeof VIDEO_PROCESSING)[number];

export const MB = 1024 * 1024;
/** The largest video an upload takes (server/media/probe.ts refuses the same). */
export const VIDEO_MAX_BYTES = 500 * MB;
export const CAPTIONS_MAX_BYTES = 1 * MB;
export const POSTER_MAX_BYTES = 2 * MB;
export const TITLE_MAX_LENGTH = 120;

/** The multipart fields of an upload: three files, the text fields, and the two removal flags. */
export const VIDEO_FORM = {
  attribute: 'atributo_id',
  title: 'title',
  availableFrom: 'available_from',
  video: 'video',
  captions: 'subtitulos',
  poster: 'poster',
  /** '1': take the subtitles off (POST …/archivo). */
  removeCaptions: 'quitar_subtitulos',
  /** '1': take the poster off (POST …/archivo). */
  removePoster: 'quitar_poster',
} as const;

/** What the upload fields accept, for the file pickers. */
export const VIDEO_ACCEPT = 'video/mp4,.mp4';
export const CAPTIONS_ACCEPT = 'text/vtt,.vtt';
export const POSTER_ACCEPT = 'image/png,image/jpeg,image/webp';
