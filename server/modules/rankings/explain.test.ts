import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { createRankingQueries, createRankingRepository, type RankedRow, type RankingScopeRef } from './repository.ts';
import { rebuildStandings } from './standings.ts';

// Proof that ranking pages and "my position" read an index and never scan the agents: many
// agents are loaded set-based, then the plans of the very queries the repository runs are read
// with EXPLAIN ANALYZE (on PGlite, and on PostgreSQL with TEST_DATABASE_URL). RANKING_AGENTS
// raises the count (the benchmark uses 100,000); EXPLAIN_PLANS=1 prints the plans.

const AGENTS = Number(process.env.RANKING_AGENTS ?? 20_000);
/** Rows one read may touch: the score counts (300 scores here) or one tied score (about AGENTS / 300). */
const TIED = Math.max(400, Math.ceil(AGENTS / 150));
const NOW = new Date('2025-06-20T10:00:00Z');
let ctx: TestContext;
let site: number;
let brand: number;
let middle: RankedRow;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(query: { explain(format: 'json', options: ReturnType<typeof sql>): Promise<unknown[]> }, name: string): Promise<PlanNode[]> {
  const [row] = (await query.explain('json', sql`analyze`)) as { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  const raw = row?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const all = nodes(parsed[0].Plan);
  if (process.env.EXPLAIN_PLANS) {
    console.log(`\n${name}:\n${all.map((n) => `  ${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''} rows=${n['Actual Rows'] ?? '?'}`).join('\n')}`);
  }
  return all;
}

/** No node reads a whole table, and the nodes over ranking tables touch at most `maxRows`. */
function expectIndexed(plan: PlanNode[], maxRows: number): void {
  expect(plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
  const scans = plan.filter((n) => n['Node Type'].includes('Index'));
  expect(scans.length).toBeGreaterThan(0);
  for (const n of scans) expect(n['Actual Rows'] ?? 0, `${n['Index Name']}`).toBeLessThanOrEqual(maxRows);
}

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  const sites = await ctx.db.selectFrom('sites').select(['id', 'platform_id']).orderBy('id').execute();
  // Set-based: users spread over brands and sites, one June (Accesible) credit each, 1-300 points.
  await sql`
    INSERT INTO users (email, name, nick_name, brand_id, site_id, platform_id)
    SELECT 'masivo' || g || '@impecable.demo', 'Agente ' || g, 'masivo' || g, 1 + g % 2, s.id, s.platform_id
    FROM generate_series(1, ${AGENTS}::int) g
    JOIN (SELECT id, platform_id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM sites) s ON s.k = g % ${sites.length}::int`.execute(ctx.db);
  await sql`
    INSERT INTO points_ledger (user_id, amount, concept, source_key, attribute_id, kind, occurred_at, created_at)
    SELECT u.id, 1 + (u.id * 7919) % 300, 'Carga masiva', 'bulk:' || u.id, 3, 'activity',
      ${'2025-06-01T08:00:00Z'}::timestamptz + (u.id % 5000) * interval '1 minute', ${'2025-06-01T08:00:00Z'}::timestamptz + (u.id % 5000) * interval '1 minute'
    FROM users u WHERE u.email LIKE 'masivo%'`.execute(ctx.db);
  await rebuildStandings(ctx.db);
  await sql`ANALYZE`.execute(ctx.db);
  const someone = await ctx.db.selectFrom('users').select(['id', 'site_id', 'brand_id']).where('email', '=', `masivo${Math.floor(AGENTS / 2)}@impecable.demo`).executeTakeFirstOrThrow();
  site = someone.site_id ?? 0;
  brand = someone.brand_id;
  middle = (await createRankingRepository(ctx.db).mine({ attributeId: 0, scope: 'global', scopeId: 0 }, someone.id)) as RankedRow;
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

describe(`with ${AGENTS} agents, ranking reads use an index`, () => {
  const refs = (): [string, RankingScopeRef][] => [
    ['global', { attributeId: 0, scope: 'global', scopeId: 0 }],
    ['sede', { attributeId: 3, scope: 'plataforma', scopeId: site }],
    ['marca', { attributeId: 3, scope: 'marca', scopeId: brand }],
  ];

  it('a page reads only its rows (first page and a deep page), its total a few score counts', async () => {
    const q = createRankingQueries(ctx.db);
    for (const [name, ref] of refs()) {
      expectIndexed(await planOf(q.page(ref, 0, 10), `page 1 ${name}`), 400);
      expectIndexed(await planOf(q.total(ref), `total ${name}`), 400);
    }
    expectIndexed(await planOf(q.siteFirstLeadsBrand(refs()[1]?.[1] as RankingScopeRef), 'site first leads its brand'), 1);
    // OFFSET walks the index, never the table: rows read grow with the page, not the agents.
    expectIndexed(await planOf(q.page(refs()[0]?.[1] as RankingScopeRef, 500, 10), 'page 51 global'), 510);
  });

  it('"my position" reads the score counts and the ties ahead as index ranges, in one query', async () => {
    const q = createRankingQueries(ctx.db);
    for (const [name, ref] of refs()) {
      expectIndexed(await planOf(q.mine(ref, middle.user_id), `my position ${name}`), TIED);
    }
    const ahead = await ctx.db.selectFrom('ranking_standings').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('attribute_id', '=', 0).where('points', '>', middle.points).executeTakeFirstOrThrow();
    expect(middle.position).toBeGreaterThan(Number(ahead.n));
  });

  it('the neighbours are read from the agent outwards, never through an OFFSET', async () => {
    const q = createRankingQueries(ctx.db);
    const ref = refs()[0]?.[1] as RankingScopeRef;
    // Each side reads at most the agent's tied score and its span.
    expectIndexed(await planOf(q.around(ref, middle, 5), 'neighbours'), TIED);
    const rows = await createRankingRepository(ctx.db).around(ref, middle, 5);
    expect(rows.map((r) => r.position)).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5].map((d) => middle.position + d));
    expect(rows[5]?.user_id).toBe(middle.user_id);
  });

  it('a nickname search reads the matching users through the prefix index, then only their standings', async () => {
    const q = createRankingQueries(ctx.db);
    for (const [name, ref] of refs()) {
      const plan = await planOf(q.search(ref, 0, 10, 'masivo1234'), `search ${name}`);
      expect(plan.some((n) => n['Index Name'] === 'users_nick_prefix_idx')).toBe(true);
      expectIndexed(plan, TIED);
    }
  });

  it('the staff\'s list of sites probes the users index, never scans the agents', async () => {
    const plan = await planOf(createRankingQueries(ctx.db).sites(), 'sites');
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']).filter((r) => r === 'users')).toEqual([]);
  });
});
