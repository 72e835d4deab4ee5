import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '#contract/common';
import { SYNC_PATHS, syncAnswerSchema, type SyncAction } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { REWARDS_PATHS } from '#contract/rewards';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { LocalGiftCardProvider, type GiftCardProvider, type GiftCardRequest, type IssuedGiftCard } from '#server/modules/rewards/gift-card-provider';
import { agentWith, ledgerOf, optionOf, ordersOf, redeem } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { openSibling, type SiblingHandle } from '#test-support/server/instances';

// "Each queued write runs once, never twice", whatever the timing: a first run slower than any
// stale window (a stalled gift-card provider, a lock wait, an overloaded server) is never run a
// second time by a retry of its key, alone or in a batch, on this instance or another one. The
// retry is told the write is still in progress (409 with Retry-After), and afterwards gets the
// first answer. The clock is moved well past the old 60-second takeover.
const NOW = new Date('2025-06-20T10:00:00Z');
const STALL_MS = 63_000;

/** A gift-card provider whose cards wait until the test lets them go: a stalled provider. */
class StalledProvider implements GiftCardProvider {
  readonly timeoutMs = 10 * 60_000;
  readonly #local = new LocalGiftCardProvider();
  #release: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => (this.#release = resolve));
  calls = 0;
  async issue(request: GiftCardRequest): Promise<IssuedGiftCard> {
    this.calls += 1;
    await this.#gate;
    return this.#local.issue(request);
  }
  release(): void {
    this.#release();
  }
}

let ctx: TestContext;
let provider: StalledProvider;

beforeAll(async () => {
  provider = new StalledProvider();
  ctx = await createTestApp({ now: NOW, giftCards: provider });
});
afterAll(async () => {
  provider.release();
  await ctx.close();
});

const logAction = (text: string): SyncAction => ({
  id: randomUUID(), method: 'POST', path: TRAINING_PATHS.logEvent, occurredAt: NOW.toISOString(), signature: null, body: { action: text },
});
const redeemAction = (product: number, value: number): SyncAction => ({
  id: randomUUID(), method: 'POST', path: REWARDS_PATHS.redeem, occurredAt: NOW.toISOString(), signature: null, body: { product, value },
});
const logEvents = (userId: number) => ctx.db.selectFrom('log_events').select('action').where('user_id', '=', userId).execute();

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a write slower than any stale window', () => {
  it('is never run twice by a retry of its key: the retry hears "en curso", then the first answer', async () => {
    const { user, token } = await agentWith(ctx, 1_000);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
    const first = redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-stalled');
    await until('the order', async () => (await ordersOf(ctx.db, user.id)).length === 1);

    ctx.clock.advance(STALL_MS);
    const retry = await redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-stalled');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ success: false, error: 'Esta petición ya se está procesando' });
    expect(Number(retry.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);

    provider.release();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    const replay = await redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-stalled');
    expect([replay.statusCode, replay.body]).toEqual([200, answered.body]);
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect((await ledgerOf(ctx.db, user.id)).filter((row) => row.amount < 0)).toHaveLength(1);
  });

  it('keeps a slow batch\'s later keys to that batch: sending one of them alone meanwhile runs nothing', async () => {
    const stalled = new StalledProvider();
    const app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist', giftCards: stalled });
    await app.ready();
    try {
      const { user, token } = await agentWith(ctx, 1_000);
      const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
      const slow = redeemAction(option.id, option.valor_rings);
      const later = logAction('después del canje');
      const batch = app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones: [slow, later] } });
      await until('the order', async () => (await ordersOf(ctx.db, user.id)).length === 1);

      ctx.clock.advance(STALL_MS);
      // The same action, alone on its own route, as a device whose batch timed out would send it.
      const alone = await app.inject({
        method: 'POST', url: `${API_BASE}${TRAINING_PATHS.logEvent}`, payload: later.body as { action: string },
        headers: { ...bearer(token), 'idempotency-key': later.id },
      });
      expect(alone.statusCode).toBe(409);
      // And again, in a batch of its own.
      const again = await app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones: [later] } });
      expect(syncAnswerSchema.parse(again.json()).resultados.map((r) => r.status)).toEqual([409]);
      expect(await logEvents(user.id)).toHaveLength(0);

      stalled.release();
      const answered = syncAnswerSchema.parse((await batch).json()).resultados;
      expect(answered.map((r) => r.status)).toEqual([200, 200]);
      const replay = await app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones: [slow, later] } });
      expect(syncAnswerSchema.parse(replay.json()).resultados).toEqual(answered);
      expect(await logEvents(user.id)).toHaveLength(1);
      expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    } finally {
      stalled.release();
      await app.close();
    }
  });

  it('is never taken over by another instance while the instance running it is alive', async () => {
    const stalled = new StalledProvider();
    const sibling: SiblingHandle = await openSibling(ctx.db);
    const running = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist', giftCards: stalled });
    const other = await buildApp({ config: ctx.config, db: sibling.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist' });
    await Promise.all([running.ready(), other.ready()]);
    try {
      const { user, token } = await agentWith(ctx, 1_000);
      const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
      const send = (app: typeof running) => app.inject({
        method: 'POST', url: `${API_BASE}${REWARDS_PATHS.redeem}`, payload: { product: option.id, value: option.valor_rings },
        headers: { ...bearer(token), 'idempotency-key': 'k-two-instances' },
      });
      const first = send(running);
      await until('the order', async () => (await ordersOf(ctx.db, user.id)).length === 1);
      ctx.clock.advance(STALL_MS);
      expect((await send(other)).statusCode).toBe(409);
      stalled.release();
      const answered = await first;
      expect((await send(other)).body).toBe(answered.body);
      expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    } finally {
      stalled.release();
      await Promise.all([running.close(), other.close()]);
      await sibling.close();
    }
  });
});

