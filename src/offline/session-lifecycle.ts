// A session's life on this device, in one place: the page's drain while the app is open (signed
// in, or on the sign-in screens for work earlier users left), leaving a simulated navigation,
// and the full sign-out of spec 4 on a shared kiosk. Never blocks on the network for long: each
// call is bounded and its failure only warned about; personal data is wiped and the session
// cleared whatever else fails. Never drops queued actions: what cannot be sent now stays in the
// outbox with its user's write-only sync credential. Window code (the page's drain loop).
import { API_BASE } from '#contract/common-constants';
import { NOTIFICATION_PATHS } from '#contract/notifications-constants';
import { clearPersonalData } from './cache.ts';
import { drainOutbox } from './drain.ts';
import { drainTokenFor, registerBackgroundSync, startDrainLoop } from './drain-loop.ts';
import { pendingCount } from './outbox.ts';
import { revokeToken } from './revoke-token.ts';
import { getSession, setSession, signedOut } from './session.ts';
import { signOutSyncCredentials, type RevokeOptions } from './sync-credential.ts';

/**
 * Starts this page's drain: every user's queued rows go out with their own credential, signed-out
 * users' included, so a kiosk's login screen still sends what the last agent left. Returns the stop.
 */
export function startDraining(): () => void {
  return startDrainLoop();
}

export interface SessionLifecycleDeps {
  /** One drain pass; bounded by drainBudgetMs. */
  drain: () => Promise<unknown>;
  /** GET /auth/logout with the session's current token. */
  revokeSession: () => Promise<void>;
  /** Lets the service worker send what is left once the network is back (Chromium). */
  registerBackgroundSync: () => void;
  /** Drops this device's Web Push subscription, in the browser and on the server (with `token`); bounded by drainBudgetMs. */
  unsubscribePush?: (token: string | null) => Promise<void>;
  credentials?: RevokeOptions;
  drainBudgetMs: number;
  revokeBudgetMs: number;
}

/** Resolves when `work` settles or after `ms`, whichever comes first; never rejects. */
function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

function warnOnFailure(what: string): (error: unknown) => void {
  return (error) => console.warn(what, error);
}

export function createSessionLifecycle(deps: SessionLifecycleDeps) {
  async function revokeCurrentToken(): Promise<void> {
    await within(deps.revokeSession().catch(warnOnFailure('Logout call failed; signing out locally anyway')), deps.revokeBudgetMs);
  }

  async function restore(): Promise<void> {
    const session = getSession();
    await revokeCurrentToken();
    await clearPersonalData().catch(warnOnFailure('Could not clear cached data'));
    if (session.originalUser && session.originalToken) {
      setSession({ ...signedOut, status: 'authenticated', user: session.originalUser, token: session.originalToken });
    } else {
      setSession(signedOut);
    }
  }

  /**
   * Leaves a simulated navigation: a short chance for actions queued as the agent to leave
   * with the impersonation token (the only one that says a supervisor did them), then revokes
   * it (failure tolerated), wipes the agent's cached data, and returns to the supervisor.
   */
  async function restoreOriginalUser(): Promise<void> {
    await within(deps.drain(), deps.drainBudgetMs);
    await restore();
  }

  /**
   * What a shared device keeps after sign-out: outbox rows and, for users with pending rows,
   * their sync credential. Cached snapshots (portraits included) and personal meta go. Cache
   * Storage holds nothing personal (offline/cache-names.ts), so it has nothing to wipe.
   */
  async function wipeDevice(): Promise<void> {
    await clearPersonalData().catch(warnOnFailure('Could not clear cached data'));
    await signOutSyncCredentials(deps.credentials).catch(warnOnFailure('Could not settle sync credentials'));
    if ((await pendingCount().catch(() => 0)) > 0) deps.registerBackgroundSync();
  }

  let signingOut: Promise<void> | null = null;

  /**
   * Full sign-out (spec 4): a short chance for queued actions to leave, back to the supervisor
   * if impersonating, revoke the session, wipe personal data, forget the session.
   */
  function signOut(): Promise<void> {
    signingOut ??= (async () => {
      try {
        // While every token still works (the agent's and the supervisor's behind it, and
        // earlier users' sync credentials), give queued actions a few seconds to leave, and
        // stop this device's pushes (the server also drops the session's subscriptions at logout).
        const unsubscribing = deps.unsubscribePush?.(getSession().token).catch(warnOnFailure('Could not unsubscribe from pushes'));
        await Promise.all([within(deps.drain(), deps.drainBudgetMs), within(unsubscribing ?? Promise.resolve(), deps.drainBudgetMs)]);
        if (getSession().originalUser) await restore();
        if (getSession().token) await revokeCurrentToken();
      } finally {
        // Whatever failed above, this device holds no personal data and no session afterwards.
        await wipeDevice();
        setSession(signedOut);
      }
    })().finally(() => {
      signingOut = null;
    });
    return signingOut;
  }

  return { signOut, restoreOriginalUser };
}

const REVOKE_BUDGET_MS = 3_000;

/**
 * The browser forgets the subscription first: from then on the push service answers 410 and the
 * server drops it even if the DELETE below never arrives.
 */
async function unsubscribeThisDevice(token: string | null): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  if (!token) return;
  await fetch(`${API_BASE}${NOTIFICATION_PATHS.pushSubscription}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint }),
    signal: AbortSignal.timeout?.(REVOKE_BUDGET_MS),
  });
}

const browser = createSessionLifecycle({
  drain: () => drainOutbox({ getToken: drainTokenFor }),
  revokeSession: async () => {
    const token = getSession().token;
    if (token) await revokeToken(token, { timeoutMs: REVOKE_BUDGET_MS });
  },
  registerBackgroundSync,
  unsubscribePush: unsubscribeThisDevice,
  drainBudgetMs: 3_000,
  revokeBudgetMs: REVOKE_BUDGET_MS,
  credentials: { timeoutMs: 2_000 },
});

export const { signOut, restoreOriginalUser } = browser;
