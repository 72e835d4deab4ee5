import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as adminContract from '#contract/admin';
import { ADMIN_PATHS } from '#contract/admin';
import { allApiPaths } from '#contract/api-paths';
import * as attributesContract from '#contract/attributes';
import { ATTRIBUTE_PATHS, attributesResponseSchema } from '#contract/attributes';
import * as coachingContract from '#contract/coaching';
import { COACHING_PATHS } from '#contract/coaching';
import * as commonContract from '#contract/common';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import * as notificationsContract from '#contract/notifications';
import * as pointsContract from '#contract/points';
import { impsResponseSchema, POINTS_PATHS } from '#contract/points';
import * as programmeCalendarContract from '#contract/programme-calendar';
import * as programmeCatalogueContract from '#contract/programme-catalogue';
import * as programmePackContract from '#contract/programme-pack';
import * as repasoContract from '#contract/repaso';
import { PACK_PATHS } from '#contract/programme-pack';
import * as programmePrizesContract from '#contract/programme-prizes';
import * as programmeSettingsContract from '#contract/programme-settings';
import * as programmeVideosContract from '#contract/programme-videos';
import * as programmeQuizzesContract from '#contract/programme-quizzes';
import { PROGRAMME_QUIZZES_PATHS } from '#contract/programme-quizzes';
import * as quizContract from '#contract/quiz';
import { checkStartResponseSchema, QUIZ_PATHS } from '#contract/quiz';
import * as rankingContract from '#contract/ranking';
import { positionResponseSchema, RANKING_PATHS, RANKING_SCOPES, rankingPageSchema } from '#contract/ranking';
import * as refaceContract from '#contract/reface';
import { REFACE_PATHS } from '#contract/reface';
import * as rewardsContract from '#contract/rewards';
import { REWARDS_PATHS } from '#contract/rewards';
import * as sessionContract from '#contract/session';
import * as syncContract from '#contract/sync';
import * as trainingContract from '#contract/training';
import { attributeProgressResponseSchema, TRAINING_PATHS } from '#contract/training';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { digitsOnly, sendKept } from './route-contract.ts';

