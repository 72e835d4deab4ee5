// The programme pack's plain values (paths, names, limits): no zod, so the app can import them
// without the validation library. #contract/programme-pack re-exports them beside its schemas.
export const PACK_PATHS = {
  /** GET: the whole programme as one .zip (a download). POST: import one into an empty programme (multipart, field "file"). */
  pack: '/programa/paquete',
} as const;

/** POST ?comprobar=1: check the pack completely (its sections written and rolled back), store and change nothing. */
export const PACK_CHECK_PARAM = 'comprobar';

/** programa.json's `formato` and `version`: what this app writes and reads. */
export const PACK_FORMAT = 'impecable-programa';
export const PACK_VERSION = 1;

/** The pack's manifest inside the .zip, and the folder of its media files (`media/<sha256>.<ext>`). */
export const PACK_MANIFEST = 'programa.json';
export const PACK_MEDIA_FOLDER = 'media/';

/** Largest pack accepted (the upload is refused with 413 past it). */
export const PACK_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Largest programa.json accepted. */
export const PACK_MANIFEST_MAX_BYTES = 20 * 1024 * 1024;
/** Against zip bombs: at most this many entries, and this many bytes once uncompressed. */
export const PACK_MAX_ENTRIES = 20_000;
export const PACK_MAX_UNCOMPRESSED_BYTES = 4 * 1024 * 1024 * 1024;

export const PACK_EXTENSION = '.zip';

/** The export's file name: programa-impecable-2026-11-28.zip. */
export function packFileName(day: string): string {
  return `programa-impecable-${day}${PACK_EXTENSION}`;
}

/** What an import counts, as its answer and the 409 for a programme with content name them. */
export const PACK_COUNT_LABELS = {
  atributos: ['atributo con fechas o contenido', 'atributos con fechas o contenido'],
  videos: ['vídeo', 'vídeos'],
  preguntas: ['pregunta de quiz', 'preguntas de quiz'],
  productos: ['producto del catálogo', 'productos del catálogo'],
  premios: ['tabla de premios', 'tablas de premios'],
  medios: ['archivo multimedia', 'archivos multimedia'],
} as const;

export type PackCountName = keyof typeof PACK_COUNT_LABELS;

/** "3 vídeos", "1 vídeo". */
export function packCountText(name: PackCountName, count: number): string {
  const [one, many] = PACK_COUNT_LABELS[name];
  return `${count} ${count === 1 ? one : many}`;
}
