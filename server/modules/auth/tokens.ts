// Opaque session tokens: 32 random bytes, base64url, shown once to the client; the database
// keeps only their SHA-256, so a copy of the sessions table cannot sign anyone in.
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A sync session's action-signing secret (src/contract/action-signature.ts): 32 random bytes, base64url. */
export function newActionKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `signature` is the base64url HMAC-SHA-256 of `input` under `actionKey`, compared in constant time. */
export function isValidActionSignature(actionKey: string, input: string, signature: string): boolean {
  const expected = createHmac('sha256', Buffer.from(actionKey, 'base64url')).update(input).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function hashToken(token: string): string {
  // One-shot: asked on every request, and cheaper than a Hash object.
  return hash('sha256', token, 'hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
