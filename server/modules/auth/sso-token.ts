// SSO tokens: JWTs signed HS256 with the secret shared with the partner platform, carrying
// the e-mail, living at most 5 minutes, identified by a jti (single use is enforced by the
// caller against sso_used_tokens). Sign and verify live together so the demo CLI, the demo
// endpoint and the login check can never disagree. Only HS256 is ever accepted.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SSO_MAX_LIFETIME_SECONDS = 300;
/** Partner clocks drift a little; more would widen the replay window needlessly. */
const CLOCK_TOLERANCE_SECONDS = 30;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signSsoToken(secret: string, email: string, now: Date = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + SSO_MAX_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

export type SsoVerdict =
  | { ok: true; email: string; jti: string; expiresAt: Date }
  | { ok: false; reason: string };

const INVALID = 'El enlace de acceso no es válido';

export async function verifySsoToken(token: string, secret: string, now: Date): Promise<SsoVerdict> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'jti'],
      maxTokenAge: SSO_MAX_LIFETIME_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    const { exp, iat, jti, email } = payload;
    if (typeof exp !== 'number' || typeof iat !== 'number' || typeof jti !== 'string' || jti === '') {
      return { ok: false, reason: INVALID };
    }
    if (exp - iat > SSO_MAX_LIFETIME_SECONDS) {
      return { ok: false, reason: 'El enlace de acceso no es válido: dura más de 5 minutos' };
    }
    if (typeof email !== 'string' || !email.includes('@')) {
      return { ok: false, reason: 'El enlace de acceso no indica un correo' };
    }
    return { ok: true, email: email.trim().toLowerCase(), jti, expiresAt: new Date(exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'El enlace de acceso ha caducado' };
    return { ok: false, reason: INVALID };
  }
}
