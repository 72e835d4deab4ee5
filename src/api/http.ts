// The one HTTP client of the app: every call to /api goes through `http`. Its ky instance
// (#api/http-client) adds the session's bearer token, reports 401s to the registered handler
// (the app signs out) and wakes the outbox drain after each success. readJson and
// toApiRequestError turn every failure into an ApiRequestError carrying Spanish text a user may read.
// Neither ky nor the contract's schemas (zod) are on the boot path: ky and its instance load with
// the first call (no screen paints from the network: they paint from the device, then
// revalidate), readJson loads the contract module it checks against while the answer travels,
// and failed answers are checked by the instance.
import type { HTTPError, Input, KyInstance, Options, ResponsePromise } from 'ky';
import type * as z from 'zod/mini';
import { buildPath, type PathParamName, type PathParams } from '#contract/paths';
import { OFFLINE_MESSAGE } from '#offline/network';
import { errorBodies, NetworkError } from '#api/http-events';

export { OFFLINE_MESSAGE };
export { onMaintenance, onUnauthorized } from '#api/http-events';
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

/** ky, once the first call has loaded it: until then no error can be one of its own. */
let kyModule: typeof import('#api/http-client') | null = null;
const isHTTPError = (error: unknown): error is HTTPError => kyModule !== null && kyModule.isHTTPError(error);
const isTimeoutError = (error: unknown): boolean => kyModule !== null && kyModule.isTimeoutError(error);

/** What a failed answer's body said; undefined for anything but an HTTP error. */
export function errorData(error: unknown): unknown {
  return isHTTPError(error) ? errorBodies.get(error)?.data : undefined;
}

/** A call on its way: awaited, its Response; or its body read as ky reads it. */
export interface Call extends Promise<Response> {
  json(): Promise<unknown>;
  blob(): Promise<Blob>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** ky's instance API, for the calls the app makes, with ky itself loaded by the first call. */
export interface HttpClient extends Record<Method, (input: Input, options?: Options) => Call> {
  extend(options: Options): HttpClient;
}

function lazyClient(instance: () => Promise<KyInstance>): HttpClient {
  const call =
    (method: Method) =>
    (input: Input, callOptions?: Options): Call => {
      // One request: the body readers below read the same ResponsePromise (boxed, or awaiting it
      // here would already unwrap it into its Response).
      const sent = instance().then((ky) => ({ answer: ky[method](input, callOptions) }));
      const response = sent.then(({ answer }) => answer);
      // Each reader waits on `response` first, so a failure reaches whoever reads, not the console.
      const read = <T>(body: (answer: ResponsePromise) => Promise<T>) => response.then(() => sent).then(({ answer }) => body(answer));
      return Object.assign(response, { json: () => read((answer) => answer.json()), blob: () => read((answer) => answer.blob()) });
    };
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
    extend: (more) => {
      // Extended once, on its first call (a failed load is tried again by the next one).
      let extended: Promise<KyInstance> | null = null;
      return lazyClient(() => {
        extended ??= instance()
          .then((ky) => ky.extend(more))
          .catch((error: unknown) => {
            extended = null;
            throw error;
          });
        return extended;
      });
    },
  };
}

let instance: Promise<KyInstance> | null = null;

export const http: HttpClient = lazyClient(() => {
  instance ??= import('#api/http-client').then(
    (module) => {
      kyModule = module;
      return module.client;
    },
    (error: unknown) => {
      // Offline before ky's file was cached: this call fails as offline; the next one tries again.
      instance = null;
      throw new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
    },
  );
  return instance;
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
  response: Call,
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
