// Run-time configuration: every environment variable the server reads, parsed and checked once.
// loadConfig is pure (env in, Config out) so it is table-tested; it throws ConfigError
// listing every problem, and refuses insecure production settings.
//
// | variable                | default                                        | meaning
// |-------------------------|------------------------------------------------|------------------------------------------
// | PORT                    | 8080                                           | HTTP port
// | HOST                    | 0.0.0.0                                        | listen address
// | PUBLIC_URL              | http://localhost:$PORT                         | base of printed links (/sso/{token})
// | DATA_DIR                | ./data                                         | data folder (PGlite in $DATA_DIR/pglite)
// | DIST_DIR                | ./dist                                         | the built app to serve (npm start builds it there)
// | DATABASE_URL            | (unset: embedded PGlite)                       | postgres://… for a real PostgreSQL
// | WORKERS                 | 1                                              | processes sharing the port (node:cluster);
// |                         |                                                | above 1 needs DATABASE_URL (PGlite is one process)
// | NODE_ENV                | (unset)                                        | "production" turns demo defaults off
// | DEMO_MODE               | true unless NODE_ENV=production                | demo users, /api/demo/sso-token (this machine only
// |                         |                                                | unless DEMO_MODE=true is set explicitly), sso-link
// | SSO_SECRET              | a fixed demo secret                            | HS256 key shared with the partner platform
// | GOOGLE_CLIENT_ID        | (unset)                                        | enables Google sign-in; tokens must be issued to it
// | GOOGLE_TOKENINFO_URL    | https://oauth2.googleapis.com/tokeninfo        | where Google access tokens are checked
// | GOOGLE_JWKS_URL         | https://www.googleapis.com/oauth2/v3/certs     | Google's keys for ID tokens (credential)
// | CORPORATE_DOMAIN        | impecable.demo                                 | e-mail domain allowed to import users
// | SESSION_IDLE_HOURS      | 12                                             | session expiry after this idle time
// | SUPERVISOR_IDLE_MINUTES | 10                                             | supervisors' (kiosk) idle expiry
// | SYNC_IDLE_DAYS          | 30                                             | write-only sync credential's idle expiry
// | PARTNER_REDEEM_URL      | https://ringring.example.com/canjear           | Ring Ring redemption site (brand 1)
// | MAINTENANCE_FORCE_OFF   | false                                          | emergency only: ignore the maintenance setting (Programa ›
// |                         |                                                | Mantenimiento, data every instance reads) for an admin
// |                         |                                                | locked out; remove it once back in
// | TRUST_PROXY             | false                                          | true, false or proxy IPs/CIDRs: client IP from X-Forwarded-For
// | LOG_LEVEL               | info                                           | pino level (debug also shows every request on a terminal)
// | LOG_FORMAT              | auto                                           | json (pino's lines), pretty (short lines for a person)
// |                         |                                                | or auto: pretty on a terminal outside production, else json
// | AUTH_RATE_LIMIT         | 20                                             | sign-in requests per minute per IP
// | HEADERS_TIMEOUT_SECONDS | 15                                             | a client must send its headers within this
// | REQUEST_TIMEOUT_SECONDS | 120                                            | ...and its whole request (a 10 MB photo on a slow phone)
// | IDLE_TIMEOUT_SECONDS    | 120                                            | a connection with no traffic either way is closed
// | KEEPALIVE_TIMEOUT_SECONDS | 72                                           | an idle keep-alive connection is closed (above proxies' 60)
// | MAX_CONNECTIONS         | 10000 (at most 80 % of the open-file limit)    | further connections are dropped at once
// | MAX_ACTIVE_REQUESTS     | 8 on PGlite, 20 on PostgreSQL                  | API requests one process works on at once; more wait
// | MAX_ACTIVE_BATCHES      | 4                                              | POST /api/sync batches one process runs at once; more wait
// | MAX_QUEUE_WAIT_MS       | 500                                            | longest wait for a turn: then 503 with Retry-After
// | MAX_BATCH_QUEUE_WAIT_MS | 1000                                           | the same for a batch (no one watches it; a floor of
// |                         |                                                | devices back online at once should wait, not retry)
// |                         |                                                | (health, readiness and the static app never wait)
// | SYNC_BATCH_BUDGET_MS    | 10000                                          | a batch starts no action after this long; the rest wait
// |                         |                                                | for the device's next request (its timeout is 30 s)
// | WRITE_QUOTA_BURST       | 1500                                           | queued writes (each action of a batch) a user may send
// |                         |                                                | at once (a device back online with its whole outbox)
// | WRITE_QUOTA_PER_MINUTE  | 180                                            | ...and then this many a minute: more get 429 + Retry-After
// | VAPID_PUBLIC_KEY        | (unset: a pair generated on first start and    | Web Push application server key pair
// | VAPID_PRIVATE_KEY       |  kept in the database for every instance)      | (base64url, as web-push generate-vapid-keys prints)
// | VAPID_SUBJECT           | mailto:avisos@$CORPORATE_DOMAIN                | contact for push services (mailto: or https:)
// | PUSH_TEST_ORIGIN        | (unset)                                        | tests only, refused in production: one origin on this
// |                         |                                                | machine (the local push stand-in) the server may push to
// | MEDIA_S3_BUCKET         | (unset: the folder DATA_DIR/media)             | keep uploaded media in this S3 bucket (every instance
// | MEDIA_S3_REGION         |                                                | serves the same files); BUCKET, REGION, ACCESS_KEY_ID
// | MEDIA_S3_ACCESS_KEY_ID  |                                                | and SECRET_ACCESS_KEY go together, all or none
// | MEDIA_S3_SECRET_ACCESS_KEY |                                             |
// | MEDIA_S3_ENDPOINT       | (unset: AWS's endpoint for the region)         | an S3-speaking service (MinIO, R2…): its URL
// | MEDIA_S3_FORCE_PATH_STYLE | false                                        | endpoint/bucket/key URLs (MinIO and most self-hosted)

