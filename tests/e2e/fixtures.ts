import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { DEMO_SSO_SECRET } from '#server/config';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

/**
 * A fresh single-use SSO token for any user, signed as the partner platform signs it (the e2e
 * server runs with the demo SSO secret). The demo endpoint serves only the seven demo users.
 */
export async function ssoToken(_request: APIRequestContext, email: string): Promise<string> {
  return signSsoToken(DEMO_SSO_SECRET, email);
}

/** Signs in through the API (no browser) and returns the bearer token, for server-side checks. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const sso = await ssoToken(request, email);
  const res = await request.post('/api/auth/login-sso', { headers: { Authorization: `Bearer ${sso}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export const test = base.extend<{ shell: AppShell; login: LoginPage }>({
  shell: async ({ page }, use) => use(new AppShell(page)),
  login: async ({ page }, use) => use(new LoginPage(page)),
});

export { expect };
