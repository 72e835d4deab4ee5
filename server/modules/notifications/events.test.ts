import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '#contract/notifications';
import { enqueueJob, JobRunner } from '#server/jobs/runner';
import { loadHistory } from '#server/modules/points/movements';
import { runMonthEnd } from '#server/modules/rankings/month-end';
import { LocalGiftCardProvider } from '#server/modules/rewards/gift-card-provider';
import { RECONCILE_ORDER_JOB, reconcileOrderHandler } from '#server/modules/rewards/jobs';
import { createAgent, sessionToken, type TestAgent } from '#test-support/server/agents';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test-support/server/push-service';
import { credit, placeAgent, seededSites } from '#test-support/server/rankings';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { agentWith, optionOf, userByEmail } from '#test-support/server/rewards';
import { enqueueCouponNotice } from './enqueue.ts';
import { notifyCoupon, purgeOldNotices, runNotificationChecks, scheduleNotificationChecks } from './events.ts';
import { notificationJobHandlers } from './jobs.ts';

// The demo calendar seeded on 1 June 2025: Resolutivo = May (paid on Monday 9 June), Accesible = June (Quiz 2 on the 15th).
const JUNE = (day: number) => new Date(Date.UTC(2025, 5, day, 8)); // 10:00 in Madrid
let ctx: TestContext;
let push: PushServiceStandIn;
let runner: JobRunner;
let ana: TestAgent;
let anaPhone: StandInSubscription;
let quiet: TestAgent;
let quietPhone: StandInSubscription;
let adminPhone: StandInSubscription;

async function subscribe(token: string): Promise<StandInSubscription> {
  const key = (await ctx.app.inject({ method: 'GET', url: '/api/avisos/push/clave' })).json() as { vapid_public_key: string };
  const device = push.subscribe({ applicationServerKey: key.vapid_public_key });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(token), payload: device });
  expect(res.statusCode).toBe(200);
  return device;
}

/** What the device's service worker would read from each push it received. */
const received = (device: StandInSubscription): PushPayload[] => push.messagesFor(device.endpoint).map((m) => pushPayloadSchema.parse(JSON.parse(m.text)));
const kinds = (device: StandInSubscription) => received(device).map((p) => p.tipo);

beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestApp({ now: JUNE(1), env: { PUSH_TEST_ORIGIN: push.origin } });
  runner = new JobRunner(ctx.db, {
    handlers: {
      ...notificationJobHandlers({ db: ctx.db, config: ctx.config, clock: ctx.clock.now }),
      [RECONCILE_ORDER_JOB]: reconcileOrderHandler({ db: ctx.db, clock: ctx.clock.now }, new LocalGiftCardProvider({ clock: ctx.clock.now })),
    },
    clock: ctx.clock.now,
  });
  ana = await createAgent(ctx, 'PushAna');
  anaPhone = await subscribe(ana.token);
  quiet = await createAgent(ctx, 'PushQuiet');
  quietPhone = await subscribe(quiet.token);
  // The quiet agent wants no calendar news.
  const tipos = { 'atributo-nuevo': false, 'quiz2-abierto': false, 'premio-acreditado': true, 'banda-perdida': true, 'cupon-listo': true };
  expect((await ctx.app.inject({ method: 'PUT', url: '/api/avisos/preferencias', headers: bearer(quiet.token), payload: { tipos } })).statusCode).toBe(200);
  // A supervisor's device (staff cannot subscribe through the API: stored by hand to prove the events skip them).
  const admin = await userByEmail(ctx.db, 'admin@impecable.demo');
  adminPhone = push.subscribe();
  await ctx.db.insertInto('push_subscriptions').values({ user_id: admin.id, endpoint: adminPhone.endpoint, p256dh: adminPhone.keys.p256dh, auth: adminPhone.keys.auth }).execute();
  await sessionToken(ctx, admin);
});
afterAll(async () => {
  await ctx.close();
  await push.close();
});

