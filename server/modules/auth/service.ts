// Sign-in rules: members only (the e-mail must belong to an imported user), Google through
// tokens issued to this app (google.ts), SSO through a single-use HS256 JWT, opaque revocable sessions that
// expire when idle; each sign-in also opens a write-only 'sync' session for queued work.
// Session lookups go through a short in-process cache (session-cache.ts) that revocations here
// evict at once, and other instances' through the database's NOTIFY (session-channel.ts).
// Never returns or logs a session token except to its owner. A little over 200 lines: the
// cached lookup shares the idle rules, repository and clock of the checks around it.
import type { GoogleLoginBody, LoginData } from '#contract/session';
import { impersonationScope, scopeReaches } from '#domain/impersonation';
import { idleLimitMs, isIdleExpired, needsTouch, sessionEndedAt, touchResolutionMs } from '#domain/session-policy';
import type { AppDeps } from '#server/deps';
import type { SessionScope, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createUsersRepository } from '#server/modules/users/repository';
import { toSessionUser } from '#server/modules/users/service';
import { DEMO_LOCAL_ONLY, isDemoUser } from './demo-access.ts';
import { createGoogleVerifier } from './google.ts';
import { createAuthRepository, type LiveSession } from './repository.ts';
import { SessionCache } from './session-cache.ts';
import { listenForInvalidations, type InvalidationListener } from './session-channel.ts';
import { signSsoToken, verifySsoToken } from './sso-token.ts';
import { hashToken, newActionKey, newSessionToken } from './tokens.ts';

/** The login alert text (spec): the same for every refusal that is about who you are. */
export const LOGIN_FAILED = 'El correo o la contraseña son incorrectos';

export const NO_SUCH_USER = 'No hay ningún usuario con ese correo';

export const GOOGLE_NOT_CONFIGURED = 'El inicio de sesión con Google no está configurado en este servidor';

/** Who asks POST /demo/sso-token: from this machine or not, and an SSO token as proof of the secret, if any. */
export interface DemoCaller {
  local: boolean;
  proof: string | null;
}

export interface Authenticated {
  user: UserRow;
  session: LiveSession;
}

