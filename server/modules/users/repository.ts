// SQL for users: lookups by id and e-mail (case-insensitive) and the nickname write.
// Only queries; rules (who may sign in, what a valid nickname is) live in services/domain.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '#server/db/schema';
import { forgetCachedUser } from '#server/modules/auth/session-cache';

export type Db = Kysely<Database>;

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether another user already holds this nickname, ignoring letter case. */
    async nicknameTaken(nickname: string, exceptUserId: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('id')
        .where((eb) => eb(eb.fn('lower', ['nick_name']), '=', nickname.toLowerCase()))
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setNickname(userId: number, nickname: string, now: Date): Promise<void> {
      await db.updateTable('users').set({ nick_name: nickname, updated_at: now }).where('id', '=', userId).execute();
      forgetCachedUser(userId);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
