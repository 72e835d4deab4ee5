import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SSO_SECRET, loadConfig, type Config, type Env } from './config';

const STRONG = 'x'.repeat(40);
/** A pair as `web-push generate-vapid-keys` prints it. */
const VAPID = { publicKey: 'BInc7XyHj-XJEyr4I8N6oilEUTAQUyG7BXr3V1vOxSe6KgiRfzmraTkA6BtdFJq_RO0RiIe59wRoCC4fEDIVZgQ', privateKey: 'DfcXnX0LtoU7-byQ71Kf3Rwob0PusCbrFYrNUf4Bf78' };

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual<Config>({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: './data',
      distDir: './dist',
      databaseUrl: null,
      workers: 1,
      nodeEnv: 'development',
      isProduction: false,
      checkResponses: true,
      demoMode: true,
      demoAccess: 'loopback',
      ssoSecret: DEMO_SSO_SECRET,
      googleClientId: null,
      googleTokeninfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      corporateDomain: 'impecable.demo',
      sessionIdleHours: 12,
      supervisorIdleMinutes: 10,
      syncIdleDays: 30,
      partnerRedeemUrl: 'https://ringring.example.com/canjear',
      maintenanceForceOff: false,
      trustProxy: false,
      logLevel: 'info',
      logFormat: 'auto',
      authRateLimit: 20,
      httpLimits: { headersTimeoutSeconds: 15, requestTimeoutSeconds: 120, idleTimeoutSeconds: 120, keepAliveTimeoutSeconds: 72, maxConnections: 10_000 },
      admission: { maxActiveRequests: 8, maxActiveBatches: 4, maxQueueWaitMs: 500, maxBatchQueueWaitMs: 1_000, batchTimeBudgetMs: 10_000 },
      writeQuota: { burst: 1_500, perMinute: 180 },
      vapid: null,
      vapidSubject: 'mailto:avisos@impecable.demo',
      pushTestOrigin: null,
      mediaS3: null,
    });
  });
});

