// The ky instance behind `http` (#api/http), loaded with the first call, with ky: it adds the
// session's bearer token, reads each failed answer's body once (the contract's Spanish error
// text, maintenance), raises 401 and maintenance to the app, and wakes the outbox drain after
// each success.
import ky, { isHTTPError, isTimeoutError, type Input, type KyRequest, type Options } from 'ky';
import { API_BASE } from '#contract/common-constants';
import { getSession } from '#offline/session';
import { emitMaintenance, emitUnauthorized, errorBodies, NetworkError, type ErrorBody } from '#api/http-events';

export { isHTTPError, isTimeoutError };

const commonContract = () => import('#contract/common');

async function fetchOrNetworkError(input: Input, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    throw error instanceof TypeError ? new NetworkError(error.message, { cause: error }) : error;
  }
}

/** A failed answer whose body never finishes must not hang the call that failed. */
const ERROR_BODY_WAIT_MS = 5_000;

/** A failed answer's body: parsed when it says JSON, else its text; undefined when empty or unreadable. */
async function readErrorBody(response: Response): Promise<unknown> {
  const isJson = /[/+]json\b/i.test(response.headers.get('Content-Type') ?? '');
  const read = response
    .clone()
    .text()
    .then((text): unknown => (text === '' ? undefined : isJson ? JSON.parse(text) : text))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ERROR_BODY_WAIT_MS)));
  return Promise.race([read, gaveUp]).finally(() => clearTimeout(timer));
}

/** Reads a failed answer's body once, and checks it against the contract's error shapes. */
async function checkErrorBody(response: Response): Promise<ErrorBody> {
  const [data, contract] = await Promise.all([readErrorBody(response), commonContract().catch(() => null)]);
  if (!contract) return { data, message: null, maintenance: false };
  const { apiErrorSchema, maintenanceBodySchema } = contract;
  const error = apiErrorSchema.safeParse(data);
  return {
    data,
    message: error.success ? error.data.error : null,
    maintenance: response.status === 503 && maintenanceBodySchema.safeParse(data).success,
  };
}

/**
 * Only a 401 to the *session's* token means "your session is over". A 401 to a sign-in
 * attempt (Google token, SSO token) is a failed sign-in, shown on the login screen.
 */
function carriedSessionToken(request: KyRequest): boolean {
  const token = getSession().token;
  return token !== null && request.headers.get('Authorization') === `Bearer ${token}`;
}

function notifyDrainLoop(): void {
  // Only a signed-in device has anything to drain. Loaded lazily so the sign-in bundle
  // does not carry Dexie; after the first success the module is cached.
  if (!getSession().token) return;
  import('#offline/drain-loop').then(
    (m) => m.notifyRequestSucceeded(),
    () => undefined,
  );
}

const options: Options = {
  prefixUrl: API_BASE,
  fetch: fetchOrNetworkError,
  // Shop-floor Wi-Fi drops silently: a hung request must end and say so.
  timeout: 15_000,
  retry: {
    shouldRetry: ({ error }) => {
      // Maintenance answers "come back in 5 minutes" (Retry-After): waiting for it would hang the
      // call; fail at once so the maintenance screen shows. Other answers keep ky's defaults.
      if (isHTTPError(error)) return errorBodies.get(error)?.maintenance ? false : undefined;
      // Besides answers, only a timeout or a lost connection may be worth another try; a bug never is.
      return isTimeoutError(error) || error instanceof NetworkError ? undefined : false;
    },
  },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getSession().token;
        // SSO sign-in brings its own bearer (the SSO token): keep it.
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        request.headers.set('Accept', 'application/json');
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.ok) {
          notifyDrainLoop();
          return;
        }
        // Sign-out's own revocation does not come through here (#offline/revoke-token), so a 401
        // to it (token already dead) never signs out again.
        if (response.status === 401 && carriedSessionToken(request)) {
          emitUnauthorized();
        }
      },
    ],
    // Runs on every failed answer, before the retry decision: it reads the body once for both,
    // and signals maintenance (the caller still gets its error).
    beforeError: [
      async (error) => {
        const body = await checkErrorBody(error.response);
        errorBodies.set(error, body);
        if (body.maintenance) emitMaintenance();
        return error;
      },
    ],
  },
};


export const client = ky.create(options);
