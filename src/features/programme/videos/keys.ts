// The snapshot keys of Programa › Vídeos (personal, wiped at sign-out like every key).
export const videosKeys = {
  /** GET programa/videos: every attribute with its videos. */
  list: 'programa:videos',
} as const;
