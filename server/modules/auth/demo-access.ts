// Demo mode's limits: POST /api/demo/sso-token mints sign-in tokens for the seven fixed demo
// users only, and only for this machine unless DEMO_MODE=true was set on purpose. A caller
// holding the SSO secret (the sso-link CLI on the server machine) may ask for any user: it could
// sign the token itself. Pure decisions over a request's address; never signs or reads the database.
import type { Config } from '#server/config';
import { DEMO_USERS } from '#server/seed/demo-users';

export const DEMO_LOCAL_ONLY = 'El acceso de demostración solo funciona desde este equipo';

const DEMO_EMAILS = new Set(DEMO_USERS.map((user) => user.email));

export function isDemoUser(email: string): boolean {
  return DEMO_EMAILS.has(email.trim().toLowerCase());
}

export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);
}

/** Headers a reverse proxy adds: without TRUST_PROXY, a request carrying them came through one. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the caller is this machine. `ip` is Fastify's request.ip (the real client behind a
 * trusted proxy). A local proxy that forwards outside requests without TRUST_PROXY would make
 * everyone look local, so a forwarded request never counts as local then.
 */
export function isLocalCaller(request: { ip: string; headers: Record<string, unknown> }, trustProxy: Config['trustProxy']): boolean {
  if (trustProxy === false && FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.ip);
}

/** The start banner's line about demo access, or null outside demo mode. */
export function demoAccessNotice(config: Pick<Config, 'demoMode' | 'demoAccess'>): string | null {
  if (!config.demoMode) return null;
  return config.demoAccess === 'any'
    ? 'Modo demostración (DEMO_MODE=true): el acceso de demostración responde desde cualquier dirección, solo para los 7 usuarios de demostración.'
    : 'Modo demostración por defecto: el acceso de demostración funciona solo desde este equipo (DEMO_MODE=true lo abre a otras direcciones).';
}
