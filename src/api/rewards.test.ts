import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadBaseUrl, startTestApiServer, type TestApiServer } from '#test-support/api-server';
import { REWARDS_PATHS } from '#contract/rewards';
import { apiPath, ApiRequestError, http, OFFLINE_MESSAGE, toApiRequestError } from '#api/http';
import { NETWORK_OR_UNEXPECTED, redeemFailure } from '#api/rewards';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(async () => {
  await server.close();
});

/** What the app's client turns a real failed call into. */
async function failure(base: string): Promise<unknown> {
  try {
    await http.post(apiPath(REWARDS_PATHS.redeem), { prefixUrl: `${base}/api`, json: {}, retry: 0 });
  } catch (error) {
    return toApiRequestError(error);
  }
  throw new Error('expected a failure');
}

describe('redeemFailure (spec 8: what the result dialog shows)', () => {
  it.each([
    ['status and message of the body', { status: 'error', message: 'Saldo insuficiente', error: 'Saldo insuficiente' }, { status: 'error', message: 'Saldo insuficiente' }],
    ['the error field when there is no message', { success: false, error: 'No tienes permisos para acceder a esta sección.' }, { status: 'error', message: 'No tienes permisos para acceder a esta sección.' }],
    ['the defaults for a body without either', { foo: 1 }, { status: 'error', message: 'Error desconocido' }],
    ['the defaults for a body that is not JSON', '<html>nope</html>', { status: 'error', message: 'Error desconocido' }],
  ])('an HTTP error shows %s', async (_name, body, expected) => {
    server.reply = () => ({ status: 422, body });
    expect(await redeemFailure(await failure(server.baseUrl))).toEqual(expected);
  });

  it('a network error shows its own message', async () => {
    expect(await redeemFailure(await failure(await deadBaseUrl()))).toEqual({ status: 'error', message: OFFLINE_MESSAGE });
  });

  it('anything else without a message: "Error de red o inesperado"', async () => {
    expect(await redeemFailure(new Error(''))).toEqual({ status: 'error', message: NETWORK_OR_UNEXPECTED });
    expect(await redeemFailure('boom')).toEqual({ status: 'error', message: NETWORK_OR_UNEXPECTED });
    expect(await redeemFailure(new ApiRequestError('Respuesta inesperada del servidor.', 'invalid-response'))).toEqual({ status: 'error', message: 'Respuesta inesperada del servidor.' });
  });
});