describe('each event reaches a subscribed agent once, decrypted to its text', () => {
  it('a new attribute opens: the hourly check, run twice, sends one push signed with the server\'s key', async () => {
    await scheduleNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    expect(received(anaPhone)).toEqual([{
      id: expect.any(Number), tipo: 'atributo-nuevo', titulo: 'Nuevo atributo: Accesible', texto: 'Ya puedes ver sus vídeos y hacer el Quiz 1.', url: '/dashboard/accesible',
    }]);
    const [message] = push.messagesFor(anaPhone.endpoint);
    expect(message).toMatchObject({ ttl: 86_400, claims: { aud: push.origin, sub: 'mailto:avisos@impecable.demo' } });
    expect(push.refusals).toEqual([]);
    // The in-app centre lists the same notice.
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/avisos', headers: bearer(ana.token) })).json() as { data: { id: number }[] };
    expect(list.data.map((n) => n.id)).toEqual([received(anaPhone)[0]?.id]);
  });

  it('respects preferences, and a supervisor gets nothing', async () => {
    expect(kinds(quietPhone)).toEqual([]);
    expect(kinds(adminPhone)).toEqual([]);
    const admin = await userByEmail(ctx.db, 'admin@impecable.demo');
    const stored = await ctx.db.selectFrom('notifications').select('user_id').where('user_id', 'in', [quiet.user.id, admin.id]).execute();
    expect(stored).toEqual([]);
  });

  it('the month-end prize is credited: each winner is told the IMPs once', async () => {
    const site = await emptySite(2);
    const winner = await placeAgent(ctx.db, { siteId: site, nick: 'PushGanadora' });
    await credit(ctx.db, winner.id, 40, 2, new Date('2025-05-20T09:00:00Z'));
    const phone = await subscribe(await sessionToken(ctx, winner));
    ctx.clock.set(JUNE(9));
    await runMonthEnd(ctx.db, ctx.clock.now());
    await runner.runOnce();
    await runMonthEnd(ctx.db, ctx.clock.now());
    await runner.runOnce();
    const won = await ctx.db.selectFrom('ranking_winners').select('amount').where('attribute_id', '=', 2).where('user_id', '=', winner.id).execute();
    const total = won.reduce((sum, w) => sum + w.amount, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(received(phone)).toEqual([expect.objectContaining({
      tipo: 'premio-acreditado', titulo: '¡Premio acreditado!', texto: `Has recibido ${total} IMPs por el ranking de Resolutivo.`, url: '/mis-ingresos',
    })]);
  });

  it('Quiz 2 of the current attribute opens', async () => {
    ctx.clock.set(JUNE(15));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    expect(received(anaPhone).slice(1)).toEqual([expect.objectContaining({
      tipo: 'quiz2-abierto', titulo: 'Ya puedes hacer el Quiz 2', texto: 'El Quiz 2 de Accesible está abierto.', url: '/cuestionario/accesible/quizz/2',
    })]);
    expect(kinds(quietPhone)).toEqual([]);
  });

  it('the agent leaves a prize band of their site: told once, and at most once a day', async () => {
    ctx.clock.set(JUNE(20));
    const site = await emptySite(3);
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map((i) => placeAgent(ctx.db, { siteId: site, nick: `PushBanda${i}` })));
    if (!first || !second || !third || !fourth) throw new Error('agents');
    // Four agents: one first prize, so positions 1-3 win; the third is the one who will drop.
    for (const [agent, points] of [[first, 300], [second, 200], [third, 100]] as const) await credit(ctx.db, agent.id, points, 3, JUNE(18));
    const phone = await subscribe(await sessionToken(ctx, third));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await credit(ctx.db, fourth.id, 150, 3, JUNE(20));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    expect(received(phone)).toEqual([expect.objectContaining({
      tipo: 'banda-perdida', titulo: 'Te han adelantado', url: '/ranking/accesible',
      texto: 'Has salido de los puestos con premio de tu sede en Accesible. Aún estás a tiempo.',
    })]);
    // Back in, and out again the same day: no second notice; the next day, yes.
    await credit(ctx.db, third.id, 100, 3, JUNE(20));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await credit(ctx.db, fourth.id, 100, 3, JUNE(20));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    expect(kinds(phone)).toEqual(['banda-perdida']);
    ctx.clock.set(JUNE(21));
    await credit(ctx.db, third.id, 100, 3, JUNE(21));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await credit(ctx.db, fourth.id, 100, 3, JUNE(21));
    await credit(ctx.db, second.id, 200, 3, JUNE(21));
    await runNotificationChecks(ctx.db, ctx.clock.now());
    await runner.runOnce();
    expect(kinds(phone)).toEqual(['banda-perdida', 'banda-perdida']);
  });

  it('a redemption\'s coupon is ready (issued by the reconcile job)', async () => {
    const order = await strandedOrder(400);
    const phone = await subscribe(order.token);
    await runner.runOnce();
    await enqueueCouponNotice(ctx.db, order.orderId, ctx.clock.now());
    await notifyCoupon(ctx.db, order.orderId, ctx.clock.now());
    await runner.runOnce();
    expect(received(phone)).toEqual([expect.objectContaining({
      tipo: 'cupon-listo', titulo: 'Tu cupón está listo', texto: `Ya tienes ${order.productName} en Mis Premios.`, url: '/mis-ordenes',
    })]);
  });
});

