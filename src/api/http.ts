// The one HTTP client of the app: every call to /api goes through `http`.
// It adds the session's bearer token, reports 401s to the registered handler (the app
// signs out) and wakes the outbox drain after each success. readJson and toApiRequestError
// turn every failure into an ApiRequestError carrying Spanish text a user may read.
// The contract's schemas (zod) are never on the boot path: readJson loads the contract module
// it checks against while the answer travels, and failed answers are checked in beforeError.
import ky, { isHTTPError, isTimeoutError, type HTTPError, type Input, type KyRequest, type ResponsePromise } from 'ky';
import type * as z from 'zod/mini';
import { API_BASE } from '#contract/common-constants';
import { buildPath, type PathParamName, type PathParams } from '#contract/paths';
import { OFFLINE_MESSAGE } from '#offline/network';
import { getSession } from '#offline/session';

export { OFFLINE_MESSAGE };
export const TIMEOUT_MESSAGE = 'El servidor está tardando demasiado en responder. Inténtalo de nuevo.';
export const SERVER_ERROR_MESSAGE = 'Error del servidor. Inténtalo de nuevo más tarde.';
export const INVALID_RESPONSE_MESSAGE = 'Respuesta inesperada del servidor.';
export const UNKNOWN_ERROR_MESSAGE = 'Error desconocido';

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-response';

/** Any failed API call. `message` is Spanish and safe to show. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status, or null when no response arrived. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isOffline(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when a request made with the session's token gets 401. Returns an unsubscribe. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const maintenanceListeners = new Set<Listener>();

/** Called when any call answers 503 with `maintenance: 1` (maintenance state 1). Returns an unsubscribe. */
export function onMaintenance(listener: Listener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

const commonContract = () => import('#contract/common');

/**
 * No answer at all (offline, DNS, refused connection): fetch rejects with a TypeError then, and
 * with the abort reason when aborted. Marked where fetch is called, so a TypeError from a bug is
 * never mistaken for being offline.
 */
class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

async function fetchOrNetworkError(input: Input, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    throw error instanceof TypeError ? new NetworkError(error.message, { cause: error }) : error;
  }
}

/** A failed answer's body, and what the contract makes of it. */
interface ErrorBody {
  data: unknown;
  /** The body's Spanish `error` text when it has the contract's error shape. */
  message: string | null;
  /** A 503 of maintenance state 1. */
  maintenance: boolean;
}
const errorBodies = new WeakMap<HTTPError, ErrorBody>();
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

/** What a failed answer's body said; undefined for anything but an HTTP error. */
export function errorData(error: unknown): unknown {
  return isHTTPError(error) ? errorBodies.get(error)?.data : undefined;
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

export const http = ky.create({
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
          for (const listener of unauthorizedListeners) listener();
        }
      },
    ],
    // Runs on every failed answer, before the retry decision: it reads the body once for both,
    // and signals maintenance (the caller still gets its error).
    beforeError: [
      async (error) => {
        const body = await checkErrorBody(error.response);
        errorBodies.set(error, body);
        if (body.maintenance) for (const listener of maintenanceListeners) listener();
        return error;
      },
    ],
  },
});

/** Turns anything thrown by a call into an ApiRequestError with a Spanish message. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (isHTTPError(error)) {
    const status = error.response.status;
    const fallback = status >= 500 ? SERVER_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
    return new ApiRequestError(errorBodies.get(error)?.message ?? fallback, 'http', status, { cause: error });
  }
  if (isTimeoutError(error)) return new ApiRequestError(TIMEOUT_MESSAGE, 'timeout', null, { cause: error });
  // `http` marks fetch's failures as NetworkError; a bare TypeError while the browser says
  // it is offline is the same thing from a call made without it.
  if (error instanceof NetworkError || (error instanceof TypeError && globalThis.navigator?.onLine === false)) {
    return new ApiRequestError(OFFLINE_MESSAGE, 'network', null, { cause: error });
  }
  return new ApiRequestError(INVALID_RESPONSE_MESSAGE, 'invalid-response', null, { cause: error });
}

/** The Spanish text to show for a failed call. */
export function errorMessage(error: unknown): string {
  return toApiRequestError(error).message;
}

/** The names of a contract module's schemas. */
export type SchemaName<M> = { [K in keyof M]: M[K] extends z.ZodMiniType ? K : never }[keyof M];

/**
 * Reads a JSON answer and checks it against the schema `name` of the contract module `contract`
 * loads (`() => import('#contract/ranking')`): the module and zod load while the answer travels.
 */
export async function readJson<M, K extends SchemaName<M>>(
  response: ResponsePromise,
  contract: () => Promise<M>,
  name: K,
): Promise<z.output<M[K] & z.ZodMiniType>> {
  try {
    const [body, module] = await Promise.all([response.json(), contract()]);
    return (module[name] as M[K] & z.ZodMiniType).parse(body);
  } catch (error) {
    throw toApiRequestError(error);
  }
}

/**
 * What `http` is called with for a contract path: the pattern filled as buildPath fills it,
 * without its leading slash (ky wants none before its prefix, API_BASE).
 */
export function apiPath<P extends string>(pattern: P, ...values: PathParamName<P> extends never ? [] : [PathParams<P>]): string {
  return buildPath(pattern, ...values).slice(1);
}
