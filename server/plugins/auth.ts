// Bearer-token authentication for /api routes. Routes declare `config.auth`: 'public' or
// 'user' (the default). Sets request.user and request.session; answers 401 for a missing,
// unknown, revoked or idle token, for 'sync' tokens on routes without `config.allowSync`, and
// for 'sync' tokens delivering an action not signed with their action key (queued work only);
// 403 for every write of an impersonation session (it only looks) and for staff on routes
// with `config.earnsPoints` (only agents earn). Marks every answer to a signed-in caller
// `Cache-Control: no-store`, and sets the media cookie (media/access-cookie.ts) on answers to
// a signed-in caller whose cookie does not carry its token yet; clears it with a 401 for the
// token it carries. Keeps the auth service's session cache listening for
// invalidations while the app runs. Otherwise never authorises by profile (each service
// does), and never logs tokens.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ACTION_SIGNATURE_HEADER, actionSigningInput } from '#contract/action-signature';
import { IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common';
import { isAgentProfile } from '#domain/profiles';
import type { SessionScope, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { clearMediaCookie, mediaCookieToken, setMediaCookie } from '#server/media/access-cookie';
import type { AuthService } from '#server/modules/auth/service';
import { bearerToken, isValidActionSignature } from '#server/modules/auth/tokens';
import { appPlugin } from './plugin.ts';

export interface SessionInfo {
  id: number;
  impersonatorUserId: number | null;
  scope: SessionScope;
  /** When the session began (sign-in): no action it delivers happened before that. */
  startedAt: Date;
  /** 'sync' sessions: the secret their device signs queued actions with. */
  actionKey: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public' or a signed-in 'user' (default). */
    auth?: 'public' | 'user';
    /** Write-only 'sync' credentials (queued work after sign-out) may call this route. */
    allowSync?: boolean;
    /** The route can credit (or spend) IMPs: refused (403) to impersonation sessions and to staff. */
    earnsPoints?: boolean;
    /** The route may change what a cached ranking or Seguimiento read shows besides points (a nick name, a placement): app.ts empties this process's read cache when it answers. */
    changesReads?: boolean;
    /** The body carries queued actions, each run through its own route (signature checked there): the envelope needs none. */
    carriesActions?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionInfo | null;
  }
}

export const SESSION_INVALID = 'Sesión no válida o caducada';
export const IMPERSONATION_EARNS_NOTHING = 'Estás en navegación simulada: esta acción no suma IMPs.';
export const IMPERSONATION_READ_ONLY = 'Navegación simulada: solo puedes mirar, no hacer cambios como el agente.';
export const STAFF_EARNS_NOTHING = 'Solo los agentes suman IMPs: tu perfil no hace actividades ni canjea premios.';
export const UNSIGNED_ACTION = 'Esta acción no se guardó con tu sesión abierta: inicia sesión para enviarla.';

const SIGNATURE_HEADER = ACTION_SIGNATURE_HEADER.toLowerCase();
const IDEMPOTENCY = IDEMPOTENCY_HEADER.toLowerCase();
const OCCURRED_AT = OCCURRED_AT_HEADER.toLowerCase();

function headerValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/** The only methods an impersonation session may use: it looks, it never changes anything. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Refusals by the kind of session and caller, whatever the route does next: a supervisor
 * browsing as an agent only reads (earning routes keep their own message), and only agents
 * (empty perfil) earn or spend IMPs. GET /auth/logout, which ends an impersonation, is public.
 */
function refuseByRole(method: string, route: FastifyContextConfig, user: UserRow, impersonating: boolean): void {
  if (impersonating && route.earnsPoints === true) throw new HttpError(403, IMPERSONATION_EARNS_NOTHING);
  if (impersonating && !READ_METHODS.has(method)) throw new HttpError(403, IMPERSONATION_READ_ONLY);
  if (route.earnsPoints === true && !isAgentProfile(user.perfil)) throw new HttpError(403, STAFF_EARNS_NOTHING);
}

export const authPlugin = appPlugin<{ auth: AuthService; secureCookies?: boolean }>('auth', async (app: FastifyInstance, { auth, secureCookies = false }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  // The session cache serves lookups only while it hears every instance's revocations.
  const invalidations = await auth.listenForInvalidations();
  app.addHook('onClose', async () => {
    await invalidations.stop();
  });

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
    request.user = found.user;
    request.session = {
      id: found.session.id, impersonatorUserId: found.session.impersonator_user_id, scope: found.session.scope,
      startedAt: found.session.created_at, actionKey: found.session.action_key,
    };
    // Here, in onRequest, so the refusal comes before the body is read and before any
    // idempotency claim or route work.
    refuseByRole(request.method, routeConfig, found.user, found.session.impersonator_user_id !== null);
  });

  // Answers to a signed-in caller are personal (balances, orders with coupon links, photos):
  // no browser or shared cache may keep them. A route's own value that already says no-store
  // ('private, no-store') stays; anything weaker is replaced.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user === null) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !/\bno-store\b/i.test(current)) reply.header('cache-control', 'no-store');
    return payload;
  });

  // <video>, <img> and the service worker reach /media/u with the cookie, not the Bearer: a
  // signed-in (not sync-only) caller's answers carry it until it holds the caller's token. A 401
  // for the token the cookie carries (an expired or revoked session) clears it; a 401 for
  // another token (a previous user's queued work) leaves the signed-in user's cookie alone.
  app.addHook('onSend', async (request, reply, payload) => {
    const cookie = mediaCookieToken(request);
    const token = bearerToken(request.headers.authorization);
    if (request.user !== null && request.session?.scope === 'full' && token !== null && token !== cookie) {
      setMediaCookie(reply, token, secureCookies);
    } else if (reply.statusCode === 401 && cookie !== null && (token === null || token === cookie)) {
      clearMediaCookie(reply, secureCookies);
    }
    return payload;
  });

  // preValidation: after the body is parsed and before the idempotency claim (registered
  // later, so its hook runs after this one), so a refused action stores no answer. A sync
  // credential left on a device delivers only actions signed with its action key, which the
  // device forgot at sign-out: whoever uses the device next can send its user's queued work,
  // unchanged, and nothing else. 401 keeps an unsigned item queued until its user signs in.
  app.addHook('preValidation', async (request) => {
    if (request.session?.scope !== 'sync' || request.routeOptions.config.carriesActions === true) return;
    const actionKey = request.session.actionKey;
    const signature = headerValue(request.headers[SIGNATURE_HEADER]);
    const signed = actionKey !== null && signature !== undefined && isValidActionSignature(actionKey, actionSigningInput({
      method: request.method,
      url: request.url,
      idempotencyKey: headerValue(request.headers[IDEMPOTENCY]) ?? '',
      occurredAt: headerValue(request.headers[OCCURRED_AT]) ?? '',
      bodyJson: request.body === undefined ? 'null' : JSON.stringify(request.body),
    }), signature);
    if (!signed) throw new HttpError(401, UNSIGNED_ACTION);
  });
});

/** The signed-in user of a 'user' route (the hook guarantees it). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, SESSION_INVALID);
  return request.user;
}
