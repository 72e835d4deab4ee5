// Where the app serves a media-store file (server/media/store.ts): `/media/u/<sha-256>.<ext>`,
// for members only (server/media/access-cookie.ts). Shared, so the page the server sends and the
// first paint (src/app/shell/boot.ts) name no other file as a prize image.

export const MEDIA_URL_PREFIX = '/media/u/';
const KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

/** A store key: the file's SHA-256 and its extension. */
export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** A store file's path (`${MEDIA_URL_PREFIX}<key>`). */
export function isMediaPath(path: string): boolean {
  return path.startsWith(MEDIA_URL_PREFIX) && isMediaKey(path.slice(MEDIA_URL_PREFIX.length));
}
