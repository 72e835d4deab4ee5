import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { SessionUser } from '#contract/session';
import { DEMO_SSO_SECRET } from '#server/config';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { deviceNetwork, storedSession, type StoredSession } from './device';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

// The one way a test signs someone in: in the browser by following an /sso/ link, as the partner
// platform sends users (the `signInAs` fixture), or through the API for server-side checks
// (apiSignIn). Who: a demo user by name ('ana'), or { email } for anyone else (an agent the
// test imported, or a seeded agent no other test touches).

/** The seven demo users (server/seed/demo-users.ts), by the local part of their e-mail. */
export type DemoUser = 'ana' | 'bruno' | 'nuevo' | 'interno' | 'plataforma' | 'latam' | 'admin';
export type Who = DemoUser | { email: string };

export const emailOf = (who: Who): string => (typeof who === 'string' ? `${who}@impecable.demo` : who.email);

/** Where a sign-in lands (spec 2): admin on its simulated navigation, LATAM on its order summary, everyone else /home. */
function landingOf(who: Who): RegExp {
  if (who === 'admin') return /\/navegacion-simulada$/;
  if (who === 'latam') return /\/listado-usuarios$/;
  return /\/home$/;
}

/**
 * A fresh single-use SSO token, signed as the partner platform signs it (the e2e server runs
 * with the demo SSO secret), so any user may sign in, not only the demo endpoint's seven.
 */
function ssoToken(who: Who): Promise<string> {
  return signSsoToken(DEMO_SSO_SECRET, emailOf(who));
}

/** Signs in through the API (no browser): the bearer token and the user the server answers with. */
export async function apiLogin(request: APIRequestContext, who: Who): Promise<{ token: string; user: SessionUser }> {
  const res = await request.post('/api/auth/login-sso', { headers: { Authorization: `Bearer ${await ssoToken(who)}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { token: string; user: SessionUser } }).data;
}

/** A bearer token of its own for server-side checks (a session apart from the page's). */
export async function apiSignIn(request: APIRequestContext, who: Who): Promise<string> {
  return (await apiLogin(request, who)).token;
}

export interface SignedIn extends StoredSession {
  email: string;
  /** The /sso/… path followed: spent now, so following it again is refused. */
  ssoPath: string;
}

/**
 * Follows a fresh SSO link in `page`, waits for the user's landing, and returns the session the
 * app stored. Tests use the `signInAs` fixture; this is for pages of contexts they open themselves.
 */
export async function signIn(page: Page, who: Who): Promise<SignedIn> {
  const ssoPath = `/sso/${await ssoToken(who)}`;
  await page.goto(ssoPath);
  await expect(page).toHaveURL(landingOf(who));
  return { email: emailOf(who), ssoPath, ...(await storedSession(page)) };
}

export const test = base.extend<{ shell: AppShell; login: LoginPage; signInAs: (who: Who) => Promise<SignedIn> }>({
  // Offline as on a device: every document, even one opened offline, knows it (device.ts).
  context: async ({ context }, use) => use(deviceNetwork(context)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  login: async ({ page }, use) => use(new LoginPage(page)),
  signInAs: async ({ page }, use) => use((who) => signIn(page, who)),
});

export { expect };
