// Verifies a Google sign-in and returns its e-mail: an implicit-flow access token through
// Google's tokeninfo endpoint, or an ID token (credential) against Google's published keys
// (JWKS). Either must be issued to GOOGLE_CLIENT_ID, unexpired, with a verified e-mail: a token
// another site obtained for the same person is refused. Both URLs are configuration, so tests
// use local stand-ins. Returns null for any refusal; never decides membership (the service does).
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import * as z from 'zod/mini';
import { HttpError } from '#server/http-error';

const TIMEOUT_MS = 5_000;
/** Google's clocks and ours may disagree a little; an ID token lives an hour. */
const CLOCK_TOLERANCE_SECONDS = 30;
const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** Either spelling of the scope that lets tokeninfo tell the e-mail. */
const EMAIL_SCOPES = new Set(['email', 'https://www.googleapis.com/auth/userinfo.email']);
const UNREACHABLE = 'No se pudo comprobar la cuenta con Google. Inténtalo de nuevo.';

export interface GoogleSettings {
  clientId: string;
  tokeninfoUrl: string;
  jwksUrl: string;
}

// tokeninfo sends numbers and booleans as strings; a proxy may send them as JSON values.
const loose = z.optional(z.union([z.string(), z.number(), z.boolean()]));
const tokeninfoSchema = z.object({
  aud: z.optional(z.string()),
  azp: z.optional(z.string()),
  scope: z.optional(z.string()),
  exp: loose,
  expires_in: loose,
  email: z.optional(z.string()),
  email_verified: loose,
});

const isTrue = (value: unknown) => value === true || value === 'true';

/** The e-mail, lower-cased, when it looks like one. */
function emailOf(value: unknown): string | null {
  return typeof value === 'string' && value.includes('@') ? value.trim().toLowerCase() : null;
}

/** Refusals that are about the token itself (401); anything else means Google could not be asked (502). */
const TOKEN_REFUSALS = [
  errors.JWTExpired, errors.JWTClaimValidationFailed, errors.JWSSignatureVerificationFailed, errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys, errors.JWSInvalid, errors.JWTInvalid, errors.JOSEAlgNotAllowed, errors.JOSENotSupported,
];

export function createGoogleVerifier(settings: GoogleSettings, clock: () => Date) {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: TIMEOUT_MS });

  return {
    /** Asks tokeninfo about an implicit-flow access token. */
    async emailFromAccessToken(accessToken: string): Promise<string | null> {
      const url = new URL(settings.tokeninfoUrl);
      url.searchParams.set('access_token', accessToken);
      let response: Response;
      try {
        response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        throw new HttpError(502, UNREACHABLE);
      }
      // Google answers 400 invalid_token for a token it does not know or that has expired.
      if (response.status === 400 || response.status === 401 || response.status === 403) return null;
      if (!response.ok) throw new HttpError(502, UNREACHABLE);
      const parsed = tokeninfoSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) return null;
      const info = parsed.data;
      if (info.aud !== settings.clientId && info.azp !== settings.clientId) return null;
      if (!isTrue(info.email_verified)) return null;
      if (!(info.scope ?? '').split(' ').some((scope) => EMAIL_SCOPES.has(scope))) return null;
      const expiresIn = info.expires_in === undefined ? null : Number(info.expires_in);
      const exp = info.exp === undefined ? null : Number(info.exp);
      if (expiresIn === null && exp === null) return null;
      if (expiresIn !== null && !(expiresIn > 0)) return null;
      if (exp !== null && !(exp * 1000 > clock().getTime())) return null;
      return emailOf(info.email);
    },

    /** Verifies a Google ID token (RS256, Google's keys, this app's audience). */
    async emailFromIdToken(credential: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(credential, jwks, {
          algorithms: ['RS256'],
          issuer: ISSUERS,
          audience: settings.clientId,
          requiredClaims: ['exp', 'iat'],
          currentDate: clock(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        return isTrue(payload.email_verified) ? emailOf(payload.email) : null;
      } catch (error) {
        if (TOKEN_REFUSALS.some((kind) => error instanceof kind)) return null;
        throw new HttpError(502, UNREACHABLE);
      }
    },
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
