// Sign-in rules: members only (the e-mail must belong to an imported user), Google through
// its userinfo endpoint, SSO through a single-use HS256 JWT, opaque revocable sessions that
// expire when idle; each sign-in also opens a write-only 'sync' session for queued work.
// Never returns or logs a session token except to its owner.
import type { LoginData } from '#contract/session';
import { idleLimitMs, isIdleExpired, LAST_SEEN_RESOLUTION_MS, needsTouch, sessionEndedAt } from '#domain/session-policy';
import type { AppDeps } from '#server/deps';
import type { SessionScope, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createUsersRepository } from '#server/modules/users/repository';
import { toSessionUser } from '#server/modules/users/service';
import { fetchGoogleEmail } from './google.ts';
import { createAuthRepository, type LiveSession } from './repository.ts';
import { signSsoToken, verifySsoToken } from './sso-token.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** The login alert text (spec): the same for every refusal that is about who you are. */
export const LOGIN_FAILED = 'El correo o la contraseña son incorrectos';

export const NO_SUCH_USER = 'No hay ningún usuario con ese correo';

export interface Authenticated {
  user: UserRow;
  session: LiveSession;
  /**
   * For a 'sync' session: when the full session it was issued with ended (logout or idle
   * expiry), after which it may deliver no action; null while that session lives.
   */
  actionsUntil: Date | null;
}

export function createAuthService({ db, config, clock }: AppDeps) {
  const repo = createAuthRepository(db);
  const users = createUsersRepository(db);

  interface SessionOptions {
    impersonatorUserId?: number | null;
    scope?: SessionScope;
    /** A 'sync' session's full session (sign-in passes it; its end bounds what sync may deliver). */
    parentSessionId?: number | null;
  }

  async function openSession(user: UserRow, options: SessionOptions): Promise<{ id: number; token: string }> {
    const token = newSessionToken();
    const id = await repo.createSession({
      tokenHash: hashToken(token),
      userId: user.id,
      impersonatorUserId: options.impersonatorUserId ?? null,
      scope: options.scope ?? 'full',
      parentSessionId: options.parentSessionId ?? null,
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
   * keeps the sync token after sign-out so queued work can still leave; it reads nothing.
   */
  async function signIn(user: UserRow): Promise<LoginData> {
    const full = await openSession(user, {});
    const sync = await openSession(user, { scope: 'sync', parentSessionId: full.id });
    return { token: full.token, user: toSessionUser(user), sync_token: sync.token };
  }

  /** When the full session behind a sync session ended, judged with that session's own idle limit. */
  function fullSessionEnd(found: { user: UserRow; session: LiveSession }, now: Date): Date | null {
    const parent = found.session.parent;
    if (found.session.scope !== 'sync' || !parent) return null;
    const limit = idleLimitMs({ perfil: found.user.perfil, impersonating: parent.impersonator_user_id !== null, scope: 'full' }, config);
    return sessionEndedAt({ revokedAt: parent.revoked_at, lastSeenAt: parent.last_seen_at }, now, limit);
  }

  return {
    startSession,

    /** The service's clock (the auth plugin judges sync actions against it). */
    now: clock,

    async loginWithGoogle(accessToken: string): Promise<LoginData> {
      const email = await fetchGoogleEmail(config.googleUserinfoUrl, accessToken);
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
      const found = await repo.findLiveSession(hashToken(token));
      if (!found) return null;
      const now = clock();
      const limit = idleLimitMs(
        { perfil: found.user.perfil, impersonating: found.session.impersonator_user_id !== null, scope: found.session.scope },
        config,
      );
      if (isIdleExpired(found.session.last_seen_at, now, limit)) return null;
      if (needsTouch(found.session.last_seen_at, now)) {
        await repo.touchSession(found.session.id, now, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS));
      }
      return { ...found, actionsUntil: fullSessionEnd(found, now) };
    },

    /** Revokes exactly the presented token: a full token's logout leaves the sync token alive. */
    async logout(token: string | null): Promise<void> {
      if (token) await repo.revokeByTokenHash(hashToken(token), clock());
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

    /** Demo mode: a fresh SSO token for any existing user (the same signing as the partner's). */
    async demoSsoToken(email: string): Promise<string> {
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, NO_SUCH_USER);
      return signSsoToken(config.ssoSecret, user.email, clock());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
