// The session contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/session re-exports them beside its schemas.
/** Sign-in, sign-out and the signed-in user's own calls (spec section 7; "ceck-admin" sic). */
export const AUTH_PATHS = {
  login: '/auth/login',
  loginSso: '/auth/login-sso',
  logout: '/auth/logout',
  /** Demo mode only. */
  demoSsoToken: '/demo/sso-token',
  nickname: '/crear-nickname',
  checkAdmin: '/ceck-admin',
} as const;

/** Profiles (perfil). Empty string is a normal agent. Compare case-insensitively. */
export const PROFILES = ['admin', 'INTERNO', 'PLATAFORMA', 'LATAM'] as const;

export const NICKNAME_MAX = 30;
