// SQL for sessions (create, find by token hash, touch, revoke) and for the SSO replay guard.
// Stores token hashes only, never tokens. No rules here: idle limits live in
// #domain/session-policy and are applied by the service.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionScope, SessionsTable, UserRow } from '#server/db/schema';

/** The full session a 'sync' session was issued with, as far as its end is concerned. */
export interface ParentSession {
  revoked_at: Date | null;
  last_seen_at: Date;
  impersonator_user_id: number | null;
}

export type LiveSession = Pick<Selectable<SessionsTable>, 'id' | 'impersonator_user_id' | 'scope' | 'last_seen_at'> & {
  /** Null for full sessions, and for sync sessions created without one (tests, tools). */
  parent: ParentSession | null;
};

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
    }): Promise<number> {
      const row = await db.insertInto('sessions').values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        impersonator_user_id: input.impersonatorUserId,
        scope: input.scope,
        parent_session_id: input.parentSessionId ?? null,
        created_at: input.now,
        last_seen_at: input.now,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The live (not revoked) session for a token hash, with its user, in one query. */
    async findLiveSession(tokenHash: string): Promise<{ session: LiveSession; user: UserRow } | undefined> {
      const row = await db.selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('sessions as parent', 'parent.id', 'sessions.parent_session_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id', 'sessions.impersonator_user_id', 'sessions.scope', 'sessions.last_seen_at',
          'parent.id as parent_id', 'parent.revoked_at as parent_revoked_at', 'parent.last_seen_at as parent_last_seen_at',
          'parent.impersonator_user_id as parent_impersonator_user_id',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        session_id, impersonator_user_id, scope, last_seen_at,
        parent_id, parent_revoked_at, parent_last_seen_at, parent_impersonator_user_id, ...user
      } = row;
      const parent = parent_id !== null && parent_last_seen_at !== null
        ? { revoked_at: parent_revoked_at, last_seen_at: parent_last_seen_at, impersonator_user_id: parent_impersonator_user_id }
        : null;
      return { session: { id: session_id, impersonator_user_id, scope, last_seen_at, parent }, user };
    },

    /** Conditional on the old value, so concurrent requests write at most once a minute. */
    async touchSession(id: number, seenAt: Date, olderThan: Date): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: seenAt })
        .where('id', '=', id).where('last_seen_at', '<', olderThan)
        .execute();
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
