// User rules the API applies: the signed-in user's public shape, the nickname change and
// the admin check. Uniqueness is case-insensitive and also guarded by a unique index, so
// two agents racing for the same nickname cannot both win.
import type { SessionUser } from '#contract/session';
import { isAdminProfile } from '#domain/profiles';
import { checkNickname } from '#domain/nickname';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createUsersRepository } from './repository.ts';

const NICKNAME_TAKEN = 'Ese Nick Name ya está en uso.';

/** The user as the API returns it (sessionUserSchema): marca_id is the brand. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    nick_name: user.nick_name,
    role: user.role,
    perfil: user.perfil,
    division: user.division,
    marca_id: user.brand_id,
    puntos_ring_ring: user.puntos_ring_ring,
    // Time accommodation travels only in the user's own session, and only when granted.
    ...(Number(user.time_factor) !== 1 ? { factor_tiempo: Number(user.time_factor) } : {}),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function createUsersService({ db, clock }: AppDeps) {
  const users = createUsersRepository(db);
  return {
    async setNickname(userId: number, raw: string | null | undefined): Promise<string> {
      const check = checkNickname(raw);
      if (!check.ok) throw new HttpError(400, check.error);
      if (await users.nicknameTaken(check.value, userId)) throw new HttpError(409, NICKNAME_TAKEN);
      try {
        await users.setNickname(userId, check.value, clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, NICKNAME_TAKEN);
        throw error;
      }
      return check.value;
    },

    isAdmin(user: Pick<UserRow, 'perfil'>): boolean {
      return isAdminProfile(user.perfil);
    },
  };
}