describe('what the push service says', () => {
  it('a 410 removes the subscription; a 503 keeps it and retries later', async () => {
    const gone = await createAgent(ctx, 'PushGone');
    const goneDevice = await subscribe(gone.token);
    const busy = await createAgent(ctx, 'PushBusy');
    const busyDevice = await subscribe(busy.token);
    push.answerWith(goneDevice.endpoint, 410);
    push.answerWith(busyDevice.endpoint, 503);
    for (const agent of [gone, busy]) await notifyCoupon(ctx.db, (await strandedOrder(400, agent)).orderId, ctx.clock.now());
    await runner.runOnce();
    const devices = await ctx.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', 'in', [gone.user.id, busy.user.id]).execute();
    expect(devices.map((d) => d.endpoint)).toEqual([busyDevice.endpoint]);
    const retry = await ctx.db.selectFrom('jobs').select(['status', 'attempts', 'run_at']).where('kind', '=', 'notification-push').where('status', '=', 'queued').execute();
    expect(retry).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
    expect(retry[0]?.run_at.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    // The service recovers: the retry delivers it.
    push.answerWith(busyDevice.endpoint, null);
    ctx.clock.advance(60_000);
    await runner.runOnce();
    expect(kinds(busyDevice)).toEqual(['cupon-listo']);
    expect(kinds(goneDevice)).toEqual([]);
  });
});

describe('two instances', () => {
  it('run the same event job at once: one notice, one push', async () => {
    const order = await strandedOrder(400, await createAgent(ctx, 'PushTwice'));
    const phone = await subscribe(order.token);
    const other = new JobRunner(ctx.db, { handlers: notificationJobHandlers({ db: ctx.db, config: ctx.config, clock: ctx.clock.now }), clock: ctx.clock.now });
    await Promise.all([notifyCoupon(ctx.db, order.orderId, ctx.clock.now()), notifyCoupon(ctx.db, order.orderId, ctx.clock.now())]);
    await Promise.all([runner.runOnce(), other.runOnce()]);
    expect(kinds(phone)).toEqual(['cupon-listo']);
  });
});

describe('retention', () => {
  it('forgets notices older than 180 days, and keeps the rest', async () => {
    const agent = await createAgent(ctx, 'PushOld');
    const at = (days: number) => new Date(ctx.clock.now().getTime() - days * 86_400_000);
    await ctx.db.insertInto('notifications').values([181, 179].map((days) => ({
      user_id: agent.user.id, kind: 'cupon-listo', event_key: `old:${days}`, title: 't', body: 'b', url: '/mis-ordenes', created_at: at(days),
    }))).execute();
    await purgeOldNotices(ctx.db, ctx.clock.now());
    const left = await ctx.db.selectFrom('notifications').select('event_key').where('user_id', '=', agent.user.id).execute();
    expect(left.map((n) => n.event_key)).toEqual(['old:179']);
  });
});

/** A site with no standings yet in `attributeId`, so the seeded agents never share its ranking. */
async function emptySite(attributeId: number): Promise<number> {
  for (const site of (await seededSites(ctx.db)).reverse()) {
    const taken = await ctx.db.selectFrom('ranking_standings').select('user_id').where('attribute_id', '=', attributeId).where('site_id', '=', site.id).executeTakeFirst();
    if (!taken) return site.id;
  }
  throw new Error('no empty site');
}

/** What a redemption leaves when its request dies after the debit: a pending order, its debit and its reconcile job. */
async function strandedOrder(imps: number, agent?: TestAgent): Promise<TestAgent & { orderId: number; productName: string }> {
  const owner = agent ?? (await agentWith(ctx, imps));
  const option = await optionOf(ctx.db, 'Tarjeta regalo Mercado Verde');
  const product = await ctx.db.selectFrom('products').select('nombre').where('id', '=', option.product_id).executeTakeFirstOrThrow();
  const now = ctx.clock.now();
  const order = await ctx.db.insertInto('orders').values({
    user_id: owner.user.id, premio_id: option.product_id, value_id: option.id, nombre_producto: product.nombre, puntos: option.valor_rings,
    valor_chequemotiva: '20.00', status: agent ? 'issued' : 'pending', code: agent ? `IMP-TEST-${owner.user.id}` : null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (!agent) {
    await loadHistory(ctx.db, [{
      user_id: owner.user.id, amount: -option.valor_rings, concept: 'Canje', source_key: `redemption:${order.id}`, attribute_id: null, kind: 'redemption', occurred_at: now,
    }]);
    await enqueueJob(ctx.db, { kind: RECONCILE_ORDER_JOB, payload: { orderId: order.id }, runAt: now, uniqueKey: `${RECONCILE_ORDER_JOB}:${order.id}` });
  }
  return { ...owner, orderId: order.id, productName: product.nombre };
}
