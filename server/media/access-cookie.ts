// The media cookie: /media/u/* is for signed-in members only, but <video>, <img> and the
// service worker cannot send the Bearer header. So every authenticated API answer whose cookie
// does not already carry the caller's token sets `impecable_media` (HttpOnly, Path=/media,
// SameSite=Lax, Secure on an https PUBLIC_URL) to that token; /media/u validates it exactly
// as the Bearer is validated (media/routes.ts); sign-out and a refused session clear it.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MEDIA_COOKIE = 'impecable_media';
/** The browser forgets the cookie after this; the next authenticated answer sets it again. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** The token the request's media cookie carries, or null. */
export function mediaCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === MEDIA_COOKIE) {
      const value = part.slice(at + 1).trim();
      // Session tokens are base64url: anything else is no token of ours.
      return /^[\w-]{16,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${MEDIA_COOKIE}=`)), cookie]);
}

const attributes = (secure: boolean) => `Path=/media; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function setMediaCookie(reply: FastifyReply, token: string, secure: boolean): void {
  appendSetCookie(reply, `${MEDIA_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; ${attributes(secure)}`);
}

export function clearMediaCookie(reply: FastifyReply, secure: boolean): void {
  appendSetCookie(reply, `${MEDIA_COOKIE}=; Max-Age=0; ${attributes(secure)}`);
}

/** Whether PUBLIC_URL is https: the cookie is then Secure. */
export const secureCookies = (publicUrl: string) => publicUrl.startsWith('https:');
