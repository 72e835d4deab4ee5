// Sign-in routes: POST /auth/login (Google access token or ID token), POST auth/login-sso (JWT
// in the Authorization header, empty body), GET /auth/logout, and in demo mode
// POST /demo/sso-token (demo users, this machine: demo-access.ts). Sign-in routes are public
// and rate-limited per IP.
import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, demoSsoBodySchema, demoSsoResponseSchema, googleLoginBodySchema, loginResponseSchema, logoutResponseSchema } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { clearMediaCookie, mediaCookieToken, secureCookies } from '#server/media/access-cookie';
import { replies } from '#server/plugins/route-contract';
import { signInRateLimit } from '#server/plugins/security';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { isLocalCaller } from './demo-access.ts';
import type { AuthService } from './service.ts';
import { bearerToken } from './tokens.ts';

export async function authRoutes(app: FastifyInstance, { config, auth }: Pick<AppDeps, 'config'> & { auth: AuthService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signIn = { auth: 'public' as const, rateLimit: signInRateLimit(config) };
  const signedIn = replies(loginResponseSchema);

  api.post(AUTH_PATHS.login, { config: signIn, schema: { body: googleLoginBodySchema, response: signedIn } }, async (request) => {
    const data = await auth.loginWithGoogle(request.body);
    return { success: true, data };
  });

  api.post(AUTH_PATHS.loginSso, { config: signIn, schema: { response: signedIn } }, async (request) => {
    const data = await auth.loginWithSso(bearerToken(request.headers.authorization));
    return { success: true, message: 'Sesión iniciada', data };
  });

  // Logout tolerates unknown or expired tokens: signing out must always succeed. The media
  // cookie goes with the token it carries (a sync credential's sign-out leaves it).
  api.get(AUTH_PATHS.logout, { config: { auth: 'public', allowSync: true }, schema: { response: replies(logoutResponseSchema) } }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    await auth.logout(token);
    const cookie = mediaCookieToken(request);
    if (cookie !== null && (token === null || token === cookie)) clearMediaCookie(reply, secureCookies(config.publicUrl));
    return { success: true as const };
  });

  if (config.demoMode) {
    api.post(AUTH_PATHS.demoSsoToken, { config: signIn, schema: { body: demoSsoBodySchema, response: replies(demoSsoResponseSchema) } }, async (request) => ({
      token: await auth.demoSsoToken(request.body.email, {
        local: isLocalCaller(request, config.trustProxy),
        proof: bearerToken(request.headers.authorization),
      }),
    }));
  }
}
