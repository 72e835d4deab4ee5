// Session changes that start or edit a session: Google and SSO sign-in, the nickname.
// All of them need the network; none is queued in the outbox. Sign-out lives in
// #offline/session-lifecycle: it needs the Dexie cache and outbox, which the sign-in screens
// should not load.
import type { LoginResponse, SessionUser } from '#contract/session';
import { createNickname, loginWithGoogle, loginWithSso } from '#api/auth';
import { toApiRequestError } from '#api/http';
import { getSession, setSession, signedOut } from '#offline/session';

export const LOGIN_FAILED_MESSAGE = 'El correo o la contraseña son incorrectos';

/** A sign-in that did not succeed; `message` is Spanish, for the login alert. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/**
 * Stores a successful login answer as the session, and its write-only sync credential in
 * IndexedDB (queued work can leave with it after sign-out). A different user's cached data
 * is wiped first.
 */
async function startSession(answer: LoginResponse): Promise<SessionUser> {
  if (!answer.success || !answer.data) throw new SignInError(answer.message || LOGIN_FAILED_MESSAGE);
  const { user, token, sync_token: syncToken, action_key: actionKey } = answer.data;
  const previous = getSession().user;
  if (previous && previous.id !== user.id) {
    // Rare (an SSO link opened while someone else is signed in): load the cache module only then.
    const { clearPersonalData } = await import('#offline/cache');
    await clearPersonalData().catch((error: unknown) => console.warn('Could not clear cached data', error));
  }
  if (syncToken) await storeSyncCredential(user.id, syncToken, actionKey);
  setSession({ ...signedOut, status: 'authenticated', token, user });
  return user;
}

/** Loaded on demand: the sign-in screens do not carry Dexie until someone signs in. */
async function storeSyncCredential(userId: number, syncToken: string, actionKey: string | undefined): Promise<void> {
  try {
    const { saveSyncCredential } = await import('#offline/sync-credential');
    await saveSyncCredential(userId, syncToken, { actionKey });
  } catch (error) {
    // Without it, queued work still leaves with the session token while signed in.
    console.warn('Could not store the sync credential', error);
  }
}

/** Why a Google sign-in failed, in words for the login alert. */
function signInFailure(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  const apiError = toApiRequestError(error);
  // Rejected credentials read as the product's login alert; other failures say what happened.
  const rejected = apiError.kind === 'http' && apiError.status !== null && apiError.status < 500 && apiError.status !== 429;
  return new SignInError(rejected ? LOGIN_FAILED_MESSAGE : apiError.message);
}

export async function signInWithGoogle(accessToken: string): Promise<SessionUser> {
  try {
    return await startSession(await loginWithGoogle(accessToken));
  } catch (error) {
    throw signInFailure(error);
  }
}

// SSO tokens are single-use: React StrictMode runs effects twice, so both runs must share one call.
const ssoAttempts = new Map<string, Promise<SessionUser>>();

/** Signs in with an SSO link's token. Rejects with a SignInError whose message goes to /login/{message}. */
export function signInWithSso(ssoToken: string): Promise<SessionUser> {
  let attempt = ssoAttempts.get(ssoToken);
  if (!attempt) {
    attempt = loginWithSso(ssoToken)
      .then(startSession)
      .catch((error: unknown) => {
        console.error('SSO sign-in failed', error);
        throw error instanceof SignInError ? error : new SignInError(toApiRequestError(error).message);
      })
      .finally(() => ssoAttempts.delete(ssoToken));
    ssoAttempts.set(ssoToken, attempt);
  }
  return attempt;
}

/** Saves the nickname online and updates the session's user. Rejects with an ApiRequestError. */
export async function saveNickname(nickName: string): Promise<void> {
  const stored = await createNickname(nickName.trim());
  const session = getSession();
  if (session.user) setSession({ ...session, user: { ...session.user, nick_name: stored } });
}
