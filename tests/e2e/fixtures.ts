import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

/** A fresh single-use SSO token for a demo user, from the demo-mode endpoint. */
export async function ssoToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/demo/sso-token', { data: { email } });
  expect(res.ok(), `sso token for ${email}`).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
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
