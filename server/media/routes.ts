// GET /media/u/<sha256>.<ext>: a file of the media store, with range requests (video seeking,
// the service worker's partial responses) and immutable caching (its name is its content).
// Served with a sandboxing CSP and nosniff, so an uploaded SVG opened on its own runs nothing.
// Members only: the media cookie (access-cookie.ts) must carry a live session, checked exactly
// as the API's Bearer (auth service: unknown, revoked, idle or sync-only → 401, no bytes); the
// cache may keep a file only in the member's own browser (private).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import type { AuthService } from '#server/modules/auth/service';
import { clearMediaCookie, mediaCookieToken } from './access-cookie.ts';
import { isMediaKey, MEDIA_URL_PREFIX } from '#contract/media-paths';
import type { MediaStore } from './store.ts';

const NOT_FOUND = 'No encontramos ese archivo';
export const MEMBERS_ONLY = 'Inicia sesión para ver este contenido';
/** Outside /api: a page path of its own, not one of the contract's API paths. */
const MEDIA_ROUTE = `${MEDIA_URL_PREFIX}:key`;
const BAD_RANGE = 'El rango pedido no es válido';

/** The single byte range of a Range header, clamped to the file; null for none, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

export interface MediaRoutesDeps {
  db: Kysely<Database>;
  media: MediaStore;
  auth: AuthService;
  /** The cookie is Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
}

export async function mediaRoutes(app: FastifyInstance, deps: MediaRoutesDeps): Promise<void> {
  app.get<{ Params: { key: string } }>(MEDIA_ROUTE, async (request, reply) => {
    // Before anything about the file, so a stranger learns not even whether it exists.
    const token = mediaCookieToken(request);
    const found = token ? await deps.auth.authenticate(token) : null;
    if (!found || found.session.scope !== 'full') {
      reply.header('cache-control', 'no-store');
      if (token) clearMediaCookie(reply, deps.secureCookies);
      throw new HttpError(401, MEMBERS_ONLY);
    }
    const { key } = request.params;
    if (!isMediaKey(key)) throw new HttpError(404, NOT_FOUND);
    const row = await deps.db.selectFrom('media_files').select(['content_type']).where('key', '=', key).executeTakeFirst();
    const size = row ? await deps.media.size(key) : null;
    if (!row || size === null) throw new HttpError(404, NOT_FOUND);
    reply
      .header('content-type', row.content_type)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('x-content-type-options', 'nosniff');
    const range = parseRange(request.headers.range, size);
    if (range === 'invalid') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, BAD_RANGE);
    }
    const opened = await deps.media.open(key, range ?? undefined);
    if (!opened) throw new HttpError(404, NOT_FOUND);
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.send(opened.stream);
  });
}
