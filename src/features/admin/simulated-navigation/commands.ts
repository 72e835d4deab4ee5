// Starting a simulated navigation (spec 4, "Impersonation"): online only, never queued. The
// supervisor's user and token are kept as the original; the session becomes the agent's.
// Leaving it ("salir", sign-out) lives in #offline/session-lifecycle.
import { saveTimeAccommodation } from '#api/admin';
import { loginAsUser } from '#api/auth';
import type { TimeAccommodation } from '#contract/admin';
import { cacheKeys } from '#data/cache-keys';
import { clearPersonalData, revalidate } from '#offline/cache';
import { getSession, setSession } from '#offline/session';

export const BROWSE_FAILED = 'No se pudo navegar como el agente';

/**
 * Signs in as the agent with this nickname, keeping the supervisor as the original user.
 * The cached screens are wiped first: the agent's pages must never show the supervisor's
 * data, and "salir" wipes the agent's in turn. Rejects with an ApiRequestError (or an Error
 * with BROWSE_FAILED) and leaves the session as it was.
 */
export async function browseAsAgent(nickName: string): Promise<void> {
  const session = getSession();
  if (!session.user || !session.token || session.originalUser) throw new Error(BROWSE_FAILED);
  const answer = await loginAsUser(nickName);
  if (!answer.success || !answer.data) throw new Error(answer.message || BROWSE_FAILED);
  await clearPersonalData().catch((error: unknown) => console.warn('Could not clear cached data', error));
  setSession({
    ...session,
    status: 'authenticated',
    user: answer.data.user,
    token: answer.data.token,
    originalUser: session.user,
    originalToken: session.token,
    seeModal: false,
  });
}

/**
 * Time accommodation (issue 39): sets the agent's factor online (never queued: an admin's change,
 * audited by the server) and stores the answer as the screen's snapshot.
 */
export async function saveAgentTime(userId: number, nick: string, factor: number): Promise<TimeAccommodation> {
  const saved = await saveTimeAccommodation(nick, factor);
  const key = cacheKeys.admin.timeAccommodation(nick);
  if (key) await revalidate(key, userId, () => Promise.resolve(saved)).catch(() => undefined);
  return saved;
}
