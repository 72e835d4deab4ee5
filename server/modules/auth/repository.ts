// SQL for sessions (create, find by token hash, touch, revoke) and for the SSO replay guard.
// Stores token hashes only, never tokens. No rules here: idle limits live in
// #domain/session-policy and are applied by the service.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionScope, SessionsTable, UserRow } from '#server/db/schema';

export type LiveSession = Pick<Selectable<SessionsTable>, 'id' | 'impersonator_user_id' | 'scope' | 'last_seen_at'>;

export function createAuthRepository(db: Kysely<Database>) {
  return {
    async createSession(input: { tokenHash: string; userId: number; impersonatorUserId: number | null; scope: SessionScope; now: Date }): Promise<number> {
      const row = await db.insertInto('sessions').values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        impersonator_user_id: input.impersonatorUserId,
        scope: input.scope,
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
        .select(['sessions.id as session_id', 'sessions.impersonator_user_id', 'sessions.scope', 'sessions.last_seen_at'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, impersonator_user_id, scope, last_seen_at, ...user } = row;
      return { session: { id: session_id, impersonator_user_id, scope, last_seen_at }, user };
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
