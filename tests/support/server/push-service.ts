// Test stand-in for a Web Push service (RFC 8030), speaking the real protocol on a local port:
// it makes subscriptions as a browser's push service would (a P-256 key pair and a 16-byte
// auth secret per subscription, endpoint http://127.0.0.1:<port>/push/<id>), and on POST
// checks the VAPID Authorization header (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, aud
// the endpoint's origin, exp within 24 h, sub present; verified with jose), decrypts the
// aes128gcm body (RFC 8291 / 8188) with node:crypto, and records each message. It can be told
// to answer a subscription with 404, 410, 429, 5xx, another refusal, a redirect, or never (a
// service that hangs). Never used by production code.
import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

/** A subscription as PushSubscription.toJSON() gives it to the app. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as text. */
  text: string;
  ttl: number;
  urgency: string | null;
  /** The VAPID public key (k) the message was signed with, and the JWT's claims. */
  vapidKey: string;
  claims: JWTPayload;
}

export interface PushServiceStandIn {
  origin: string;
  /** A new subscription; with `applicationServerKey`, messages signed with another key get 403. */
  subscribe(options?: { applicationServerKey?: string }): StandInSubscription;
  /** Every message accepted, in arrival order. */
  messages: ReceivedPush[];
  messagesFor(endpoint: string): ReceivedPush[];
  /** Requests refused (bad VAPID, undecryptable body...), with why: tests assert none. */
  refusals: { endpoint: string; status: number; reason: string }[];
  /** The URL of every request that arrived, answered or not, in arrival order. */
  requests: string[];
  /**
   * From now on, answer this endpoint with `status` (404 or 410: gone; 429 or 5xx: try later; a
   * 3xx redirects to `${origin}/push/redirected`), or 'never' (hold the request open until the
   * client gives up); null restores it.
   */
  answerWith(endpoint: string, status: number | 'never' | null): void;
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | null;
  forced: number | 'never' | null;
}

class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8292: checks `vapid t=…, k=…` for this endpoint's origin; returns the key and claims. */
async function checkVapid(header: string | undefined, origin: string, now: number): Promise<{ k: string; claims: JWTPayload }> {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new Refusal(401, 'no vapid authorization');
  const params = Object.fromEntries(match[1].split(',').map((part) => {
    const [name, ...value] = part.trim().split('=');
    return [name?.trim() ?? '', value.join('=').trim()];
  }));
  const { t, k } = params;
  if (!t || !k) throw new Refusal(401, 'vapid without t or k');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  if (decodeProtectedHeader(t).alg !== 'ES256') throw new Refusal(401, 'vapid JWT is not ES256');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) }, 'ES256');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(t, key, { algorithms: ['ES256'], audience: origin, currentDate: new Date(now) }));
  } catch (error) {
    throw new Refusal(401, `vapid JWT refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 > now + 24 * 3_600_000) throw new Refusal(401, 'vapid exp more than 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(401, 'vapid sub missing');
  return { k, claims };
}

/** RFC 8291 + 8188: the aes128gcm body decrypted with the subscription's private key and auth secret. */
function decrypt(body: Buffer, sub: Subscription): string {
  if (body.length < 21) throw new Refusal(400, 'body too short for aes128gcm');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || rs < 18) throw new Refusal(400, 'aes128gcm header is not a Web Push one');
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic]);
  const ikm = hkdf(sub.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bytes (few records: 32 bits suffice).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    try {
      const data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // Each record ends with its delimiter (2 for the last, 1 otherwise) and zero padding.
      let end = data.length - 1;
      while (end >= 0 && data[end] === 0) end--;
      plain.push(data.subarray(0, end));
    } catch {
      throw new Refusal(400, 'aes128gcm record does not decrypt with this subscription');
    }
  }
  return Buffer.concat(plain).toString('utf8');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const subscriptions = new Map<string, Subscription>();
  const messages: ReceivedPush[] = [];
  const refusals: PushServiceStandIn['refusals'] = [];
  const requests: string[] = [];
  let origin = '';

  async function receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const sub = id ? subscriptions.get(id) : undefined;
    const endpoint = `${origin}${request.url ?? ''}`;
    requests.push(endpoint);
    if (sub?.forced === 'never') return;
    const body = await readBody(request);
    if (request.method !== 'POST' || !sub) throw new Refusal(404, 'no such subscription');
    if (sub.forced !== null) throw new Refusal(sub.forced, 'told to answer so');
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'content-encoding is not aes128gcm');
    const { k, claims } = await checkVapid(request.headers.authorization, origin, Date.now());
    if (sub.applicationServerKey !== null && sub.applicationServerKey !== k) throw new Refusal(403, 'signed with another application server key');
    const text = decrypt(body, sub);
    messages.push({ endpoint, text, ttl, urgency: (request.headers.urgency as string | undefined) ?? null, vapidKey: k, claims });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  const server = createServer((request, response) => {
    receive(request, response).catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      refusals.push({ endpoint: `${origin}${request.url ?? ''}`, status, reason: error instanceof Error ? error.message : String(error) });
      const redirect = status >= 300 && status < 400 ? { location: `${origin}/push/redirected` } : {};
      if (!response.headersSent) response.writeHead(status, { 'content-type': 'text/plain', ...redirect }).end(error instanceof Error ? error.message : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => endpoint.slice(`${origin}/push/`.length);

  return {
    origin,
    messages,
    refusals,
    requests,
    subscribe(options = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth, applicationServerKey: options.applicationServerKey ?? null, forced: null });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64(publicKey), auth: b64(auth) } };
    },
    messagesFor: (endpoint) => messages.filter((m) => m.endpoint === endpoint),
    answerWith(endpoint, status) {
      const sub = subscriptions.get(idOf(endpoint));
      if (!sub) throw new Error(`unknown subscription ${endpoint}`);
      sub.forced = status;
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}
