// Sign-in, sign-out and nickname calls (spec section 7). All of them need the network.
import {
  checkAdminResponseSchema,
  demoSsoResponseSchema,
  loginResponseSchema,
  nicknameResponseSchema,
  type LoginResponse,
} from '#contract/session';
import { http, readJson } from '#api/http';

/** POST /auth/login with the Google implicit-flow access token. */
export function loginWithGoogle(accessToken: string): Promise<LoginResponse> {
  return readJson(http.post('auth/login', { json: { access_token: accessToken } }), loginResponseSchema);
}

/** POST /auth/login-sso: empty body, the single-use SSO token as bearer. */
export function loginWithSso(ssoToken: string): Promise<LoginResponse> {
  return readJson(
    http.post('auth/login-sso', { headers: { Authorization: `Bearer ${ssoToken}` }, retry: 0 }),
    loginResponseSchema,
  );
}

/** POST /auth/login-as-user: a supervisor navigates as the agent with this nickname. */
export function loginAsUser(nickName: string): Promise<LoginResponse> {
  return readJson(http.post('auth/login-as-user', { json: { nick_name: nickName } }), loginResponseSchema);
}

/** GET /auth/logout: revokes the current bearer token. */
export async function logout(): Promise<void> {
  await http.get('auth/logout', { retry: 0 });
}

/** POST /crear-nickname: answers the stored nickname. */
export async function createNickname(nickName: string): Promise<string> {
  const answer = await readJson(http.post('crear-nickname', { json: { nick_name: nickName } }), nicknameResponseSchema);
  return answer.data.nick_name;
}

/** GET /ceck-admin (sic, the API's spelling): false on any error, as the spec says. */
export async function checkAdmin(): Promise<boolean> {
  try {
    return (await readJson(http.get('ceck-admin'), checkAdminResponseSchema)).isAdmin;
  } catch {
    return false;
  }
}

/** POST /demo/sso-token (demo mode only): a fresh single-use SSO token for a demo user. */
export async function requestDemoSsoToken(email: string): Promise<string> {
  return (await readJson(http.post('demo/sso-token', { json: { email } }), demoSsoResponseSchema)).token;
}