/** Routes answering bytes or a page: no JSON body, so no response schema. */
const FILE_ROUTES = new Set([
  ADMIN_PATHS.orderSummaryDownload, ADMIN_PATHS.importTemplate, RANKING_PATHS.downloadFile, REFACE_PATHS.downloadImage, REWARDS_PATHS.coupon,
  COACHING_PATHS.download,
  PROGRAMME_QUIZZES_PATHS.template, PROGRAMME_QUIZZES_PATHS.sheet,
]);
/** A path whose GET answers a file while its other methods answer JSON. */
const FILE_GETS = new Set([PACK_PATHS.pack]);
const isFileRoute = (route: Declared) => FILE_ROUTES.has(route.path as never) || (route.method === 'GET' && FILE_GETS.has(route.path as never));

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
    const json = declared.filter((route) => !isFileRoute(route));
    expect(json.length).toBeGreaterThan(50);
    const undeclared = json.filter(({ response }) => !(response?.[200] instanceof z.core.$ZodType && response['4xx'] instanceof z.core.$ZodType && response['5xx'] instanceof z.core.$ZodType));
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('answers every JSON route with one of the contract\'s own schemas, never a server-side copy', () => {
    const contract = new Set([adminContract, attributesContract, coachingContract, commonContract, notificationsContract, pointsContract, quizContract, rankingContract, refaceContract,
      programmeSettingsContract, rewardsContract, sessionContract, syncContract, trainingContract, programmeQuizzesContract,
      programmeVideosContract, programmeCalendarContract, programmeCatalogueContract, programmePrizesContract, programmePackContract, repasoContract].flatMap((module) => Object.values(module).filter((v) => v instanceof z.core.$ZodType)));
    const json = declared.filter((route) => !isFileRoute(route));
    expect(json.filter(({ response }) => !contract.has(response?.[200] as z.core.$ZodType)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('answers the hot reads with the very schema the app parses them with', () => {
    const hot: [string, z.core.$ZodType][] = [
      [RANKING_PATHS.globalPage, rankingPageSchema], ...RANKING_SCOPES.map((scope): [string, z.core.$ZodType] => [RANKING_PATHS.page(scope), rankingPageSchema]),
      [RANKING_PATHS.globalPosition, positionResponseSchema], ...RANKING_SCOPES.map((scope): [string, z.core.$ZodType] => [RANKING_PATHS.position(scope), positionResponseSchema]),
      [POINTS_PATHS.balance, impsResponseSchema], [TRAINING_PATHS.attributeProgress, attributeProgressResponseSchema],
      [QUIZ_PATHS.checkStart, checkStartResponseSchema], [ATTRIBUTE_PATHS.list, attributesResponseSchema],
    ];
    for (const [path, schema] of hot) {
      const route = declared.find((r) => r.method === 'GET' && r.path === path);
      expect(route?.response?.[200], path).toBe(schema);
    }
  });

  it('constrains numeric segments to digits', () => {
    expect(digitsOnly('/:participacion/:pregunta/answer', 'participacion', 'pregunta')).toBe('/:participacion(^\\d+)/:pregunta(^\\d+)/answer');
    expect(digitsOnly('/:id/:idx', 'id')).toBe('/:id(^\\d+)/:idx');
  });
});

describe('the built app writes answers with their contract', () => {
  /** The app with one GET route answering `answer` (fields its contract lacks, say) instead of its own. */
  async function appAnswering(config: Config, path: string, answer: unknown) {
    const app = await buildApp({
      config, db: {} as Kysely<Database>, logger: false, distDir: '/nonexistent-dist',
      onRoute: (route: RouteOptions) => {
        if (route.url.replace(/\([^)]*\)/g, '') === `${API_BASE}${path}` && route.method === 'GET') {
          route.handler = async () => answer;
          // The answer alone is under test: no session, no database.
          route.config = { ...(route.config as object), auth: 'public' } as RouteOptions['config'];
        }
      },
    });
    const res = await app.inject({ method: 'GET', url: `${API_BASE}${path}` });
    await app.close();
    return res;
  }
  const leakyHealth = (config: Config) => appAnswering(config, SYSTEM_PATHS.health, { status: 'ok', secret: 'x' });
  const production = (): Config => ({ ...loadConfig({}), isProduction: true, checkResponses: false });

  it('outside production, fails an answer outside the contract', async () => {
    expect((await leakyHealth(loadConfig({}))).statusCode).toBe(500);
  });

  it('in production, sends only the contract fields', async () => {
    const res = await leakyHealth(production());
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('sends a kept answer as the text it was first written as, with the same contract', async () => {
    const row = { user_id: 7, user_position: 1, nick_name: 'Ana', puntos_totales: 30, tareas_completadas: 2 };
    const page = { data: [row], total: 1, numero_ganadores: { premiados1: 0, premiados2: 0, premiados3: 0 }, is_marca_top_uno_here: false };
    const leaky = { ...page, sql: 'SELECT 1' };
    const keeping = async (config: Config, answer: object) => {
      let sent = 0;
      const app = await buildApp({
        config, db: {} as Kysely<Database>, logger: false, distDir: '/nonexistent-dist',
        onRoute: (route: RouteOptions) => {
          if (route.url === `${API_BASE}${RANKING_PATHS.globalPage}` && route.method === 'GET') {
            route.handler = async (_request, reply) => {
              sent += 1;
              return sendKept(reply, answer);
            };
            route.config = { ...(route.config as object), auth: 'public' } as RouteOptions['config'];
          }
        },
      });
      const get = () => app.inject({ method: 'GET', url: `${API_BASE}${RANKING_PATHS.globalPage}` });
      const answers = [await get(), await get()];
      await app.close();
      expect(sent).toBe(2);
      return answers;
    };
    const [first, again] = await keeping(production(), leaky);
    expect([first!.statusCode, first!.headers['content-type'], first!.json()]).toEqual([200, 'application/json; charset=utf-8', page]);
    expect(again!.body).toBe(first!.body);
    // Outside production the first writing is checked: an answer off the contract fails, every time.
    expect((await keeping(loadConfig({}), leaky)).map((res) => res.statusCode)).toEqual([500, 500]);
  });

  it('in production, a ranking page keeps only the contract fields, in its rows too', async () => {
    const row = { user_id: 7, user_position: 1, nick_name: 'Ana', puntos_totales: 30, tareas_completadas: 2 };
    const page = { data: [row], total: 1, numero_ganadores: { premiados1: 0, premiados2: 0, premiados3: 0 }, is_marca_top_uno_here: false };
    const leaky = { ...page, data: [{ ...row, email: 'ana@impecable.demo', brand_id: 2 }], sql: 'SELECT 1' };
    const res = await appAnswering(production(), RANKING_PATHS.globalPage, leaky);
    expect([res.statusCode, res.json()]).toEqual([200, page]);
    expect((await appAnswering(loadConfig({}), RANKING_PATHS.globalPage, leaky)).statusCode).toBe(500);
  });
});
