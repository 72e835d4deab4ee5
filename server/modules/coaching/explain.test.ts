import { RawNode, sql, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { rebuildCoaching } from './aggregates-rebuild.ts';
import { createCoachingRepository, type Narrowing } from './repository.ts';

// Proof that Seguimiento's reads sum precomputed counters and never scan the facts or the
// agents: many agents with activity are loaded set-based and the counters rebuilt, then the
// plans of the very queries the repository runs are read with EXPLAIN ANALYZE (a plugin puts
// EXPLAIN in front of each raw query). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
// COACHING_AGENTS raises the count; EXPLAIN_PLANS=1 prints the plans.

const AGENTS = Number(process.env.COACHING_AGENTS ?? 20_000);
/** Tables that grow with the agents: no plan may scan them whole. */
const BIG = ['users', 'coaching_progress', 'video_progress', 'quiz_participations', 'quiz_answers', 'points_ledger', 'ranking_standings'];
const NOW = new Date('2025-06-20T10:00:00Z');
let ctx: TestContext;
let site: number;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Runs each raw query as EXPLAIN ANALYZE and keeps its plan (the caller sees no rows). */
class ExplainPlugin implements KyselyPlugin {
  plans: PlanNode[][] = [];
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (!RawNode.is(node)) return node;
    const [first = '', ...rest] = node.sqlFragments;
    return RawNode.create([`EXPLAIN (ANALYZE, FORMAT JSON) ${first}`, ...rest], node.parameters) as unknown as RootOperationNode;
  }
  async transformResult({ result }: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
    const raw = result.rows[0]?.['QUERY PLAN'];
    if (raw === undefined) return result;
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    this.plans.push(nodes(parsed[0].Plan));
    return { rows: [] };
  }
}

async function plansOf(name: string, read: (repo: ReturnType<typeof createCoachingRepository>) => Promise<unknown>): Promise<PlanNode[][]> {
  const plugin = new ExplainPlugin();
  await read(createCoachingRepository(ctx.db.withPlugin(plugin)));
  if (process.env.EXPLAIN_PLANS) {
    for (const plan of plugin.plans) console.log(`\n${name}:\n${plan.map((n) => `  ${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''} rows=${n['Actual Rows'] ?? '?'}`).join('\n')}`);
  }
  expect(plugin.plans.length).toBeGreaterThan(0);
  return plugin.plans;
}

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  const sites = await ctx.db.selectFrom('sites').select('id').orderBy('id').execute();
  await sql`
    INSERT INTO users (email, name, nick_name, brand_id, site_id, platform_id)
    SELECT 'seg' || g || '@impecable.demo', 'Agente ' || g, 'seg' || g, 1 + g % 2, s.id, s.platform_id
    FROM generate_series(1, ${AGENTS}::int) g
    JOIN (SELECT id, platform_id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM sites) s ON s.k = g % ${sites.length}::int`.execute(ctx.db);
  // Two in three watched Accesible's videos; half of those did quiz 1, with a first answer each.
  await sql`
    INSERT INTO video_progress (user_id, video_id, porcentaje, first_partial_at, seen_at, updated_at)
    SELECT u.id, v.id, 100, ${NOW.toISOString()}::timestamptz - (u.id % 20) * interval '1 day', ${NOW.toISOString()}::timestamptz - (u.id % 20) * interval '1 day',
      ${NOW.toISOString()}::timestamptz - (u.id % 20) * interval '1 day'
    FROM users u CROSS JOIN videos v WHERE u.email LIKE 'seg%' AND u.id % 3 <> 0 AND v.attribute_id = 3`.execute(ctx.db);
  await sql`
    INSERT INTO quiz_participations (user_id, attribute_id, quiz, issued_at, completed_at, created_at)
    SELECT u.id, 3, 1, ${NOW.toISOString()}::timestamptz - interval '2 days', ${NOW.toISOString()}::timestamptz - interval '2 days', ${NOW.toISOString()}::timestamptz - interval '2 days'
    FROM users u WHERE u.email LIKE 'seg%' AND u.id % 6 = 1`.execute(ctx.db);
  await sql`
    INSERT INTO quiz_answers (participation_id, question_id, option_id, correct, elapsed_ms, points, occurred_at, received_at)
    SELECT p.id, q.id, o.id, o.correct, 10000, CASE WHEN o.correct THEN 4 ELSE 0 END, p.issued_at, p.issued_at
    FROM quiz_participations p JOIN quiz_questions q ON q.attribute_id = 3 AND q.quiz = 1
    JOIN quiz_options o ON o.question_id = q.id AND o.position = 1 + (p.id + q.id) % 3
    JOIN users u ON u.id = p.user_id
    WHERE p.attribute_id = 3 AND p.quiz = 1 AND u.email LIKE 'seg%'`.execute(ctx.db);
  await rebuildCoaching(ctx.db);
  await sql`ANALYZE`.execute(ctx.db);
  site = sites[1]?.id ?? 0;
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

const everything: Narrowing = { brandIds: null, platformIds: null, siteId: null };
const brand2: Narrowing = { brandIds: [2], platformIds: null, siteId: null };

describe(`with ${AGENTS} agents, Seguimiento reads only counters and indexes`, () => {
  it('loaded the agents and their activity', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM coaching_progress`.execute(ctx.db);
    expect(rows[0]?.n).toBeGreaterThan(AGENTS / 2);
  });

  it.each<[string, (repo: ReturnType<typeof createCoachingRepository>) => Promise<unknown>]>([
    ['overview (admin, all)', (r) => Promise.all([r.figures([3, 2], everything, null), r.pointsPerDay(3, everything)])],
    ['overview (INTERNO, brand 2)', (r) => Promise.all([r.figures([3, 2], brand2, null), r.pointsPerDay(3, brand2)])],
    ['by site (admin)', (r) => r.figures([3], everything, 'site_id')],
    ['by platform (INTERNO)', (r) => r.figures([3], brand2, 'platform_id')],
    ['questions (INTERNO)', (r) => r.answerCounts(3, brand2)],
    ['scope lists', (r) => r.placements(brand2)],
  ])('%s: no scan of a table that grows with the agents', async (name, read) => {
    for (const plan of await plansOf(name, read)) {
      expect(plan.filter((n) => BIG.includes(n['Relation Name'] ?? '')).map((n) => `${n['Node Type']} ${n['Relation Name']}`)).toEqual([]);
      // A counter row is one placement (or one placement's day or option): far fewer than the agents.
      for (const n of plan) expect(n['Actual Rows'] ?? 0, `${name}: ${n['Node Type']} ${n['Relation Name'] ?? ''}`).toBeLessThan(AGENTS / 4);
    }
  });

  it('nudges read one site\'s agents through an index, never the whole users table', async () => {
    const perSite = Math.ceil(AGENTS / 10);
    const reads: [string, Parameters<ReturnType<typeof createCoachingRepository>['nudges']>[2]][] = [
      ['page', { stalledBefore: new Date(NOW.getTime() - 7 * 86_400_000), search: null, limit: 20, offset: 0 }],
      ['search', { stalledBefore: new Date(NOW.getTime() - 7 * 86_400_000), search: 'seg1', limit: 20, offset: 0 }],
    ];
    for (const [name, query] of reads) {
      for (const plan of await plansOf(`nudges ${name}`, (r) => r.nudges(3, { ...brand2, siteId: site }, query))) {
        expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && BIG.includes(n['Relation Name'] ?? '')).map((n) => n['Relation Name'])).toEqual([]);
        for (const n of plan) expect(n['Actual Rows'] ?? 0, `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`).toBeLessThanOrEqual(perSite);
      }
    }
  });
});
