import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { notificationListSchema } from '#contract/notifications';
import { notificationText } from '#domain/notifications';
import { createAgent, queuedRowHeaders, sessionToken, syncCredential, type TestAgent } from '#test-support/server/agents';
import { startPushService, type PushServiceStandIn } from '#test-support/server/push-service';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { userByEmail } from '#test-support/server/rewards';
import { notify } from './notify.ts';
import { isAllowedPushEndpoint } from './push-target.ts';

const NOW = new Date('2025-06-20T10:00:00Z');
let ctx: TestContext;
let push: PushServiceStandIn;
let ana: TestAgent;
let other: TestAgent;

/** Three notices for `userId`, through the same code the event jobs use. */
async function threeNotices(userId: number): Promise<void> {
  for (const orderId of [101, 102, 103]) {
    await notify(ctx.db, {
      kind: 'cupon-listo', eventKey: `cupon-listo:${orderId}:${userId}`, text: notificationText({ kind: 'cupon-listo', productName: `Premio ${orderId}` }),
      recipients: sql`SELECT ${userId}::int AS user_id`,
    }, ctx.clock.now());
  }
}

const list = async (token: string) => notificationListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/avisos', headers: bearer(token) })).json());
const subscriptionsOf = (userId: number) => ctx.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestApp({ now: NOW, env: { PUSH_TEST_ORIGIN: push.origin } });
  ana = await createAgent(ctx, 'AvisosAna');
  other = await createAgent(ctx, 'AvisosOtro');
  await threeNotices(ana.user.id);
  await threeNotices(other.user.id);
});
afterAll(async () => {
  await ctx.close();
  await push.close();
});

