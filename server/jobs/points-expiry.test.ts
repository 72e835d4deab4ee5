import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHistory } from '#server/modules/points/movements';
import { agentWith, imps, optionOf, redeem } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { expireLapsedCredits, POINTS_EXPIRY_JOB, pointsExpiryHandler, schedulePointsExpiry } from './points-expiry';
import { JobRunner } from './runner';

const DAY = 86_400_000;
const NOW = new Date('2025-06-20T10:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

/** A fresh agent whose ledger is `rows` (credits expire 365 days after `at`). */
async function agentWithLedger(rows: { amount: number; daysAgo: number; kind?: 'activity' | 'redemption' }[]) {
  const agent = await agentWith(ctx, 0);
  const ids: number[] = [];
  for (const [i, row] of rows.entries()) {
    const at = ago(row.daysAgo);
    const credit = row.amount > 0;
    const sourceKey = `${credit ? 'test' : 'redemption'}:${agent.user.id}-${i}`;
    await loadHistory(ctx.db, [{
      user_id: agent.user.id, amount: row.amount, concept: credit ? 'Vídeo completado' : 'Canje', source_key: sourceKey,
      attribute_id: null, kind: row.kind ?? (credit ? 'activity' : 'redemption'), occurred_at: at, expires_at: credit ? new Date(at.getTime() + 365 * DAY) : null,
    }]);
    ids.push((await ctx.db.selectFrom('points_ledger').select('id').where('user_id', '=', agent.user.id).where('source_key', '=', sourceKey).executeTakeFirstOrThrow()).id);
  }
  return { ...agent, ids };
}

const expiryRows = (userId: number) => ctx.db.selectFrom('points_ledger').select(['amount', 'source_key', 'occurred_at']).where('user_id', '=', userId).where('kind', '=', 'expiry').execute();

describe('points expiry', () => {
  it('writes what is left of a credit 365 days after crediting, oldest spent first; a rerun writes nothing', async () => {
    // 100 credited 370 days ago (lapsed 5 days ago), 30 of it spent; 50 credited 300 days ago (still valid).
    const agent = await agentWithLedger([{ amount: 100, daysAgo: 370 }, { amount: -30, daysAgo: 360 }, { amount: 50, daysAgo: 300 }]);
    // Before the job runs, the balance already leaves the lapsed 70 out.
    expect(await imps(ctx, agent.token)).toBe(50);

    const first = await expireLapsedCredits(ctx.db, NOW);
    expect(first.imps).toBeGreaterThanOrEqual(70);
    const rows = await expiryRows(agent.user.id);
    expect(rows).toEqual([{ amount: -70, source_key: `expiry:${agent.ids[0]}`, occurred_at: ago(5) }]);
    expect(await imps(ctx, agent.token)).toBe(50);

    expect(await expireLapsedCredits(ctx.db, NOW)).toEqual({ users: 0, imps: 0 });
    expect(await expiryRows(agent.user.id)).toHaveLength(1);

    const history = (await ctx.app.inject({ method: 'GET', url: '/api/listado-imps', headers: bearer(agent.token) })).json() as { imps: { operacion: string; puntos: number; concepto: string }[] };
    expect(history.imps[0]).toMatchObject({ operacion: 'restar', puntos: 70, concepto: expect.stringMatching(/^IMPs caducados \(sumados el \d\d\/\d\d\/\d{4}\)$/) });
  });

  it('a fully spent credit expires nothing, and the balance never goes negative', async () => {
    const agent = await agentWithLedger([{ amount: 40, daysAgo: 380 }, { amount: -40, daysAgo: 370 }, { amount: 10, daysAgo: 20 }]);
    await expireLapsedCredits(ctx.db, NOW);
    expect(await expiryRows(agent.user.id)).toEqual([]);
    expect(await imps(ctx, agent.token)).toBe(10);
  });

  it('lapsed IMPs cannot pay for a prize, even before the job has run', async () => {
    const option = await optionOf(ctx.db, 'Tarjeta regalo Café Brisa');
    const agent = await agentWithLedger([{ amount: option.valor_rings, daysAgo: 366 }]);
    const res = await redeem(ctx, agent.token, { product: option.id, value: option.valor_rings });
    expect([res.statusCode, res.json().message]).toEqual([422, 'Saldo insuficiente']);
    expect(await imps(ctx, agent.token)).toBe(0);
  });

  it('runs as a daily job through the runner and schedules the next day once', async () => {
    const agent = await agentWithLedger([{ amount: 25, daysAgo: 365.5 }]);
    await schedulePointsExpiry(ctx.db, ago(1));
    await schedulePointsExpiry(ctx.db, ago(1));
    const runner = new JobRunner(ctx.db, { handlers: { [POINTS_EXPIRY_JOB]: pointsExpiryHandler(ctx.db, ctx.clock.now) }, clock: ctx.clock.now });
    expect(await runner.runOnce()).toBe(1);
    expect((await expiryRows(agent.user.id)).map((r) => r.amount)).toEqual([-25]);
    const queued = await ctx.db.selectFrom('jobs').select(['run_at', 'status']).where('kind', '=', POINTS_EXPIRY_JOB).orderBy('run_at').execute();
    expect(queued.map((j) => j.status)).toEqual(['done', 'queued']);
    expect(queued[1]?.run_at.toISOString()).toBe('2025-06-21T01:00:00.000Z');
  });
});
