// Test stand-in for Google's sign-in endpoints, speaking their real protocol on a local port:
// tokeninfo (GET ?access_token=…, numbers as strings, 400 invalid_token for unknown tokens)
// and the JWKS that signs ID tokens (an RS256 key generated per stand-in). Tests get the env
// that points the server at it. Never used by production code.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export const STAND_IN_CLIENT_ID = 'impecable-pruebas.apps.googleusercontent.com';
const EMAIL_SCOPE = 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile';

/** What tokeninfo says about an access token (Google's field names; numbers travel as strings). */
export interface TokenInfo {
  azp?: string;
  aud?: string;
  sub?: string;
  scope?: string;
  exp?: string;
  expires_in?: string;
  email?: string;
  email_verified?: string;
}

export interface GoogleStandIn {
  /** GOOGLE_CLIENT_ID, GOOGLE_TOKENINFO_URL and GOOGLE_JWKS_URL for this stand-in. */
  env: Record<string, string>;
  /**
   * A new access token Google would describe with `info` (defaults: issued to our client, the
   * e-mail verified, the email scope, an hour left). Any token that is itself an e-mail is
   * also known, with the defaults: fixtures may send `{ access_token: 'ana@impecable.demo' }`.
   */
  accessToken(email: string, info?: TokenInfo): string;
  /** A Google ID token (credential) signed with the stand-in's published key; `claims` override. */
  idToken(email: string, claims?: JWTPayload, options?: { key?: CryptoKey; kid?: string }): Promise<string>;
  /** A key pair the JWKS does not publish (for forged tokens). */
  strangerKey(): Promise<CryptoKey>;
  /** How many requests each endpoint received. */
  calls: { tokeninfo: number; jwks: number };
  close(): Promise<void>;
}

function defaultsFor(email: string, now: Date): TokenInfo {
  return {
    azp: STAND_IN_CLIENT_ID,
    aud: STAND_IN_CLIENT_ID,
    sub: String(Math.abs([...email].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7))),
    scope: EMAIL_SCOPE,
    exp: String(Math.floor(now.getTime() / 1000) + 3600),
    expires_in: '3599',
    email,
    email_verified: 'true',
  };
}

export async function startGoogleStandIn(options: { now?: () => Date } = {}): Promise<GoogleStandIn> {
  const now = options.now ?? (() => new Date());
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const known = new Map<string, TokenInfo>();
  const calls = { tokeninfo: 0, jwks: 0 };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth2/v3/certs') {
      calls.jwks += 1;
      return json(200, { keys: [jwk] });
    }
    if (url.pathname === '/tokeninfo') {
      calls.tokeninfo += 1;
      const token = url.searchParams.get('access_token') ?? '';
      const info = known.get(token) ?? (token.includes('@') ? defaultsFor(token, now()) : undefined);
      return info ? json(200, info) : json(400, { error: 'invalid_token', error_description: 'Invalid Value' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: { GOOGLE_CLIENT_ID: STAND_IN_CLIENT_ID, GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`, GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs` },
    accessToken(email, info = {}) {
      const token = `ya29.${randomUUID()}`;
      known.set(token, { ...defaultsFor(email, now()), ...info });
      return token;
    },
    async idToken(email, claims = {}, signing = {}) {
      const iat = Math.floor(now().getTime() / 1000);
      const payload: JWTPayload = {
        iss: 'https://accounts.google.com', aud: STAND_IN_CLIENT_ID, azp: STAND_IN_CLIENT_ID, sub: '1234567890',
        email, email_verified: true, iat, exp: iat + 3600, ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: signing.kid ?? kid, typ: 'JWT' })
        .sign(signing.key ?? privateKey);
    },
    async strangerKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    calls,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
