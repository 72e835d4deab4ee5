// Bearer-token authentication for /api routes. Routes declare `config.auth`: 'public' or
// 'user' (the default). Sets request.user and request.session; answers 401 for a missing,
// unknown, revoked or idle token, for 'sync' tokens on routes without `config.allowSync`, and
// for 'sync' tokens delivering an action that happened after their full session ended;
// 403 for impersonation sessions on routes with `config.earnsPoints`. Never authorises by
// profile (that is each service's job) and never logs tokens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { syncAccepts } from '#domain/session-policy';
import type { SessionScope, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import type { AuthService } from '#server/modules/auth/service';
import { bearerToken } from '#server/modules/auth/tokens';
import { appPlugin } from './plugin.ts';

export interface SessionInfo {
  id: number;
  impersonatorUserId: number | null;
  scope: SessionScope;
  /** 'sync' sessions: the end of their full session, after which they deliver nothing. */
  actionsUntil: Date | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public' or a signed-in 'user' (default). */
    auth?: 'public' | 'user';
    /** Write-only 'sync' credentials (queued work after sign-out) may call this route. */
    allowSync?: boolean;
    /** The route can credit IMPs: refused (403) to impersonation sessions. */
    earnsPoints?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionInfo | null;
  }
}

export const SESSION_INVALID = 'Sesión no válida o caducada';
export const IMPERSONATION_EARNS_NOTHING = 'Estás en navegación simulada: esta acción no suma IMPs.';
export const AFTER_SESSION_END = 'Esta acción es posterior al cierre de tu sesión: inicia sesión para enviarla.';

export const authPlugin = appPlugin<{ auth: AuthService }>('auth', async (app: FastifyInstance, { auth }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const routeConfig = request.routeOptions.config;
    if ((routeConfig.auth ?? 'user') === 'public') return;
    const token = bearerToken(request.headers.authorization);
    const found = token ? await auth.authenticate(token) : null;
    if (!found) throw new HttpError(401, SESSION_INVALID);
    // A sync credential can replay queued work but must read nothing: 401 keeps the
    // client's queued item and asks for sign-in instead of discarding it.
    if (found.session.scope === 'sync' && routeConfig.allowSync !== true) throw new HttpError(401, SESSION_INVALID);
    // A supervisor browsing as an agent must never earn IMPs for that agent. Checked here, in
    // onRequest, so the refusal comes before any idempotency claim or route work.
    if (routeConfig.earnsPoints === true && found.session.impersonator_user_id !== null) {
      throw new HttpError(403, IMPERSONATION_EARNS_NOTHING);
    }
    request.user = found.user;
    request.session = {
      id: found.session.id, impersonatorUserId: found.session.impersonator_user_id, scope: found.session.scope, actionsUntil: found.actionsUntil,
    };
  });

  // preParsing: after every onRequest hook (X-Occurred-At is read there) and before the
  // idempotency claim (preValidation), so a refused action stores no answer. A sync credential
  // left on a device must not earn for whoever uses the device after its user's session ended.
  // 401 keeps the item queued on the device until its user signs in again and sends it.
  app.addHook('preParsing', async (request) => {
    const until = request.session?.actionsUntil ?? null;
    if (request.session?.scope !== 'sync' || until === null) return;
    // Without the occurred-at plugin (some unit tests) the action happened now.
    const occurredAt = (request.occurredAt as Date | null) ?? auth.now();
    if (!syncAccepts(occurredAt, until)) throw new HttpError(401, AFTER_SESSION_END);
  });
});

/** The signed-in user of a 'user' route (the hook guarantees it). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, SESSION_INVALID);
  return request.user;
}
