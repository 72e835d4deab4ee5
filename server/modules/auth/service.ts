// Sign-in rules: members only (the e-mail must belong to an imported user), Google through
// its userinfo endpoint, SSO through a single-use HS256 JWT, opaque revocable sessions that
// expire when idle; each sign-in also opens a write-only 'sync' session for queued work.
// Never returns or logs a session token except to its owner.
import type { LoginData } from '#contract/session';
import { idleLimitMs, isIdleExpired, LAST_SEEN_RESOLUTION_MS, needsTouch } from '#domain/session-policy';
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
}

export function createAuthService({ db, config, clock }: AppDeps) {
  const repo = createAuthRepository(db);
  const users = createUsersRepository(db);

  async function startSession(user: UserRow, options: { impersonatorUserId?: number | null; scope?: SessionScope } = {}): Promise<LoginData> {
    const token = newSessionToken();
    await repo.createSession({
      tokenHash: hashToken(token),
      userId: user.id,
      impersonatorUserId: options.impersonatorUserId ?? null,
      scope: options.scope ?? 'full',
      now: clock(),
    });
    return { token, user: toSessionUser(user) };
  }

  /**
   * A sign-in: a full session plus a write-only 'sync' session for the same user. The device
   * keeps the sync token after sign-out so queued work can still leave; it reads nothing.
   */
  async function signIn(user: UserRow): Promise<LoginData> {
    const full = await startSession(user);
    const sync = await startSession(user, { scope: 'sync' });
    return { ...full, sync_token: sync.token };
  }

  return {
    startSession,

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
      return found;
    },

    /** Revokes exactly the presented token: a full token's logout leaves the sync token alive. */
    async logout(token: string | null): Promise<void> {
      if (token) await repo.revokeByTokenHash(hashToken(token), clock());
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
