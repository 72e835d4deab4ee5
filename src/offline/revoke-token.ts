// Ending a bearer token on the server: GET /auth/logout carrying the token itself. One call for
// every token this device lets go of: the session's at sign-out, and write-only sync
// credentials once their user's queue is empty. Owns only that call; never throws (offline or
// timed out, the device has already forgotten the token, and the server ends it when idle).
// No window, localStorage or React here: the service worker revokes credentials too.
import { API_BASE } from '#contract/common-constants';
import { AUTH_PATHS } from '#contract/session-constants';

const REVOKE_TIMEOUT_MS = 5_000;

export interface RevokeOptions {
  fetch?: typeof fetch;
  /** Origin prefix before API_BASE; '' on the page and in the service worker (same origin). */
  baseUrl?: string;
  /** How long one revocation may take; 5 s unless told. */
  timeoutMs?: number;
}

/** Resolves when the server answered, or the call failed or timed out: best effort. */
export async function revokeToken(token: string, options: RevokeOptions = {}): Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    await doFetch(`${options.baseUrl ?? ''}${API_BASE}${AUTH_PATHS.logout}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout?.(options.timeoutMs ?? REVOKE_TIMEOUT_MS),
    });
  } catch {
    // Offline or timed out: nothing else to do (see above).
  }
}
