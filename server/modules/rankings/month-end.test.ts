import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizeTiers } from '#domain/ranking';
import { JobRunner } from '#server/jobs/runner';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { RANKING_MONTH_END_JOB, rankingMonthEndHandler, runMonthEnd, scheduleRankingMonthEnd } from './month-end.ts';
import { credit, placeAgent, seededSites, snapshot } from '#test-support/server/rankings';

// The demo calendar around 2 June 2025: De Valor = April (closed, paid on 12 May),
// Resolutivo = May (grace until 3 June 24:00 Madrid, payday Monday 9 June), Accesible = June.
const NOW = new Date('2025-06-02T10:00:00Z');
const RESOLUTIVO = 2;
const MAY = (day: number, minute = 0) => new Date(Date.UTC(2025, 4, day, 9, minute));
const GRACE_END = new Date('2025-06-03T22:00:00Z');
const PAYDAY = new Date('2025-06-08T22:00:00Z');
let ctx: TestContext;
let siteId: number;
let leader: number;
const agents: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  siteId = (await seededSites(ctx.db))[2]?.id ?? 0;
  // 31 agents with May points in one site: k = 2, so positions 1-6 win.
  for (let i = 0; i < 31; i++) {
    const agent = await placeAgent(ctx.db, { siteId, brandId: 1, nick: `Mayo${i}` });
    agents.push(agent.id);
    await credit(ctx.db, agent.id, 1000 + i, RESOLUTIVO, MAY(10, i));
  }
  leader = agents[30] ?? 0;
});
afterAll(async () => {
  await ctx.close();
});

const winners = () => ctx.db.selectFrom('ranking_winners').selectAll().where('attribute_id', '=', RESOLUTIVO)
  .orderBy('scope').orderBy('scope_id').orderBy('position').execute();
const prizeRows = () => ctx.db.selectFrom('points_ledger').select(['user_id', 'amount', 'source_key', 'kind', 'occurred_at'])
  .where('kind', '=', 'prize').where('attribute_id', '=', RESOLUTIVO).orderBy('source_key').orderBy('user_id').execute();

describe('month-end of an attribute ranking', () => {
  it('waits for the sync grace: a late answer of the month arriving within 72 h still counts', async () => {
    expect(await runMonthEnd(ctx.db, new Date(GRACE_END.getTime() - 60_000))).toEqual({ frozen: [], paid: [] });
    const late = agents[0] ?? 0;
    await credit(ctx.db, late, 5000, RESOLUTIVO, new Date('2025-05-31T21:00:00Z'), new Date(GRACE_END.getTime() - 30_000));
    leader = late;
    expect(await winners()).toEqual([]);
  });

  it('freezes the winners per site (tiers by active agents) and per brand once, after the grace', async () => {
    expect(await runMonthEnd(ctx.db, GRACE_END)).toEqual({ frozen: [RESOLUTIVO], paid: [] });
    const frozen = await winners();
    const site = frozen.filter((w) => w.scope === 'plataforma' && w.scope_id === siteId);
    const tiers = prizeTiers(31);
    expect(tiers.premiados3).toBe(6);
    expect(site.map((w) => [w.position, w.tier, w.amount])).toEqual([[1, 1, 300], [2, 1, 300], [3, 2, 200], [4, 2, 200], [5, 3, 100], [6, 3, 100]]);
    expect(site[0]?.user_id).toBe(leader);
    expect(frozen.find((w) => w.scope === 'marca' && w.scope_id === 1)).toMatchObject({ position: 1, user_id: leader, tier: 1, amount: 100 });
    // Every brand and site with May points has its winners; nobody is paid before payday.
    expect(frozen.filter((w) => w.position === 1).length).toBeGreaterThanOrEqual(2);
    expect(await prizeRows()).toEqual([]);
  });

  it('changes nothing when run again, nor when a late credit arrives after the grace', async () => {
    const before = await winners();
    const standings = await snapshot(ctx.db);
    await credit(ctx.db, agents[1] ?? 0, 9000, RESOLUTIVO, new Date('2025-05-30T10:00:00Z'), new Date(GRACE_END.getTime() + 60_000));
    const after = await snapshot(ctx.db);
    expect(after.standings.filter((s) => s.attribute_id === RESOLUTIVO)).toEqual(standings.standings.filter((s) => s.attribute_id === RESOLUTIVO));
    expect(await runMonthEnd(ctx.db, new Date(GRACE_END.getTime() + 86_400_000))).toEqual({ frozen: [], paid: [] });
    expect(await winners()).toEqual(before);
  });

  it('credits the prizes on the first Monday after day 7, once, without moving any ranking', async () => {
    const standings = await snapshot(ctx.db);
    expect(await runMonthEnd(ctx.db, new Date(PAYDAY.getTime() - 1))).toEqual({ frozen: [], paid: [] });
    expect(await runMonthEnd(ctx.db, PAYDAY)).toEqual({ frozen: [], paid: [RESOLUTIVO] });
    const paid = await prizeRows();
    const frozen = await winners();
    expect(paid).toHaveLength(frozen.length);
    const leaderPrizes = paid.filter((p) => p.user_id === leader).map((p) => [p.source_key, p.amount]);
    expect(leaderPrizes).toEqual([[`brand-prize:${RESOLUTIVO}:1`, 100], [`prize:${RESOLUTIVO}:plataforma:${siteId}`, 300]]);
    expect(paid.every((p) => p.occurred_at.getTime() === PAYDAY.getTime())).toBe(true);
    expect(await snapshot(ctx.db)).toEqual(standings);

    expect(await runMonthEnd(ctx.db, new Date(PAYDAY.getTime() + 86_400_000))).toEqual({ frozen: [], paid: [] });
    expect(await prizeRows()).toEqual(paid);
  });

  it('left the demo seed\'s closed April ranking frozen and paid (its payday has passed)', async () => {
    const closing = await ctx.db.selectFrom('ranking_closings').selectAll().where('attribute_id', '=', 1).executeTakeFirstOrThrow();
    expect(closing.paid_at).not.toBeNull();
    const april = await ctx.db.selectFrom('ranking_winners').selectAll().where('attribute_id', '=', 1).execute();
    expect(april.length).toBeGreaterThan(0);
    const credited = await ctx.db.selectFrom('points_ledger').select('source_key').where('kind', '=', 'prize').where('attribute_id', '=', 1).execute();
    expect(credited).toHaveLength(april.filter((w) => w.amount > 0).length);
  });

  it('runs as a daily job that queues the next day', async () => {
    let now = new Date('2025-06-10T00:30:00Z');
    const runner = new JobRunner(ctx.db, { handlers: { [RANKING_MONTH_END_JOB]: rankingMonthEndHandler(ctx.db, () => now) }, clock: () => now });
    await scheduleRankingMonthEnd(ctx.db, now);
    await scheduleRankingMonthEnd(ctx.db, now);
    expect(await runner.runOnce()).toBe(1);
    const jobs = await ctx.db.selectFrom('jobs').select(['unique_key', 'status']).where('kind', '=', RANKING_MONTH_END_JOB).orderBy('unique_key').execute();
    expect(jobs).toEqual([
      { unique_key: `${RANKING_MONTH_END_JOB}:2025-06-10`, status: 'done' },
      { unique_key: `${RANKING_MONTH_END_JOB}:2025-06-11`, status: 'queued' },
    ]);
    now = new Date('2025-06-11T00:31:00Z');
    expect(await runner.runOnce()).toBe(1);
  });
});
