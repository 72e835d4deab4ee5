// Security headers (helmet, worked out once) and the rate limiter. The CSP allows exactly what the Vite SPA,
// its service worker and Google sign-in need (script, popup and frames from
// accounts.google.com; Google profile images). Rate limits apply only to routes that set
// `config.rateLimit` (the sign-in routes); everything else is unlimited here. Their counters
// live in the database (rate-limit-store.ts), so every instance on it shares one budget.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '#contract/common';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { appPlugin } from './plugin.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const GOOGLE = 'https://accounts.google.com';

interface SecurityOptions {
  config: Config;
  /** Where the rate limits count, and the clock their windows follow. */
  db: Kysely<Database>;
  clock: () => Date;
  /** Hash sources of the app page's inline scripts (static-app.ts inlineScriptSources). */
  inlineScripts?: (recheck: boolean) => string;
}

type HeaderList = [name: string, value: string][];

/** The headers helmet's middleware sets for `options`, taken from one dry run. */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: HeaderList = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityPlugin = appPlugin<SecurityOptions>('security', async (app: FastifyInstance, { config, db, clock, inlineScripts }) => {
  const options = (scripts: string): HelmetOptions => ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The static app shell's inline script (index.html) runs by its hash, nothing else inline.
        scriptSrc: scripts ? ["'self'", GOOGLE, scripts] : ["'self'", GOOGLE],
        // Mantine writes inline styles; Google's button ships its own stylesheet.
        styleSrc: ["'self'", "'unsafe-inline'", GOOGLE],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        connectSrc: ["'self'", GOOGLE],
        frameSrc: [GOOGLE],
        mediaSrc: ["'self'", 'blob:'],
        // blob: video.js's HTTP streaming engine transmuxes HLS segments in a worker it builds
        // from its own bundled code (a blob URL); without it the stream never starts (issue 36).
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        // On plain-HTTP demo hosts (a LAN address) upgrading would break every asset.
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // Google's sign-in popup talks back to its opener: same-origin would cut it off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Helmet parses its options on every call; the headers are the same for every answer until
  // a rebuild changes the inline script, so they are worked out once per script and set as is.
  let scripts: string | null = null;
  let headers: HeaderList = [];
  app.addHook('onRequest', (request, reply, done) => {
    const current = inlineScripts?.(!request.url.startsWith(API_BASE)) ?? '';
    if (current !== scripts) {
      scripts = current;
      headers = helmetHeaders(options(current));
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, clock),
    errorResponseBuilder: () => new HttpError(429, 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.'),
  });
});

/** Route config for sign-in routes: AUTH_RATE_LIMIT requests per minute per IP. */
export function signInRateLimit(config: Config) {
  return { max: config.authRateLimit, timeWindow: '1 minute' };
}
