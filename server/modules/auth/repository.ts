// SQL for sessions (create, find by token hash, touch, revoke; an impersonation session's
// supervisor and opener) and for the SSO replay guard.
// Stores token hashes only, never tokens. No rules here: idle limits live in
// #domain/session-policy and are applied by the service.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionScope, SessionsTable, UserRow } from '#server/db/schema';

export type LiveSession = Pick<Selectable<SessionsTable>, 'id' | 'impersonator_user_id' | 'scope' | 'last_seen_at' | 'created_at' | 'action_key'>;

/** What an impersonation session's validity depends on, read on every call. */
export interface ImpersonationFacts {
  /** The supervisor as stored now (an import may have changed its profile or placement). */
  supervisor: Pick<UserRow, 'perfil' | 'brand_id' | 'platform_id'>;
  /** The agent browsed, as stored now (never a cached copy: the scope is checked on every call). */
  agent: Pick<UserRow, 'perfil' | 'brand_id' | 'platform_id'>;
  /** The supervisor session that opened it; null for sessions opened before migration 0010. */
  opener: { id: number; revoked_at: Date | null; last_seen_at: Date } | null;
}

/** How long ended sessions are kept before the daily purge deletes them. */
export interface SessionRetention {
  /** Revoked sessions (logout) older than this go. */
  revokedBefore: Date;
  /** Full sessions unused since this are long past any idle limit. */
  fullIdleBefore: Date;
  /** Sync sessions unused since this are long past SYNC_IDLE_DAYS. */
  syncIdleBefore: Date;
}

export function createAuthRepository(db: Kysely<Database>) {
  return {
    async createSession(input: {
      tokenHash: string; userId: number; impersonatorUserId: number | null; scope: SessionScope; now: Date; parentSessionId?: number | null;
      actionKey?: string | null; openerSessionId?: number | null;
    }): Promise<number> {
      const row = await db.insertInto('sessions').values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        impersonator_user_id: input.impersonatorUserId,
        scope: input.scope,
        parent_session_id: input.parentSessionId ?? null,
        action_key: input.actionKey ?? null,
        opener_session_id: input.openerSessionId ?? null,
        created_at: input.now,
        last_seen_at: input.now,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The live (not revoked) session for a token hash, with its user, in one query. */
    async findLiveSession(tokenHash: string): Promise<{ session: LiveSession; user: UserRow } | undefined> {
      const row = await db.selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id', 'sessions.impersonator_user_id', 'sessions.scope', 'sessions.last_seen_at',
          'sessions.created_at as session_created_at', 'sessions.action_key',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, impersonator_user_id, scope, last_seen_at, session_created_at, action_key, ...user } = row;
      return { session: { id: session_id, impersonator_user_id, scope, last_seen_at, created_at: session_created_at, action_key }, user };
    },

    /** An impersonation session's supervisor and opener; undefined when the session is gone. */
    async impersonationOf(sessionId: number): Promise<ImpersonationFacts | undefined> {
      const row = await db.selectFrom('sessions')
        .innerJoin('users as supervisor', 'supervisor.id', 'sessions.impersonator_user_id')
        .innerJoin('users as agent', 'agent.id', 'sessions.user_id')
        .leftJoin('sessions as opener', 'opener.id', 'sessions.opener_session_id')
        .select([
          'supervisor.perfil', 'supervisor.brand_id', 'supervisor.platform_id',
          'agent.perfil as agent_perfil', 'agent.brand_id as agent_brand_id', 'agent.platform_id as agent_platform_id',
          'opener.id as opener_id', 'opener.revoked_at as opener_revoked_at', 'opener.last_seen_at as opener_last_seen_at',
        ])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { opener_id, opener_revoked_at, opener_last_seen_at, agent_perfil, agent_brand_id, agent_platform_id, ...supervisor } = row;
      const opener = opener_id !== null && opener_last_seen_at !== null ? { id: opener_id, revoked_at: opener_revoked_at, last_seen_at: opener_last_seen_at } : null;
      return { supervisor, agent: { perfil: agent_perfil, brand_id: agent_brand_id, platform_id: agent_platform_id }, opener };
    },

    /** Conditional on the old value, so concurrent requests write at most once per resolution. */
    async touchSession(id: number, seenAt: Date, olderThan: Date): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: seenAt })
        .where('id', '=', id).where('last_seen_at', '<', olderThan)
        .execute();
    },

    /** Revokes the live impersonation sessions opened by the session with this token hash; returns their ids. */
    async revokeOpenedBy(tokenHash: string, now: Date): Promise<number[]> {
      const rows = await db.updateTable('sessions').set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where('opener_session_id', 'in', (eb) => eb.selectFrom('sessions as opener').select('opener.id').where('opener.token_hash', '=', tokenHash))
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async revokeSession(id: number, now: Date): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    async revokeByTokenHash(tokenHash: string, now: Date): Promise<boolean> {
      const result = await db.updateTable('sessions').set({ revoked_at: now })
        .where('token_hash', '=', tokenHash).where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Deletes sessions that ended long ago (2 rows per sign-in would otherwise pile up).
     * A full session stays while a live sync session still needs its end; sync rows go first.
     */
    async purgeEndedSessions(retention: SessionRetention): Promise<number> {
      const ended = (scope: SessionScope, idleBefore: Date) => db.deleteFrom('sessions')
        .where('scope', '=', scope)
        .where((eb) => eb.or([eb('revoked_at', '<', retention.revokedBefore), eb('last_seen_at', '<', idleBefore)]));
      const sync = await ended('sync', retention.syncIdleBefore).executeTakeFirst();
      const full = await ended('full', retention.fullIdleBefore)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('sessions as child').select('child.id').whereRef('child.parent_session_id', '=', 'sessions.id'),
        )))
        .executeTakeFirst();
      return Number(sync.numDeletedRows) + Number(full.numDeletedRows);
    },

    /** Remembers an SSO jti; false when it was already used (a replay). */
    async markSsoTokenUsed(jti: string, expiresAt: Date, now: Date): Promise<boolean> {
      const inserted = await db.insertInto('sso_used_tokens').values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .returning('jti').executeTakeFirst();
      // An expired token fails verification anyway; a day's margin keeps the table small.
      await db.deleteFrom('sso_used_tokens').where('expires_at', '<', new Date(now.getTime() - 86_400_000)).execute();
      return inserted !== undefined;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
