// The common contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/common re-exports them beside its schemas.
/** Every API path is relative to this prefix; app and API share one origin. */
export const API_BASE = '/api';

/** Public system paths: liveness, readiness, and the configuration the app reads before sign-in. */
export const SYSTEM_PATHS = {
  health: '/health',
  ready: '/health/ready',
  config: '/config',
} as const;

/** Header carrying the outbox row's UUID: the server answers a replay with the first response. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Header carrying the ISO moment a queued action really happened (it may arrive much later). */
export const OCCURRED_AT_HEADER = 'X-Occurred-At';

/**
 * The <meta> of the app's page in which the server names the first home banner's files
 * ("wide compact"), for the static shell (src/app/shell/boot.ts spells it too, inlined).
 */
export const SERVED_ART_META = 'impecable-art';

/**
 * A <meta> per banner file the shell paints on the page's path, carrying the file itself
 * (`content` its path, `data-src` the SVG as a data: URL), so the page's largest image costs no
 * request (server/plugins/app-page.ts; src/app/shell/boot.ts spells it too).
 */
export const SERVED_ART_FILE_META = 'impecable-art-file';

/**
 * The <meta> of /premios' page naming the catalogue's first prize image (its /media/u/ path,
 * never the file: the media store answers members only), for the shell to paint it in the
 * first card's place (server/plugins/app-page.ts; src/app/shell/boot.ts).
 */
export const SERVED_PRIZE_META = 'impecable-prize';

/**
 * /premios' first card, as the build renders it (src/app/shell/frame.tsx): a file beside
 * index.html that the server puts, with its CSS, in place of the frame's slot in /premios' page
 * only, so no other page's first round trip carries it (server/plugins/app-page.ts).
 */
export const PRIZE_FRAME_FILE = 'app-shell-prize.html';
export const PRIZE_FRAME_SLOT_ID = 'as-prize-slot';
/** The slot as the frame's static markup writes it. */
export const PRIZE_FRAME_SLOT = `<template id="${PRIZE_FRAME_SLOT_ID}"></template>`;

