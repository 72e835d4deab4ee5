// Expiry you can see (issue 39): GET /imps/caducidades says what lapses next, per batch, from the
// FIFO state (the unspent part of each batch), and the daily job tells an agent 30 and 7 days
// before a batch lapses, once each however often it runs, pushing in the day's hours only.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impsLapsesResponseSchema } from '#contract/points';
import { expireLapsedCredits } from '#server/jobs/points-expiry';
import { notificationEventHandlers } from '#server/modules/notifications/events';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { LAPSE_NOTICES_JOB, notifyLapsingImps } from './lapse-notices.ts';
import { debit, earn } from './movements.ts';

const DAY = 86_400_000;
// 01:00 UTC, when the daily job runs (02:00 in Madrid: quiet hours).
const NOW = new Date('2027-02-01T01:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

async function credit(agent: TestAgent, amount: number, daysAgo: number, key: string) {
  await earn(ctx.db, {
    userId: agent.user.id, amount, concept: 'Prueba', sourceKey: `test-lapse:${agent.user.id}:${key}`, attributeId: null,
    kind: 'activity', occurredAt: ago(daysAgo), receivedAt: ago(daysAgo),
  });
}

const lapses = async (agent: TestAgent) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/imps/caducidades', headers: bearer(agent.token) });
  expect(res.statusCode).toBe(200);
  return impsLapsesResponseSchema.parse(res.json()).caducidades;
};
const noticesOf = (agent: TestAgent) => ctx.db.selectFrom('notifications').select(['kind', 'event_key', 'title', 'body', 'url'])
  .where('user_id', '=', agent.user.id).orderBy('id').execute();

describe('GET /imps/caducidades', () => {
  it('lists each batch still to lapse with what is left of it after FIFO spending, soonest first', async () => {
    const agent = await createAgent(ctx, 'Caduca');
    await credit(agent, 150, 335, 'a'); // lapses on 3 March 2027
    await credit(agent, 40, 200, 'b');
    await credit(agent, 25, 400, 'old'); // lapsed 35 days ago: never listed
    await debit(ctx.db, { userId: agent.user.id, amount: 30, concept: 'Canje: prueba', sourceKey: `redemption:lapse-${agent.user.id}`, occurredAt: ago(300) });
    expect(await lapses(agent)).toEqual([
      // The spending 300 days ago took the oldest first: all 25 of 'old', then 5 of 'a'.
      { dia: '2027-03-03', caduca_at: new Date(ago(335).getTime() + 365 * DAY).toISOString(), imps: 145 },
      { dia: '2027-07-16', caduca_at: new Date(ago(200).getTime() + 365 * DAY).toISOString(), imps: 40 },
    ]);
  });

  it('shows a brand-1 agent their IMPs part only (Ring Ring points never lapse here)', async () => {
    const agent = await createAgent(ctx, 'CaducaRing');
    await ctx.db.updateTable('users').set({ brand_id: 1, puntos_ring_ring: 5_000 }).where('id', '=', agent.user.id).execute();
    await credit(agent, 50, 100, 'a');
    expect((await lapses(agent)).map((l) => l.imps)).toEqual([50]);
  });

  it('is empty for whoever has nothing to lapse', async () => {
    expect(await lapses(await createAgent(ctx, 'CaducaNada'))).toEqual([]);
  });
});

describe('lapse notices, 30 and 7 days before', () => {
  it('tells once at 30 days and once at 7, never again on later runs, pushing after the quiet hours', async () => {
    const agent = await createAgent(ctx, 'Aviso');
    await credit(agent, 150, 335, 'a');
    await debit(ctx.db, { userId: agent.user.id, amount: 30, concept: 'Canje: prueba', sourceKey: `redemption:notice-${agent.user.id}`, occurredAt: ago(300) });
    await ctx.db.insertInto('push_subscriptions').values({ user_id: agent.user.id, endpoint: 'https://fcm.googleapis.com/fcm/send/aviso-caduca', p256dh: 'k', auth: 'a' }).execute();
    await credit(agent, 60, 10, 'late'); // a year away: no notice

    // Too early: 31 days before.
    const early = new Date(NOW.getTime() - DAY);
    await notifyLapsingImps(ctx.db, early);
    expect(await noticesOf(agent)).toEqual([]);

    await notifyLapsingImps(ctx.db, NOW);
    // A second run, as a second instance or a retried job would make: nothing more.
    await notificationEventHandlers({ db: ctx.db, clock: () => NOW })[LAPSE_NOTICES_JOB]?.({}, {} as never);
    const thirty = [{
      kind: 'imps-caducan', event_key: 'imps-caducan:2027-03-03:30', title: 'Tus IMPs caducan en un mes',
      body: '120 IMPs caducan el 3 de marzo. Úsalos antes.', url: '/mis-ingresos',
    }];
    expect(await noticesOf(agent)).toEqual(thirty);
    const pushes = await ctx.db.selectFrom('jobs').select(['run_at']).where('kind', '=', 'notification-push')
      .where('payload', '@>', JSON.stringify({ subscriptionId: (await ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', agent.user.id).executeTakeFirstOrThrow()).id }) as never).execute();
    // 9:00 in Madrid (CET), not 02:00.
    expect(pushes.map((p) => p.run_at.toISOString())).toEqual(['2027-02-01T08:00:00.000Z']);

    const weekBefore = new Date('2027-02-24T01:00:00Z');
    await expireLapsedCredits(ctx.db, weekBefore);
    await notifyLapsingImps(ctx.db, weekBefore);
    await notifyLapsingImps(ctx.db, new Date('2027-02-25T01:00:00Z'));
    expect(await noticesOf(agent)).toEqual([...thirty, {
      kind: 'imps-caducan', event_key: 'imps-caducan:2027-03-03:7', title: 'Tus IMPs caducan esta semana',
      body: '120 IMPs caducan el 3 de marzo. Úsalos antes.', url: '/mis-ingresos',
    }]);
  });

  it('says nothing of a batch spent whole, nor to staff, nor to an agent who switched it off', async () => {
    const spent = await createAgent(ctx, 'AvisoGastado');
    await credit(spent, 100, 340, 'a');
    await debit(ctx.db, { userId: spent.user.id, amount: 100, concept: 'Canje: prueba', sourceKey: `redemption:spent-${spent.user.id}`, occurredAt: ago(200) });
    const staff = await createAgent(ctx, 'AvisoStaff');
    await ctx.db.updateTable('users').set({ perfil: 'INTERNO' }).where('id', '=', staff.user.id).execute();
    await credit(staff, 100, 340, 'a');
    const off = await createAgent(ctx, 'AvisoApagado');
    await credit(off, 100, 340, 'a');
    await ctx.db.insertInto('notification_preferences').values({ user_id: off.user.id, kind: 'imps-caducan', enabled: false }).execute();
    await notifyLapsingImps(ctx.db, NOW);
    for (const who of [spent, staff, off]) expect(await noticesOf(who)).toEqual([]);
  });
});
