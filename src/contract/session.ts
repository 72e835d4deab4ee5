import * as z from 'zod/mini';

export * from './session-constants';

/**
 * The signed-in user as the API returns it (spec section 3, plus `id`).
 * `perfil` may be missing on a malformed session: the guard logs such a user out.
 */
export const sessionUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  nick_name: z.nullable(z.string()),
  role: z.string(),
  perfil: z.optional(z.string()),
  division: z.nullable(z.string()),
  marca_id: z.int(),
  puntos_ring_ring: z.number(),
  /** Only when an admin granted time accommodation (1.5 or 2): the user's own quiz intro says so. */
  factor_tiempo: z.optional(z.number()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  /**
   * Sign-in (not login-as-user) also returns a write-only credential: it may only replay
   * queued writes (routes with allowSync), reads nothing, and outlives sign-out on the device
   * until the user's queued work is sent.
   */
  sync_token: z.optional(z.string()),
  /**
   * With sync_token: the secret the device signs its queued actions with while signed in
   * (src/contract/action-signature.ts) and forgets at sign-out; the sync credential delivers
   * only signed actions.
   */
  action_key: z.optional(z.string()),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/**
 * POST /auth/login body: exactly one of the Google implicit-flow access token (what the app
 * sends) or a Google ID token (`credential`, from Google's own button or One Tap).
 */
export const googleLoginBodySchema = z
  .object({
    access_token: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
    credential: z.optional(z.string().check(z.minLength(1), z.maxLength(8192))),
  })
  .check(
    z.refine((body) => (body.access_token === undefined) !== (body.credential === undefined), {
      message: 'envía access_token (token de acceso de Google) o credential (ID token de Google), uno solo',
    }),
  );
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

/** POST /auth/login, /auth/login-as-user, auth/login-sso answer. */
export const loginResponseSchema = z.object({
  success: z.boolean(),
  message: z.optional(z.string()),
  data: z.optional(loginDataSchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/logout: only that it is done (the app reads nothing from it). */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

export const loginAsUserBodySchema = z.object({ nick_name: z.string().check(z.minLength(1)) });

export const nicknameBodySchema = z.object({ nick_name: z.string() });
export const nicknameResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ nick_name: z.string() }),
});

export const checkAdminResponseSchema = z.object({ isAdmin: z.boolean() });

/** Public run-time configuration the app reads before sign-in (GET /config). */
export const appConfigSchema = z.object({
  googleClientId: z.nullable(z.string()),
  demoMode: z.boolean(),
  demoUsers: z.array(z.object({ email: z.string(), label: z.string() })),
  partnerRedeemUrl: z.string(),
  supervisorIdleMinutes: z.number(),
  maintenance: z.union([z.literal(0), z.literal(1)]),
  /** Users whose e-mail ends with this domain may import users (/importar-usuarios). */
  corporateDomain: z.string(),
  /**
   * The ranking prizes in IMPs of the current month (Programa › Premios, the row in force), as the
   * rules screen shows them; null when none is configured. Optional: a device's older snapshot lacks it.
   */
  premios: z.optional(z.nullable(z.object({ mes: z.string(), tier1: z.int(), tier2: z.int(), tier3: z.int(), brand: z.int() }))),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** POST /demo/sso-token (demo mode only): a fresh single-use SSO token for a demo user. */
export const demoSsoBodySchema = z.object({ email: z.email() });
export const demoSsoResponseSchema = z.object({ token: z.string() });