import { MAX_SYNC_ACTIONS } from '#contract/sync-constants';

export const DEMO_SSO_SECRET = 'impecable-demo-sso-secret-do-not-use-in-production';
const MIN_SECRET_LENGTH = 32;
/** More processes than this only queue on the pool: each opens its own connections. */
export const MAX_WORKERS = 64;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  distDir: string;
  databaseUrl: string | null;
  /** Server processes on this host (server.ts forks them when above 1; PostgreSQL only). */
  workers: number;
  nodeEnv: string;
  isProduction: boolean;
  /** Check every JSON answer against its contract schema before sending (default: outside production). */
  checkResponses: boolean;
  demoMode: boolean;
  ssoSecret: string;
  /** 'loopback' unless DEMO_MODE=true was set explicitly: who may ask /api/demo/sso-token. */
  demoAccess: 'loopback' | 'any';
  googleClientId: string | null;
  googleTokeninfoUrl: string;
  googleJwksUrl: string;
  corporateDomain: string;
  sessionIdleHours: number;
  supervisorIdleMinutes: number;
  /** Write-only sync credentials replay queued work after sign-out: days, not hours. */
  syncIdleDays: number;
  partnerRedeemUrl: string;
  /** Emergency override: the maintenance setting (data, Programa › Mantenimiento) is ignored. */
  maintenanceForceOff: boolean;
  trustProxy: boolean | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** How logs are written; server.ts resolves 'auto' with chooseLogFormat (logging.ts). */
  logFormat: (typeof LOG_FORMATS)[number];
  authRateLimit: number;
  /** Limits against slow and idle clients (seconds), and the connection cap (HTTP server). */
  httpLimits: HttpLimits;
  /** Overload: requests past these wait briefly, then get 503 with Retry-After. */
  admission: AdmissionLimits;
  /** Queued writes per user: past the quota, 429 with Retry-After. */
  writeQuota: WriteQuota;
  /** Web Push (issue 21): the configured VAPID pair (null: generated and stored in the database) and subject. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /**
   * Tests only (PUSH_TEST_ORIGIN): one loopback origin, such as the local push stand-in's
   * http://127.0.0.1:<port>, allowed besides the browsers' push services. Null everywhere else;
   * refused in production.
   */
  pushTestOrigin: string | null;
  /** MEDIA_S3_*: the bucket that holds the media store; null keeps it in the folder DATA_DIR/media. */
  mediaS3: MediaS3Config | null;
}

/** Where the S3 media store lives (server/media/s3-store.ts). */
export interface MediaS3Config {
  bucket: string;
  region: string;
  /** null: AWS's own endpoint for the region. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO and other self-hosted services need. */
  forcePathStyle: boolean;
}

