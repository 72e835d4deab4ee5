// What the server will send a push to, checked when a device subscribes and again before each
// push (a row stored before these checks): an endpoint at a browser's push service, and keys a
// message can be encrypted with. No database, no network.
import { createPublicKey } from 'node:crypto';

/**
 * The push services browsers subscribe with (FCM for Chromium, Mozilla's autopush, Apple's and
 * Microsoft's). An endpoint must be https on the default port at one of them, in every mode
 * (demo, development, production): the server POSTs to it, so any other address (loopback, the
 * cloud metadata service, a private range, an internal name, a public name resolving to a
 * private address) would make it a probe of the network behind it.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/, /^([a-z0-9-]+\.)*push\.apple\.com$/, /^([a-z0-9-]+\.)*notify\.windows\.com$/];

/**
 * Whether the server may POST to `endpoint`: a browser's push service, or, in tests only, the
 * local stand-in at `testOrigin` (config.pushTestOrigin, never set in production).
 */
export function isAllowedPushEndpoint(endpoint: string, testOrigin: string | null): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (testOrigin !== null && url.origin === testOrigin) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

const base64url = (value: string) => (/^[\w-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

/**
 * Keys web-push can encrypt with: p256dh an uncompressed P-256 point (65 bytes, 0x04, then x and
 * y, on the curve: importing it checks that) and a 16-byte auth secret.
 */
export function arePushKeysValid(keys: { p256dh: string; auth: string }): boolean {
  const point = base64url(keys.p256dh);
  if (point.length !== 65 || point[0] !== 4 || base64url(keys.auth).length !== 16) return false;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