describe('loadConfig values', () => {
  it.each<[string, Env, Partial<Config>]>([
    ['port moves the public URL', { PORT: '9000' }, { port: 9000, publicUrl: 'http://localhost:9000' }],
    ['explicit public URL without trailing slash', { PUBLIC_URL: 'https://app.example.com/' }, { publicUrl: 'https://app.example.com' }],
    ['database URL', { DATABASE_URL: 'postgres://u:p@db/impecable' }, { databaseUrl: 'postgres://u:p@db/impecable' }],
    ['workers on PostgreSQL', { WORKERS: '4', DATABASE_URL: 'postgres://u:p@db/impecable' }, { workers: 4 }],
    ['PostgreSQL works on more requests at once than PGlite', { DATABASE_URL: 'postgres://u:p@db/impecable' }, { admission: { maxActiveRequests: 20, maxActiveBatches: 4, maxQueueWaitMs: 500, maxBatchQueueWaitMs: 1_000, batchTimeBudgetMs: 10_000 } }],
    ['one worker on PGlite', { WORKERS: '1' }, { workers: 1, databaseUrl: null }],
    ['demo mode off', { DEMO_MODE: 'false' }, { demoMode: false, demoAccess: 'loopback' }],
    ['demo mode set explicitly opens demo access to any address', { DEMO_MODE: 'true' }, { demoMode: true, demoAccess: 'any' }],
    ['Google endpoints', { GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9000/tokeninfo', GOOGLE_JWKS_URL: 'http://127.0.0.1:9000/certs' }, { googleTokeninfoUrl: 'http://127.0.0.1:9000/tokeninfo', googleJwksUrl: 'http://127.0.0.1:9000/certs' }],
    ['HTTP limits', { HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '3', IDLE_TIMEOUT_SECONDS: '4', KEEPALIVE_TIMEOUT_SECONDS: '5', MAX_CONNECTIONS: '50' }, { httpLimits: { headersTimeoutSeconds: 2, requestTimeoutSeconds: 3, idleTimeoutSeconds: 4, keepAliveTimeoutSeconds: 5, maxConnections: 50 } }],
    ['load shedding and write quota', { MAX_ACTIVE_REQUESTS: '8', MAX_ACTIVE_BATCHES: '1', MAX_QUEUE_WAIT_MS: '0', MAX_BATCH_QUEUE_WAIT_MS: '100', WRITE_QUOTA_BURST: '100', WRITE_QUOTA_PER_MINUTE: '30' }, { admission: { maxActiveRequests: 8, maxActiveBatches: 1, maxQueueWaitMs: 0, maxBatchQueueWaitMs: 100, batchTimeBudgetMs: 10_000 }, writeQuota: { burst: 100, perMinute: 30 } }],
    ['demo mode off with 0', { DEMO_MODE: '0' }, { demoMode: false }],
    ['google client', { GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }, { googleClientId: 'abc.apps.googleusercontent.com' }],
    ['corporate domain is lower-cased', { CORPORATE_DOMAIN: 'Empresa.COM' }, { corporateDomain: 'empresa.com' }],
    ['idle limits', { SESSION_IDLE_HOURS: '8', SUPERVISOR_IDLE_MINUTES: '5', SYNC_IDLE_DAYS: '7' }, { sessionIdleHours: 8, supervisorIdleMinutes: 5, syncIdleDays: 7 }],
    ['maintenance forced off (the emergency override)', { MAINTENANCE_FORCE_OFF: 'true' }, { maintenanceForceOff: true }],
    ['trust proxy flag', { TRUST_PROXY: 'true' }, { trustProxy: true }],
    ['trust proxy addresses', { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, { trustProxy: ['10.0.0.0/8', '127.0.0.1'] }],
    ['log level', { LOG_LEVEL: 'WARN' }, { logLevel: 'warn' }],
    ['log format', { LOG_FORMAT: 'JSON' }, { logFormat: 'json' }],
    ['rate limit', { AUTH_RATE_LIMIT: '1000' }, { authRateLimit: 1000 }],
    ['production with its own secret', { NODE_ENV: 'production', SSO_SECRET: STRONG }, { isProduction: true, demoMode: false, ssoSecret: STRONG }],
    ['the S3 media store, path-style on its own endpoint', {
      MEDIA_S3_BUCKET: 'medios', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ACCESS_KEY_ID: 'clave', MEDIA_S3_SECRET_ACCESS_KEY: 'secreto',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/', MEDIA_S3_FORCE_PATH_STYLE: 'true',
    }, { mediaS3: { bucket: 'medios', region: 'eu-west-1', accessKeyId: 'clave', secretAccessKey: 'secreto', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true } }],
    ['the S3 media store on AWS', { MEDIA_S3_BUCKET: 'medios', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ACCESS_KEY_ID: 'clave', MEDIA_S3_SECRET_ACCESS_KEY: 'secreto' }, {
      mediaS3: { bucket: 'medios', region: 'eu-west-1', accessKeyId: 'clave', secretAccessKey: 'secreto', endpoint: null, forcePathStyle: false },
    }],
    ['VAPID keys and subject', { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'https://impecable.example.com/contacto' }, { vapid: VAPID, vapidSubject: 'https://impecable.example.com/contacto' }],
    ['the push stand-in\'s origin, for tests', { PUSH_TEST_ORIGIN: 'http://127.0.0.1:4000/' }, { pushTestOrigin: 'http://127.0.0.1:4000' }],
    ['the push stand-in on localhost, with demo mode off', { PUSH_TEST_ORIGIN: 'http://localhost:8181', DEMO_MODE: 'false' }, { pushTestOrigin: 'http://localhost:8181', demoMode: false }],
    ['blank values fall back to defaults', { PORT: ' ', HOST: '' }, { port: 8080, host: '0.0.0.0' }],
  ])('%s', (_name, env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });
});

describe('loadConfig refusals', () => {
  it.each<[string, Env, RegExp]>([
    ['production with the demo secret', { NODE_ENV: 'production' }, /secreto de demostración/],
    ['production in demo mode', { NODE_ENV: 'production', SSO_SECRET: STRONG, DEMO_MODE: 'true' }, /DEMO_MODE/],
    ['short secret', { SSO_SECRET: 'corto' }, /al menos 32/],
    ['port not a number', { PORT: 'ochenta' }, /PORT/],
    ['port out of range', { PORT: '70000' }, /PORT/],
    ['maintenance by variable (now data)', { MAINTENANCE_STATE: '1' }, /MAINTENANCE_STATE ya no se usa: .*Programa › Mantenimiento/],
    ['an allow-list by variable (now data)', { MAINTENANCE_ALLOWLIST: '10.0.0.1' }, /MAINTENANCE_ALLOWLIST ya no se usa/],
    ['bad boolean', { DEMO_MODE: 'quizá' }, /DEMO_MODE/],
    ['bad URL', { GOOGLE_TOKENINFO_URL: 'no es url' }, /GOOGLE_TOKENINFO_URL/],
    ['headers timeout above the request timeout', { HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }, /HEADERS_TIMEOUT_SECONDS/],
    ['no connections at all', { MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS/],
    ['bad log level', { LOG_LEVEL: 'chatty' }, /LOG_LEVEL/],
    ['bad log format', { LOG_FORMAT: 'colores' }, /LOG_FORMAT/],
    ['several workers on PGlite', { WORKERS: '2' }, /WORKERS=2 necesita PostgreSQL \(DATABASE_URL\): PGlite.*un solo proceso/],
    ['zero workers', { WORKERS: '0', DATABASE_URL: 'postgres://u:p@db/impecable' }, /WORKERS debe ser un entero entre 1 y 64/],
    ['zero idle hours', { SESSION_IDLE_HOURS: '0' }, /SESSION_IDLE_HOURS/],
    ['an S3 bucket without its credentials', { MEDIA_S3_BUCKET: 'medios', MEDIA_S3_REGION: 'eu-west-1' }, /almacén S3 de medios está a medias: falta MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY/],
    ['an S3 endpoint alone', { MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' }, /falta MEDIA_S3_BUCKET, MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY/],
    ['an S3 endpoint that is no URL', { MEDIA_S3_BUCKET: 'm', MEDIA_S3_REGION: 'r', MEDIA_S3_ACCESS_KEY_ID: 'k', MEDIA_S3_SECRET_ACCESS_KEY: 's', MEDIA_S3_ENDPOINT: 'minio:9000' }, /MEDIA_S3_ENDPOINT debe ser una URL http/],
    ['a VAPID public key without its private key', { VAPID_PUBLIC_KEY: VAPID.publicKey }, /VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas/],
    ['a VAPID private key that is not one', { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: 'corta' }, /VAPID_PRIVATE_KEY/],
    ['a write quota smaller than one full batch', { WRITE_QUOTA_BURST: '99' }, /WRITE_QUOTA_BURST debe ser un entero entre 100/],
    ['no request at a time', { MAX_ACTIVE_REQUESTS: '0' }, /MAX_ACTIVE_REQUESTS/],
    ['a VAPID subject that is no contact', { VAPID_SUBJECT: 'http://impecable.example.com' }, /VAPID_SUBJECT/],
    ['a push test origin in production', { NODE_ENV: 'production', SSO_SECRET: STRONG, PUSH_TEST_ORIGIN: 'http://127.0.0.1:4000' }, /PUSH_TEST_ORIGIN es solo para las pruebas .* no puede usarse en producción/],
    ['a push test origin off this machine', { PUSH_TEST_ORIGIN: 'http://10.0.0.1:4000' }, /PUSH_TEST_ORIGIN debe ser un origen de esta máquina/],
    ['a push test origin with a path', { PUSH_TEST_ORIGIN: 'http://127.0.0.1:4000/push' }, /PUSH_TEST_ORIGIN debe ser un origen/],
  ])('%s', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
    }
  });
});