export interface HttpLimits {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  idleTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  maxConnections: number;
}

/** Load shedding (plugins/load-shedding.ts): how much one process works on at once, how long a request may wait for its turn. */
export interface AdmissionLimits {
  maxActiveRequests: number;
  maxActiveBatches: number;
  maxQueueWaitMs: number;
  maxBatchQueueWaitMs: number;
  /** A batch starts no action after this long (modules/sync/service.ts), well inside the outbox's 30 s. */
  batchTimeBudgetMs: number;
}

/** Per-user write quota (plugins/write-quota.ts): a burst, then a sustained rate. */
export interface WriteQuota {
  burst: number;
  perMinute: number;
}

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n - ${problems.join('\n - ')}`);
    this.name = 'ConfigError';
  }
}

/** Typed readers over the environment that collect problems instead of throwing at the first. */
function readerOf(env: Env, problems: string[]) {
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  return {
    text,
    int(name: string, fallback: number, min: number, max: number): number {
      const raw = text(name);
      if (raw === null) return fallback;
      const value = Number(raw);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      problems.push(`${name} debe ser un entero entre ${min} y ${max} (es "${raw}")`);
      return fallback;
    },
    bool(name: string, fallback: boolean): boolean {
      const raw = text(name)?.toLowerCase();
      if (raw === undefined || raw === null) return fallback;
      if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
      if (['0', 'false', 'no', 'off'].includes(raw)) return false;
      problems.push(`${name} debe ser true o false (es "${raw}")`);
      return fallback;
    },
    url(name: string, fallback: string): string {
      const value = text(name) ?? fallback;
      if (!URL.canParse(value)) problems.push(`${name} no es una URL válida ("${value}")`);
      return value.replace(/\/+$/, '');
    },
  };
}

/** Slow-client limits: a slowloris is cut in seconds, a 10 MB upload on a slow phone still fits. */
function readHttpLimits(int: (name: string, fallback: number, min: number, max: number) => number): HttpLimits {
  return {
    headersTimeoutSeconds: int('HEADERS_TIMEOUT_SECONDS', 15, 1, 600),
    requestTimeoutSeconds: int('REQUEST_TIMEOUT_SECONDS', 120, 1, 3600),
    idleTimeoutSeconds: int('IDLE_TIMEOUT_SECONDS', 120, 1, 3600),
    keepAliveTimeoutSeconds: int('KEEPALIVE_TIMEOUT_SECONDS', 72, 1, 3600),
    maxConnections: int('MAX_CONNECTIONS', 10_000, 1, 1_000_000),
  };
}

/**
 * Load shedding: a process works on MAX_ACTIVE_REQUESTS API requests (and MAX_ACTIVE_BATCHES
 * batches) at once; the next ones wait at most MAX_QUEUE_WAIT_MS for a turn, then get 503.
 * PGlite runs one query at a time: a few requests keep it busy, more only lengthen the line
 * behind each query. PostgreSQL: two per connection of the process's pool (10). A batch runs up
 * to 100 writes one after another: a few at a time keep each one short; more would not add
 * throughput (a floor of devices reconnecting at once takes the same time with 4 or 32).
 */
function readAdmission(int: (name: string, fallback: number, min: number, max: number) => number, postgres: boolean): AdmissionLimits {
  return {
    maxActiveRequests: int('MAX_ACTIVE_REQUESTS', postgres ? 20 : 8, 1, 10_000),
    maxActiveBatches: int('MAX_ACTIVE_BATCHES', 4, 1, 1_000),
    maxQueueWaitMs: int('MAX_QUEUE_WAIT_MS', 500, 0, 60_000),
    maxBatchQueueWaitMs: int('MAX_BATCH_QUEUE_WAIT_MS', 1_000, 0, 60_000),
    batchTimeBudgetMs: int('SYNC_BATCH_BUDGET_MS', 10_000, 100, 20_000),
  };
}

/**
 * The write quota: a whole outbox at once (a full batch at the very least), then a few a second.
 * A script storing hundreds of rows a second is held to the sustained rate.
 */
function readWriteQuota(int: (name: string, fallback: number, min: number, max: number) => number): WriteQuota {
  return {
    burst: int('WRITE_QUOTA_BURST', 1_500, MAX_SYNC_ACTIONS, 10_000_000),
    perMinute: int('WRITE_QUOTA_PER_MINUTE', 180, 1, 10_000_000),
  };
}

/** VAPID keys: both or neither, base64url, a P-256 public point (65 bytes) and a 32-byte private key. */
function readVapid(text: (name: string) => string | null, problems: string[]): Config['vapid'] {
  const publicKey = text('VAPID_PUBLIC_KEY');
  const privateKey = text('VAPID_PRIVATE_KEY');
  if (publicKey === null && privateKey === null) return null;
  const bytes = (value: string | null) => (value !== null && /^[\w-]+$/.test(value) ? Buffer.from(value, 'base64url').length : 0);
  if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32 || publicKey === null || privateKey === null) {
    problems.push('VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas, en base64url (clave pública P-256 de 65 bytes, privada de 32): genéralas con `npx web-push generate-vapid-keys`');
    return null;
  }
  return { publicKey, privateKey };
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** PUSH_TEST_ORIGIN: an http(s) origin on this machine, never in production (the server POSTs to it). */
function readPushTestOrigin(raw: string | null, isProduction: boolean, problems: string[]): string | null {
  if (raw === null) return null;
  if (isProduction) {
    problems.push('PUSH_TEST_ORIGIN es solo para las pruebas (el servicio de push local) y no puede usarse en producción: quítala');
    return null;
  }
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || !LOOPBACK_HOSTS.includes(url.hostname) || url.origin !== raw.replace(/\/+$/, '')) {
    problems.push(`PUSH_TEST_ORIGIN debe ser un origen de esta máquina, como http://127.0.0.1:4000 (es "${raw}")`);
    return null;
  }
  return url.origin;
}

