import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ADMIN_PATHS } from '#contract/admin';
import { allApiPaths } from '#contract/api-paths';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import { RANKING_PATHS } from '#contract/ranking';
import { REFACE_PATHS } from '#contract/reface';
import { REWARDS_PATHS } from '#contract/rewards';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { digitsOnly } from './route-contract.ts';

/** Routes answering bytes or a page: no JSON body, so no response schema. */
const FILE_ROUTES = new Set([
  ADMIN_PATHS.orderSummaryDownload, ADMIN_PATHS.importTemplate, RANKING_PATHS.downloadFile, REFACE_PATHS.downloadImage, REWARDS_PATHS.coupon,
]);

interface Declared {
  path: string;
  method: string;
  response: Record<string, unknown> | undefined;
}

let declared: Declared[] = [];

beforeAll(async () => {
  // Only the route table is read: nothing here touches the database.
  const app = await buildApp({
    config: loadConfig({ DEMO_MODE: 'true' }), db: {} as Kysely<Database>, logger: false, distDir: '/nonexistent-dist',
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith(`${API_BASE}/`) || route.method === 'HEAD') return;
      const path = route.url.slice(API_BASE.length).replace(/\([^)]*\)/g, '');
      declared.push({ path, method: String(route.method), response: route.schema?.response as Record<string, unknown> | undefined });
    },
  });
  await app.ready();
  await app.close();
  declared = declared.filter((route) => route.method !== 'HEAD');
});

describe('the server follows the contract', () => {
  it('serves exactly the contract paths', () => {
    expect([...new Set(declared.map((route) => route.path))].sort()).toEqual([...allApiPaths()].sort());
  });

  it('declares the response schema of every JSON route, for success and errors', () => {
    const json = declared.filter((route) => !FILE_ROUTES.has(route.path as never));
    expect(json.length).toBeGreaterThan(50);
    const undeclared = json.filter(({ response }) => !(response?.[200] instanceof z.core.$ZodType && response['4xx'] instanceof z.core.$ZodType && response['5xx'] instanceof z.core.$ZodType));
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('constrains numeric segments to digits', () => {
    expect(digitsOnly('/:participacion/:pregunta/answer', 'participacion', 'pregunta')).toBe('/:participacion(^\\d+)/:pregunta(^\\d+)/answer');
    expect(digitsOnly('/:id/:idx', 'id')).toBe('/:id(^\\d+)/:idx');
  });
});

describe('the built app writes answers with their contract', () => {
  /** The app with GET /api/health answering one field its contract lacks. */
  async function appWithLeakyHealth(config: Config) {
    const app = await buildApp({
      config, db: {} as Kysely<Database>, logger: false, distDir: '/nonexistent-dist',
      onRoute: (route: RouteOptions) => {
        if (route.url === `${API_BASE}${SYSTEM_PATHS.health}` && route.method === 'GET') route.handler = async () => ({ status: 'ok', secret: 'x' });
      },
    });
    const res = await app.inject({ method: 'GET', url: `${API_BASE}${SYSTEM_PATHS.health}` });
    await app.close();
    return res;
  }

  it('outside production, fails an answer outside the contract', async () => {
    expect((await appWithLeakyHealth(loadConfig({}))).statusCode).toBe(500);
  });

  it('in production, sends only the contract fields', async () => {
    const res = await appWithLeakyHealth({ ...loadConfig({}), isProduction: true, checkResponses: false });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
  });
});