describe('the notification centre', () => {
  it('lists the agent\'s own notifications, newest first, with the unread count', async () => {
    const answer = await list(ana.token);
    expect(answer.no_leidos).toBe(3);
    expect(answer.data.map((n) => n.texto)).toEqual(['Ya tienes Premio 103 en Mis Premios.', 'Ya tienes Premio 102 en Mis Premios.', 'Ya tienes Premio 101 en Mis Premios.']);
    expect(answer.data[0]).toMatchObject({ tipo: 'cupon-listo', titulo: 'Tu cupón está listo', url: '/mis-ordenes', leido: false });
  });

  it('marks one read, again without harm, and never another agent\'s (404)', async () => {
    const [newest] = (await list(ana.token)).data;
    const theirs = (await list(other.token)).data[0];
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/avisos/${newest?.id}/leido`, headers: bearer(ana.token) });
      expect(res.statusCode).toBe(200);
    }
    expect((await list(ana.token)).no_leidos).toBe(2);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/avisos/${theirs?.id}/leido`, headers: bearer(ana.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Aviso no encontrado' });
    expect((await list(other.token)).no_leidos).toBe(3);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/avisos/99999999999/leido', headers: bearer(ana.token) })).statusCode).toBe(404);
  });

  it('marks all up to an id read, as a queued action a sync credential delivers', async () => {
    const ids = (await list(ana.token)).data.map((n) => n.id);
    const sync = await syncCredential(ctx, ana.user);
    const body = { hasta: ids[1] ?? 0 };
    const headers = await queuedRowHeaders(sync.token, sync.actionKey, { url: '/api/avisos/leidos', body, occurredAt: ctx.clock.now() });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/avisos/leidos', headers, payload: body });
    expect(res.statusCode).toBe(200);
    const after = await list(ana.token);
    expect(after.data.map((n) => n.leido)).toEqual([true, true, true]);
    expect(after.no_leidos).toBe(0);
    expect((await list(other.token)).no_leidos).toBe(3);
    // A sync credential reads nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avisos', headers: bearer(sync.token) })).statusCode).toBe(401);
  });

  it('keeps preferences per kind, all on until switched', async () => {
    const get = async () => (await ctx.app.inject({ method: 'GET', url: '/api/avisos/preferencias', headers: bearer(ana.token) })).json();
    expect(await get()).toEqual({ tipos: { 'atributo-nuevo': true, 'quiz2-abierto': true, 'premio-acreditado': true, 'banda-perdida': true, 'cupon-listo': true, 'imps-caducan': true, repaso: true } });
    const tipos = { 'atributo-nuevo': true, 'quiz2-abierto': false, 'premio-acreditado': true, 'banda-perdida': false, 'cupon-listo': true, 'imps-caducan': true, repaso: true };
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/avisos/preferencias', headers: bearer(ana.token), payload: { tipos } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tipos });
    expect(await get()).toEqual({ tipos });
    const partial = await ctx.app.inject({ method: 'PUT', url: '/api/avisos/preferencias', headers: bearer(ana.token), payload: { tipos: { 'cupon-listo': false } } });
    expect(partial.statusCode).toBe(400);
    expect(await get()).toEqual({ tipos });
  });

  it('takes marking read and preferences in a sync batch, as the outbox sends them', async () => {
    const [newest] = (await list(other.token)).data;
    const tipos = { 'atributo-nuevo': false, 'quiz2-abierto': true, 'premio-acreditado': true, 'banda-perdida': true, 'cupon-listo': true, 'imps-caducan': true, repaso: true };
    const acciones = [
      { id: 'avisos-batch-1', method: 'POST', path: `/avisos/${newest?.id}/leido`, occurredAt: ctx.clock.now().toISOString(), signature: null, body: null },
      { id: 'avisos-batch-2', method: 'PUT', path: '/avisos/preferencias', occurredAt: ctx.clock.now().toISOString(), signature: null, body: { tipos } },
    ];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sync', headers: bearer(other.token), payload: { acciones } });
    expect((res.json() as { resultados: { status: number }[] }).resultados.map((r) => r.status)).toEqual([200, 200]);
    expect((await list(other.token)).data[0]?.leido).toBe(true);
    const prefs = await ctx.app.inject({ method: 'GET', url: '/api/avisos/preferencias', headers: bearer(other.token) });
    expect(prefs.json()).toEqual({ tipos });
  });

  it('is for agents only: staff get 403, impersonation reads but never writes', async () => {
    const admin = await userByEmail(ctx.db, 'admin@impecable.demo');
    const adminToken = await sessionToken(ctx, admin);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avisos', headers: bearer(adminToken) })).json()).toMatchObject({ error: 'Los avisos son solo para agentes.' });
    const browsing = await sessionToken(ctx, ana.user, { impersonatorUserId: admin.id });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avisos', headers: bearer(browsing) })).statusCode).toBe(200);
    const unread = (await list(other.token)).data[0];
    const asOther = await sessionToken(ctx, other.user, { impersonatorUserId: admin.id });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/avisos/${unread?.id}/leido`, headers: bearer(asOther) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(asOther), payload: push.subscribe() })).statusCode).toBe(403);
    expect((await list(other.token)).no_leidos).toBe(2);
  });
});

describe('push subscriptions', () => {
  it('answers the VAPID public key to anyone, the same on every call', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/avisos/push/clave' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/avisos/push/clave' });
    expect(first.statusCode).toBe(200);
    const key = (first.json() as { vapid_public_key: string }).vapid_public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(second.json()).toEqual(first.json());
    const stored = await ctx.db.selectFrom('vapid_keys').selectAll().execute();
    expect(stored.map((k) => k.public_key)).toEqual([key]);
    expect(first.body).not.toContain(stored[0]?.private_key);
  });

  it('stores a device for the caller, moves it to whoever subscribes it next, and lets only its owner remove it', async () => {
    const device = push.subscribe();
    const post = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(token), payload: device });
    expect((await post(ana.token)).statusCode).toBe(200);
    expect((await post(ana.token)).statusCode).toBe(200);
    expect((await subscriptionsOf(ana.user.id)).map((s) => s.endpoint)).toEqual([device.endpoint]);
    expect((await post(other.token)).statusCode).toBe(200);
    expect(await subscriptionsOf(ana.user.id)).toEqual([]);
    const remove = (token: string) => ctx.app.inject({ method: 'DELETE', url: '/api/avisos/push/suscripcion', headers: bearer(token), payload: { endpoint: device.endpoint } });
    expect((await remove(ana.token)).statusCode).toBe(200);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
    expect((await remove(other.token)).statusCode).toBe(200);
    expect(await subscriptionsOf(other.user.id)).toEqual([]);
  });

  it('lets someone who stopped being an agent remove their own device, and only theirs', async () => {
    const mine = push.subscribe();
    const theirs = push.subscribe();
    const post = (token: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(token), payload: body });
    expect((await post(ana.token, mine)).statusCode).toBe(200);
    expect((await post(other.token, theirs)).statusCode).toBe(200);
    const { perfil } = await ctx.db.selectFrom('users').select('perfil').where('id', '=', ana.user.id).executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ perfil: 'INTERNO' }).where('id', '=', ana.user.id).execute();
    try {
      const remove = (endpoint: string) =>
        ctx.app.inject({ method: 'DELETE', url: '/api/avisos/push/suscripcion', headers: bearer(ana.token), payload: { endpoint } });
      expect((await remove(theirs.endpoint)).statusCode).toBe(200);
      expect((await subscriptionsOf(other.user.id)).map((s) => s.endpoint)).toEqual([theirs.endpoint]);
      expect((await remove(mine.endpoint)).statusCode).toBe(200);
      expect(await subscriptionsOf(ana.user.id)).toEqual([]);
    } finally {
      await ctx.db.updateTable('users').set({ perfil }).where('id', '=', ana.user.id).execute();
      await ctx.db.deleteFrom('push_subscriptions').where('endpoint', 'in', [mine.endpoint, theirs.endpoint]).execute();
    }
  });

  it('never lets a caller take a device whose endpoint it learnt: other keys get 409 and change nothing', async () => {
    const device = push.subscribe();
    const post = (token: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(token), payload: body });
    expect((await post(ana.token, device)).statusCode).toBe(200);
    const thief = push.subscribe();
    const stolen = { ...device, keys: thief.keys };
    expect((await post(other.token, stolen)).statusCode).toBe(409);
    const stored = await ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', device.endpoint).execute();
    expect(stored.map((s) => [s.user_id, s.auth])).toEqual([[ana.user.id, device.keys.auth]]);
    await ctx.app.inject({ method: 'DELETE', url: '/api/avisos/push/suscripcion', headers: bearer(ana.token), payload: { endpoint: device.endpoint } });
  });

  it('POSTs only to the browsers\' push services over https on the default port, and to the tests\' stand-in only when told its origin', () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/Q', 'https://wns2-par02p.notify.windows.com/w/?token=x']) {
      expect(isAllowedPushEndpoint(endpoint, null), endpoint).toBe(true);
    }
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com:8443/x', 'https://localhost./x', 'https://x.localhost/x',
      'https://metadata.google.internal/x', 'https://10.0.0.1/x', 'https://[::1]/x', 'https://db.internal:8443/x', 'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x', 'ftp://fcm.googleapis.com/x', 'no es una url']) {
      expect(isAllowedPushEndpoint(endpoint, null), endpoint).toBe(false);
    }
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push/1', null)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push/1', 'http://127.0.0.1:4000')).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4001/push/1', 'http://127.0.0.1:4000')).toBe(false);
    expect(isAllowedPushEndpoint('http://usuario:clave@127.0.0.1:4000/push/1', 'http://127.0.0.1:4000')).toBe(false);
  });

  it('refuses keys no push message could be encrypted with, and endpoints that are not URLs', async () => {
    const device = push.subscribe();
    const bad = [
      { ...device, keys: { ...device.keys, p256dh: 'corta' } },
      { ...device, keys: { ...device.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { ...device, endpoint: 'ftp://127.0.0.1/push/x' },
      { ...device, endpoint: 'http://usuario:clave@127.0.0.1/push/x' },
    ];
    for (const payload of bad) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(ana.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await subscriptionsOf(ana.user.id)).toEqual([]);
  });

  it('removes the session\'s devices at logout, whatever the client does, and keeps the other sessions\'', async () => {
    const kiosk = await sessionToken(ctx, ana.user);
    const phone = await sessionToken(ctx, ana.user);
    const onKiosk = push.subscribe();
    const onPhone = push.subscribe();
    await ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(kiosk), payload: onKiosk });
    await ctx.app.inject({ method: 'POST', url: '/api/avisos/push/suscripcion', headers: bearer(phone), payload: onPhone });
    expect(await subscriptionsOf(ana.user.id)).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(kiosk) })).statusCode).toBe(200);
    expect((await subscriptionsOf(ana.user.id)).map((s) => s.endpoint)).toEqual([onPhone.endpoint]);
  });
});
