// Brand-2 rewards calls: the catalogue and the user's orders (validated with the contract's
// schemas), and redeeming a value option. Redeeming must be online; it never throws: any
// failure becomes a { status: 'error', message } the result dialog shows (spec section 8).
import { IDEMPOTENCY_HEADER } from '#contract/common-constants';
import { REWARDS_PATHS } from '#contract/rewards-constants';
import type { OrdersResponse, Product, RedeemBody, RedeemResponse } from '#contract/rewards';
import { apiPath, ApiRequestError, errorData, http, readJson, UNKNOWN_ERROR_MESSAGE } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/rewards');

export const NETWORK_OR_UNEXPECTED = 'Error de red o inesperado';
export const REDEEM_FAILED_DEFAULT = 'No se pudo canjear el producto';

export async function fetchProducts(): Promise<Product[]> {
  return (await readJson(http.get(apiPath(REWARDS_PATHS.products)), contract, 'productsResponseSchema')).data;
}

export async function fetchOrders(): Promise<OrdersResponse['data']> {
  return (await readJson(http.get(apiPath(REWARDS_PATHS.orders)), contract, 'ordersResponseSchema')).data;
}

/**
 * Spec 8: an HTTP error shows the status and message of its body (defaults "error" and
 * "Error desconocido"); any other failure its own message, or "Error de red o inesperado".
 */
export async function redeemFailure(error: unknown): Promise<RedeemResponse> {
  if (error instanceof ApiRequestError && error.kind === 'http') {
    const body = (await contract()).redeemErrorBodySchema.parse(errorData(error.cause));
    return { status: body.status === 'ok' ? 'ok' : 'error', message: body.message || body.error || UNKNOWN_ERROR_MESSAGE };
  }
  const message = error instanceof Error ? error.message : '';
  return { status: 'error', message: message || NETWORK_OR_UNEXPECTED };
}

/**
 * POST cheque-motiva/cangear with the confirmation's Idempotency-Key. A dropped connection or
 * a timeout is retried with the same key, so the server answers the first attempt's outcome
 * instead of redeeming twice; 409 means that first attempt is still being processed.
 */
export async function redeemPrize(body: RedeemBody, idempotencyKey: string): Promise<RedeemResponse> {
  try {
    const answer = await readJson(
      http.post(apiPath(REWARDS_PATHS.redeem), {
        json: body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        timeout: 25_000,
        retry: { limit: 2, methods: ['post'], statusCodes: [409], retryOnTimeout: true },
      }),
      contract,
      'redeemResponseSchema',
    );
    return answer.status === 'error' && !answer.message ? { status: 'error', message: REDEEM_FAILED_DEFAULT } : answer;
  } catch (error) {
    return redeemFailure(error);
  }
}
