// The signature that binds a queued action to the signed-in session that queued it. Sign-in
// hands the device an `action_key`; the outbox signs each row with it when the row is
// written, and signing out forgets the key. A write-only sync credential (queued work after
// sign-out) delivers only rows carrying a valid signature, so whoever uses the device next
// can replay what its user queued, unchanged, but cannot forge or backdate anything.
// Shared wire format: the app signs with WebCrypto, the server checks with node:crypto.
// Never decides whether an action is allowed beyond "this session's device queued it".

/** Header carrying the row's signature (base64url HMAC-SHA-256). */
export const ACTION_SIGNATURE_HEADER = 'X-Action-Signature';

export interface SignedAction {
  method: string;
  /** The full request path, API_BASE included: '/api/video/3/porcentaje'. */
  url: string;
  /** The row's Idempotency-Key. */
  idempotencyKey: string;
  /** The X-Occurred-At header exactly as sent. */
  occurredAt: string;
  /** The JSON body exactly as sent (JSON.stringify of the row's body). */
  bodyJson: string;
}

/** The text that is signed: every part of the request that decides what the action does. */
export function actionSigningInput(action: SignedAction): string {
  return [action.method.toUpperCase(), action.url, action.idempotencyKey, action.occurredAt, action.bodyJson].join('\n');
}

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Signs an action with the session's base64url action key (WebCrypto: page, service worker
 * and Node alike). Null when this context has no WebCrypto (an insecure origin): the row then
 * leaves only with the full session, while its user is signed in.
 */
export async function signAction(actionKey: string, action: SignedAction): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const key = await subtle.importKey('raw', fromBase64url(actionKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await subtle.sign('HMAC', key, new TextEncoder().encode(actionSigningInput(action))));
}