export function createAuthService({ db, config, clock }: AppDeps) {
  const repo = createAuthRepository(db);
  const users = createUsersRepository(db);
  // Serves nothing until listenForInvalidations: a service outside the app always asks the database.
  const cache = new SessionCache();
  const google = config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, tokeninfoUrl: config.googleTokeninfoUrl, jwksUrl: config.googleJwksUrl }, clock)
    : null;

  interface SessionOptions {
    impersonatorUserId?: number | null;
    scope?: SessionScope;
    /** A 'sync' session's full session (sign-in passes it). */
    parentSessionId?: number | null;
    /** A 'sync' session's secret: it delivers only actions signed with it. */
    actionKey?: string | null;
  }

  async function openSession(user: UserRow, options: SessionOptions): Promise<{ id: number; token: string }> {
    const token = newSessionToken();
    const id = await repo.createSession({
      tokenHash: hashToken(token),
      userId: user.id,
      impersonatorUserId: options.impersonatorUserId ?? null,
      scope: options.scope ?? 'full',
      parentSessionId: options.parentSessionId ?? null,
      actionKey: options.actionKey ?? null,
      now: clock(),
    });
    return { id, token };
  }

  async function startSession(user: UserRow, options: SessionOptions = {}): Promise<LoginData> {
    const { token } = await openSession(user, options);
    return { token, user: toSessionUser(user) };
  }

  /**
   * A sign-in: a full session plus a write-only 'sync' session for the same user. The device
   * keeps the sync token after sign-out so queued work can still leave; it reads nothing, and
   * delivers only actions signed with the action key, which the device forgets at sign-out.
   */
  async function signIn(user: UserRow): Promise<LoginData> {
    const full = await openSession(user, {});
    const actionKey = newActionKey();
    const sync = await openSession(user, { scope: 'sync', parentSessionId: full.id, actionKey });
    return { token: full.token, user: toSessionUser(user), sync_token: sync.token, action_key: actionKey };
  }

  /**
   * An impersonation session holds while the supervisor session that opened it lives (using
   * it counts as the supervisor's activity: they are at the keyboard) and while the agent is
   * still in the supervisor's scope as stored now (an import may move either). Otherwise it
   * is revoked, so it never comes back.
   */
  async function impersonationHolds(found: { session: LiveSession }, now: Date): Promise<boolean> {
    const facts = await repo.impersonationOf(found.session.id);
    if (!facts) return false;
    const { supervisor, agent, opener } = facts;
    const scope = impersonationScope({ perfil: supervisor.perfil, brandId: supervisor.brand_id, platformId: supervisor.platform_id });
    const inScope = scopeReaches(scope, { perfil: agent.perfil, brandId: agent.brand_id, platformId: agent.platform_id });
    const openerLimit = idleLimitMs({ perfil: supervisor.perfil, impersonating: false, scope: 'full' }, config);
    const openerEnded = opener !== null && sessionEndedAt({ revokedAt: opener.revoked_at, lastSeenAt: opener.last_seen_at }, now, openerLimit) !== null;
    if (!inScope || openerEnded) {
      await repo.revokeSession(found.session.id, now);
      cache.evictSession(found.session.id);
      return false;
    }
    if (opener && needsTouch(opener.last_seen_at, now, openerLimit)) {
      await repo.touchSession(opener.id, now, new Date(now.getTime() - touchResolutionMs(openerLimit)));
    }
    return true;
  }

  const idleLimitOf = (found: Authenticated) => idleLimitMs(
    { perfil: found.user.perfil, impersonating: found.session.impersonator_user_id !== null, scope: found.session.scope },
    config,
  );

  /**
   * The live session behind a token hash, not idle at `now`. A cached copy that looks idle is
   * checked against the database: another instance may have recorded a later use.
   */
  async function liveSession(tokenHash: string, now: Date): Promise<Authenticated | null> {
    const cached = cache.get(tokenHash);
    if (cached && !isIdleExpired(cached.session.last_seen_at, now, idleLimitOf(cached))) return cached;
    const found = await cache.load(tokenHash, () => repo.findLiveSession(tokenHash));
    if (found && !isIdleExpired(found.session.last_seen_at, now, idleLimitOf(found))) return found;
    cache.forget(tokenHash);
    return null;
  }

  return {
    startSession,

    /** Makes the session cache live, for as long as the returned listener runs (the app's lifetime). */
    listenForInvalidations(): Promise<InvalidationListener> {
      return listenForInvalidations(db, cache);
    },

    /** Google sign-in: an access token (implicit flow) or an ID token, issued to GOOGLE_CLIENT_ID. */
    async loginWithGoogle(body: GoogleLoginBody): Promise<LoginData> {
      if (!google) throw new HttpError(400, GOOGLE_NOT_CONFIGURED);
      const email = body.credential !== undefined
        ? await google.emailFromIdToken(body.credential)
        : await google.emailFromAccessToken(body.access_token ?? '');
      const user = email ? await users.findByEmail(email) : undefined;
      if (!user) throw new HttpError(401, LOGIN_FAILED);
      return signIn(user);
    },

    async loginWithSso(jwt: string | null): Promise<LoginData> {
      if (!jwt) throw new HttpError(401, 'Falta el enlace de acceso');
      const now = clock();
      const verdict = await verifySsoToken(jwt, config.ssoSecret, now);
      if (!verdict.ok) throw new HttpError(401, verdict.reason);
      // Consume the jti before anything else: a replayed link fails even if the first use did not finish.
      if (!(await repo.markSsoTokenUsed(verdict.jti, verdict.expiresAt, now))) {
        throw new HttpError(401, 'El enlace de acceso ya se ha utilizado');
      }
      const user = await users.findByEmail(verdict.email);
      if (!user) throw new HttpError(401, LOGIN_FAILED);
      return signIn(user);
    },

    /** The user and session behind a bearer token, or null when unknown, revoked or idle too long. */
    async authenticate(token: string): Promise<Authenticated | null> {
      const tokenHash = hashToken(token);
      const now = clock();
      const found = await liveSession(tokenHash, now);
      if (!found) return null;
      if (found.session.impersonator_user_id !== null && !(await impersonationHolds(found, now))) return null;
      // Last use is recorded once per resolution (a tenth of the idle limit, at most a minute)
      // whether the lookup was cached or not: idle expiry keeps that precision.
      const limit = idleLimitOf(found);
      if (needsTouch(found.session.last_seen_at, now, limit)) {
        await repo.touchSession(found.session.id, now, new Date(now.getTime() - touchResolutionMs(limit)));
        cache.touched(tokenHash, now);
      }
      return found;
    },

    /**
     * Revokes the presented token and the impersonation sessions it opened (a supervisor's
     * sign-out ends its simulated navigation); a full token's logout leaves the sync token alive.
     */
    async logout(token: string | null): Promise<void> {
      if (!token) return;
      const now = clock();
      const tokenHash = hashToken(token);
      const opened = await repo.revokeOpenedBy(tokenHash, now);
      await repo.revokeByTokenHash(tokenHash, now);
      // Committed (each statement on its own): this instance forgets now, the others on NOTIFY.
      for (const sessionId of opened) cache.evictSession(sessionId);
      cache.evictToken(tokenHash);
    },

    /** Housekeeping: deletes sessions that ended long ago (a day after the longest limit that applies). */
    async purgeEndedSessions(now: Date): Promise<number> {
      const DAY = 86_400_000;
      const ago = (ms: number) => new Date(now.getTime() - ms);
      return repo.purgeEndedSessions({
        revokedBefore: ago(DAY),
        fullIdleBefore: ago(config.sessionIdleHours * 3_600_000 + DAY),
        syncIdleBefore: ago(config.syncIdleDays * DAY + DAY),
      });
    },

    /**
     * Demo mode: a fresh SSO token for one of the seven demo users, for this machine unless
     * DEMO_MODE=true was set explicitly. A caller proving the SSO secret (an SSO token for the
     * same e-mail, as the sso-link CLI sends) may ask for any user: it could sign one itself.
     */
    async demoSsoToken(email: string, caller: DemoCaller): Promise<string> {
      const wanted = email.trim().toLowerCase();
      const now = clock();
      const proof = caller.proof ? await verifySsoToken(caller.proof, config.ssoSecret, now) : null;
      if (!(proof?.ok && proof.email === wanted)) {
        if (config.demoAccess === 'loopback' && !caller.local) throw new HttpError(403, DEMO_LOCAL_ONLY);
        if (!isDemoUser(wanted)) throw new HttpError(404, NO_SUCH_USER);
      }
      const user = await users.findByEmail(wanted);
      if (!user) throw new HttpError(404, NO_SUCH_USER);
      return signSsoToken(config.ssoSecret, user.email, now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