const MEDIA_S3_REQUIRED = ['MEDIA_S3_BUCKET', 'MEDIA_S3_REGION', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const;
const MEDIA_S3_OPTIONAL = ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_FORCE_PATH_STYLE'] as const;

/**
 * The S3 media store: all or nothing. Any MEDIA_S3_* set without the four it needs refuses to
 * start (a half-configured bucket must not silently fall back to a local folder that other
 * instances cannot see).
 */
function readMediaS3(reader: ReturnType<typeof readerOf>, problems: string[]): MediaS3Config | null {
  const { text, bool } = reader;
  const given = [...MEDIA_S3_REQUIRED, ...MEDIA_S3_OPTIONAL].filter((name) => text(name) !== null);
  if (given.length === 0) return null;
  const missing = MEDIA_S3_REQUIRED.filter((name) => text(name) === null);
  if (missing.length > 0) {
    problems.push(`El almacén S3 de medios está a medias: falta ${missing.join(', ')} (con ${given.join(', ')}). Define MEDIA_S3_BUCKET, MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID y MEDIA_S3_SECRET_ACCESS_KEY juntas, o quita todas las MEDIA_S3_* para guardar los medios en DATA_DIR/media`);
    return null;
  }
  const endpoint = text('MEDIA_S3_ENDPOINT');
  if (endpoint !== null && !(URL.canParse(endpoint) && ['http:', 'https:'].includes(new URL(endpoint).protocol))) {
    problems.push(`MEDIA_S3_ENDPOINT debe ser una URL http(s), como https://s3.example.com (es "${endpoint}")`);
  }
  return {
    bucket: text('MEDIA_S3_BUCKET') ?? '',
    region: text('MEDIA_S3_REGION') ?? '',
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    accessKeyId: text('MEDIA_S3_ACCESS_KEY_ID') ?? '',
    secretAccessKey: text('MEDIA_S3_SECRET_ACCESS_KEY') ?? '',
    forcePathStyle: bool('MEDIA_S3_FORCE_PATH_STYLE', false),
  };
}

export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const reader = readerOf(env, problems);
  const { text, int, bool, url } = reader;

  const nodeEnv = text('NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = int('PORT', 8080, 0, 65535);
  const demoMode = bool('DEMO_MODE', !isProduction);
  const demoAccess = demoMode && text('DEMO_MODE') !== null ? 'any' : 'loopback';
  const ssoSecret = text('SSO_SECRET') ?? DEMO_SSO_SECRET;
  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  const logFormat = (text('LOG_FORMAT') ?? 'auto').toLowerCase();
  const trustProxyRaw = text('TRUST_PROXY') ?? 'false';
  const trustProxy = /^[\d.:a-f/,\s]+$/i.test(trustProxyRaw) && /[.:]/.test(trustProxyRaw)
    ? trustProxyRaw.split(',').map((s) => s.trim()).filter(Boolean)
    : bool('TRUST_PROXY', false);

  // Maintenance is data now (issue 35): a leftover variable would silently do nothing.
  for (const gone of ['MAINTENANCE_STATE', 'MAINTENANCE_ALLOWLIST']) {
    if (text(gone) !== null) problems.push(`${gone} ya no se usa: el mantenimiento y su lista de IP se cambian en Programa › Mantenimiento. Quítala`);
  }
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(', ')} (es "${logLevel}")`);
  }
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    problems.push(`LOG_FORMAT debe ser uno de ${LOG_FORMATS.join(', ')} (es "${logFormat}")`);
  }
  if (ssoSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`SSO_SECRET debe tener al menos ${MIN_SECRET_LENGTH} caracteres`);
  }
  if (isProduction && demoMode) problems.push('DEMO_MODE no puede estar activo en producción');
  const httpLimits = readHttpLimits(int);
  const writeQuota = readWriteQuota(int);
  const vapid = readVapid(text, problems);
  const pushTestOrigin = readPushTestOrigin(text('PUSH_TEST_ORIGIN'), isProduction, problems);
  const corporateDomain = (text('CORPORATE_DOMAIN') ?? 'impecable.demo').toLowerCase();
  const vapidSubject = text('VAPID_SUBJECT') ?? `mailto:avisos@${corporateDomain}`;
  if (!/^mailto:\S+@\S+$/.test(vapidSubject) && !/^https:\/\/\S+$/.test(vapidSubject)) {
    problems.push(`VAPID_SUBJECT debe ser mailto:correo o una URL https: (es "${vapidSubject}")`);
  }
  if (httpLimits.headersTimeoutSeconds > httpLimits.requestTimeoutSeconds) {
    problems.push('HEADERS_TIMEOUT_SECONDS no puede ser mayor que REQUEST_TIMEOUT_SECONDS');
  }
  const databaseUrl = text('DATABASE_URL');
  const admission = readAdmission(int, databaseUrl !== null);
  const workers = int('WORKERS', 1, 1, MAX_WORKERS);
  if (workers > 1 && databaseUrl === null) {
    // PGlite is an embedded database inside one process: a second process cannot open it.
    problems.push(`WORKERS=${workers} necesita PostgreSQL (DATABASE_URL): PGlite, la base de datos integrada, funciona en un solo proceso. Quita WORKERS o define DATABASE_URL`);
  }
  if (isProduction && ssoSecret === DEMO_SSO_SECRET) problems.push('SSO_SECRET es el secreto de demostración: define uno propio en producción');

  const config: Config = {
    port,
    host: text('HOST') ?? '0.0.0.0',
    publicUrl: url('PUBLIC_URL', `http://localhost:${port}`),
    dataDir: text('DATA_DIR') ?? './data',
    distDir: text('DIST_DIR') ?? './dist',
    databaseUrl,
    workers,
    nodeEnv,
    checkResponses: bool('CHECK_RESPONSES', !isProduction),
    isProduction,
    demoMode,
    demoAccess,
    ssoSecret,
    googleClientId: text('GOOGLE_CLIENT_ID'),
    googleTokeninfoUrl: url('GOOGLE_TOKENINFO_URL', 'https://oauth2.googleapis.com/tokeninfo'),
    googleJwksUrl: url('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
    corporateDomain,
    sessionIdleHours: int('SESSION_IDLE_HOURS', 12, 1, 24 * 30),
    supervisorIdleMinutes: int('SUPERVISOR_IDLE_MINUTES', 10, 1, 24 * 60),
    syncIdleDays: int('SYNC_IDLE_DAYS', 30, 1, 365),
    partnerRedeemUrl: url('PARTNER_REDEEM_URL', 'https://ringring.example.com/canjear'),
    maintenanceForceOff: bool('MAINTENANCE_FORCE_OFF', false),
    trustProxy,
    logLevel: logLevel as Config['logLevel'],
    logFormat: logFormat as Config['logFormat'],
    authRateLimit: int('AUTH_RATE_LIMIT', 20, 1, 100_000),
    httpLimits,
    admission,
    writeQuota,
    vapid,
    vapidSubject,
    pushTestOrigin,
    mediaS3: readMediaS3(reader, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
