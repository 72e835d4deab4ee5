import { useAtomValue } from 'jotai';
import type { SessionUser } from '#contract/session';
import { hasRewardsAccess } from '#domain/rewards';
import { sessionAtom } from '#offline/session';

export interface RewardsUser {
  user: SessionUser;
  /** Brand 2: the catalogue, orders and history are theirs. */
  hasAccess: boolean;
  /** A supervisor browsing as this agent: may look, never redeem. */
  impersonating: boolean;
}

/** The signed-in user as the rewards screens need it (the guard guarantees there is one). */
export function useRewardsUser(): RewardsUser | null {
  const session = useAtomValue(sessionAtom);
  if (!session.user) return null;
  return { user: session.user, hasAccess: hasRewardsAccess(session.user.marca_id), impersonating: session.originalUser !== null };
}
