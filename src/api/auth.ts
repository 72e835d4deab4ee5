// Sign-in and nickname calls (spec section 7). All of them need the network. Sign-out's
// revocation is the offline layer's (#offline/session-lifecycle): it must work from any page.
import { AUTH_PATHS } from '#contract/session-constants';
import type { LoginResponse } from '#contract/session';
import { ADMIN_PATHS } from '#contract/admin-constants';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/session');

/** POST /auth/login with the Google implicit-flow access token. */
export function loginWithGoogle(accessToken: string): Promise<LoginResponse> {
  return readJson(http.post(apiPath(AUTH_PATHS.login), { json: { access_token: accessToken } }), contract, 'loginResponseSchema');
}

/** POST /auth/login-sso: empty body, the single-use SSO token as bearer. */
export function loginWithSso(ssoToken: string): Promise<LoginResponse> {
  return readJson(
    http.post(apiPath(AUTH_PATHS.loginSso), { headers: { Authorization: `Bearer ${ssoToken}` }, retry: 0 }),
    contract,
    'loginResponseSchema',
  );
}

/** POST /auth/login-as-user: a supervisor navigates as the agent with this nickname. */
export function loginAsUser(nickName: string): Promise<LoginResponse> {
  return readJson(http.post(apiPath(ADMIN_PATHS.loginAsUser), { json: { nick_name: nickName } }), contract, 'loginResponseSchema');
}

/** POST /crear-nickname: answers the stored nickname. */
export async function createNickname(nickName: string): Promise<string> {
  const answer = await readJson(http.post(apiPath(AUTH_PATHS.nickname), { json: { nick_name: nickName } }), contract, 'nicknameResponseSchema');
  return answer.data.nick_name;
}

/** POST /demo/sso-token (demo mode only): a fresh single-use SSO token for a demo user. */
export async function requestDemoSsoToken(email: string): Promise<string> {
  return (await readJson(http.post(apiPath(AUTH_PATHS.demoSsoToken), { json: { email } }), contract, 'demoSsoResponseSchema')).token;
}
