import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { queuedRowHeaders } from '#test-support/server/agents';
import { startGoogleStandIn, type GoogleStandIn } from '#test-support/server/google-stand-in';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { ACTORS, MATRIX, type MatrixRequest } from '#test-support/server/authorization-matrix';
import { buildFixtures, type Fixtures } from '#test-support/server/matrix-fixtures';

let ctx: TestContext;
let fx: Fixtures;
let googleStandIn: GoogleStandIn;
/** Every API route buildApp declares, as 'METHOD /path' without regex constraints. */
let routes: string[] = [];

const normalize = (url: string) => url.replace(/\([^)]*\)/g, '');

beforeAll(async () => {
  // Google's tokeninfo stand-in: an access token that is an e-mail is a valid token of this app for it.
  googleStandIn = await startGoogleStandIn({ now: () => ctx.clock.now() });
  ctx = await createTestApp({
    now: new Date('2025-06-20T10:00:00Z'),
    env: { AUTH_RATE_LIMIT: '100000', ...googleStandIn.env },
  });
  fx = await buildFixtures(ctx);

  // The real route list: a second app on the same database, watched as its routes are added.
  const seen = new Set<string>();
  const lister = await buildApp({
    config: ctx.config, db: ctx.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist',
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD' && route.url.startsWith('/api/')) seen.add(`${method} ${normalize(route.url)}`);
      }
    },
  });
  await lister.ready();
  await lister.close();
  routes = [...seen].sort();
});

afterAll(async () => {
  await ctx.close();
  await googleStandIn.close();
});

function multipartBody(spec: NonNullable<MatrixRequest['multipart']>): { body: Buffer; contentType: string } {
  const boundary = '----impecable-matrix';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(spec.fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (spec.file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${spec.file.field}"; filename="${spec.file.name}"\r\nContent-Type: ${spec.file.type}\r\n\r\n`));
    parts.push(spec.file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('authorization matrix', () => {
  it('has a row for every API route, and no row for a route that does not exist', () => {
    const covered = new Set(MATRIX.map((c) => c.route));
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !covered.has(r)), 'routes without a row in authorization-matrix.ts').toEqual([]);
    expect([...covered].filter((r) => !routes.includes(r)), 'rows for routes buildApp does not declare').toEqual([]);
  });

  it(`answers every route × ${ACTORS.length} callers as the table says`, async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const row of MATRIX) {
      const method = row.route.split(' ')[0] as 'GET' | 'POST';
      for (const actor of ACTORS) {
        const request = await row.request(fx, actor);
        const headers: Record<string, string> = { ...fx.auth[actor], ...request.headers };
        let payload: string | Buffer | object | undefined = request.payload as object | undefined;
        if (request.multipart) {
          const { body, contentType } = multipartBody(request.multipart);
          payload = body;
          headers['content-type'] = contentType;
        }
        // The sync credential delivers queued rows: the app signed each one when it queued it.
        if (actor === 'sync' && method === 'POST' && !request.multipart) {
          Object.assign(headers, await queuedRowHeaders(headers.authorization!.slice('Bearer '.length), fx.syncActionKey, {
            url: request.url, body: payload ?? null, occurredAt: ctx.clock.now(),
          }));
        }
        const res = await ctx.app.inject({ method, url: request.url, headers, payload });
        cells += 1;
        const wanted = row.expect[actor];
        if (res.statusCode !== wanted) {
          mismatches.push(`${row.route}${row.about ? ` (${row.about})` : ''} as ${actor}: ${res.statusCode} (expected ${wanted}) ${res.body.slice(0, 120)}`);
        }
        // Never a server error, whoever asks.
        expect(res.statusCode, `${row.route} as ${actor}`).toBeLessThan(500);
      }
    }
    console.info(`authorization matrix: ${MATRIX.length} rows × ${ACTORS.length} callers = ${cells} requests, ${routes.length} routes`);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