describe('a run whose answer was never stored (its instance died)', () => {
  it('is taken over at once, and the order it placed is the answer: no second order, no second debit', async () => {
    const stalled = new StalledProvider();
    const sibling = await openSibling(ctx.db);
    const dying = await buildApp({ config: ctx.config, db: sibling.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist', giftCards: stalled });
    await dying.ready();
    const { user, token } = await agentWith(ctx, 1_000);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
    const body = { product: option.id, value: option.valor_rings };
    void dying.inject({ method: 'POST', url: `${API_BASE}${REWARDS_PATHS.redeem}`, payload: body, headers: { ...bearer(token), 'idempotency-key': 'k-died' } })
      .catch(() => undefined);
    await until('the order', async () => (await ordersOf(ctx.db, user.id)).length === 1);
    // The instance is gone without a word (kill -9): its heartbeat row stops, as a killed one's would.
    const owner = await ctx.db.selectFrom('idempotency_records').select('owner').where('key', '=', 'k-died').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('server_instances').where('id', '=', owner.owner!).execute();

    const retry = await redeem(ctx, token, body, 'k-died');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ status: 'ok', message: 'Tu canje se está procesando. Lo verás en Mis Premios en unos minutos.' });
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect((await ledgerOf(ctx.db, user.id)).filter((row) => row.amount < 0)).toHaveLength(1);
    stalled.release();
    await dying.close().catch(() => undefined);
    await sibling.close();
  });
});

describe('a batch past its time budget', () => {
  it('starts no further action: the rest get no result, nothing of theirs is stored, and they go through when sent again', async () => {
    const stalled = new StalledProvider();
    const app = await buildApp({
      config: loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', SYNC_BATCH_BUDGET_MS: '100' }),
      db: ctx.db, clock: ctx.clock.now, logger: false, distDir: '/nonexistent-dist', giftCards: stalled,
    });
    await app.ready();
    try {
      const { user, token } = await agentWith(ctx, 1_000);
      const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
      const rest = [logAction('uno'), logAction('dos')];
      const acciones = [redeemAction(option.id, option.valor_rings), ...rest];
      const batch = app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones } });
      await until('the order', async () => (await ordersOf(ctx.db, user.id)).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      stalled.release();
      const answered = syncAnswerSchema.parse((await batch).json()).resultados;
      expect(answered.map((r) => [r.id, r.status])).toEqual([[acciones[0]!.id, 200]]);
      expect(await logEvents(user.id)).toHaveLength(0);

      const next = await app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones: rest } });
      expect(syncAnswerSchema.parse(next.json()).resultados.map((r) => r.status)).toEqual([200, 200]);
      expect(await logEvents(user.id)).toHaveLength(2);
    } finally {
      stalled.release();
      await app.close();
    }
  });
});
