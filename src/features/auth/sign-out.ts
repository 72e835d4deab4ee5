// Ending sessions: leaving a simulated navigation, and the full sign-out of spec 4.
// Never blocks on the network: a failed logout call is only warned about, and this
// device's personal data is wiped and the session cleared whatever else fails.
// Queued actions are never dropped: what cannot be sent now stays in the outbox.
import { logout } from '#api/auth';
import { clearPersonalData } from '#offline/cache';
import { drainOutbox } from '#offline/drain';
import { sessionTokenFor } from '#offline/drain-loop';
import { getSession, setSession, signedOut } from '#offline/session';

const DRAIN_BEFORE_SIGN_OUT_MS = 3_000;

async function revokeCurrentToken(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Logout call failed; signing out locally anyway', error);
  }
}

async function wipeLocalData(): Promise<void> {
  await clearPersonalData().catch((error: unknown) => console.warn('Could not clear cached data', error));
}

/**
 * Leaves a simulated navigation: revokes the agent's token (failure tolerated), wipes the
 * agent's cached data, and returns to the supervisor; unauthenticated if there is none.
 */
export async function restoreOriginalUser(): Promise<void> {
  const session = getSession();
  await revokeCurrentToken();
  await wipeLocalData();
  if (session.originalUser && session.originalToken) {
    setSession({ ...signedOut, status: 'authenticated', user: session.originalUser, token: session.originalToken });
  } else {
    setSession(signedOut);
  }
}

let signingOut: Promise<void> | null = null;

/** Full sign-out (spec 4): restore first if impersonating, revoke, wipe personal data. */
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    try {
      if (getSession().originalUser) await restoreOriginalUser();
      // Give queued actions a short chance to leave while the token still works; what
      // does not make it stays in the outbox for this user's next sign-in.
      await Promise.race([
        drainOutbox({ getToken: sessionTokenFor }).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, DRAIN_BEFORE_SIGN_OUT_MS)),
      ]);
      if (getSession().token) await revokeCurrentToken();
      await wipeLocalData();
    } finally {
      // Whatever failed above, this device is signed out afterwards.
      setSession(signedOut);
    }
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}
