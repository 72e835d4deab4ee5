import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '#contract/common';
import { SYNC_PATHS, type SyncAction } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { BATCH_ACTION_HEADER } from '#server/modules/sync/gate';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { TOO_MANY_WRITES } from './write-quota.ts';

// The per-user write quota, over real sockets as a device or a script sends: single queued
// writes and the actions of POST /api/sync batches draw from one allowance per user.
const NOW = new Date('2025-06-20T10:00:00Z');

async function serve(env: Record<string, string> = {}): Promise<{ ctx: TestContext; base: string }> {
  const ctx = await createTestApp({ now: NOW, env });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${API_BASE}` };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { success?: boolean; error?: string; resultados?: { status: number }[] };
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] };
}

function writer(base: string, agent: TestAgent) {
  const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };
  return {
    one: (text: string, key: string = randomUUID(), extra: Record<string, string> = {}) => send(`${base}${TRAINING_PATHS.logEvent}`, {
      method: 'POST', headers: { ...headers, 'idempotency-key': key, ...extra }, body: JSON.stringify({ action: text }),
    }),
    batch: (acciones: SyncAction[]) => send(`${base}${SYNC_PATHS.batch}`, { method: 'POST', headers, body: JSON.stringify({ acciones }) }),
  };
}

const actions = (count: number, text: string): SyncAction[] => Array.from({ length: count }, (_, i) => ({
  id: randomUUID(), method: 'POST', path: TRAINING_PATHS.logEvent, occurredAt: NOW.toISOString(), signature: null, body: { action: `${text} ${i}` },
}));

const statuses = (answers: Answer[]) => answers.map((a) => a.status);

describe('write quota (150 at once, then one a second)', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ({ ctx, base } = await serve({ WRITE_QUOTA_BURST: '150', WRITE_QUOTA_PER_MINUTE: '60' }));
  });
  afterAll(async () => {
    await ctx.close();
  });
  const stored = async (userId: number) =>
    (await ctx.db.selectFrom('log_events').select(ctx.db.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n;

  it('stops a script after its burst with 429 and Retry-After, stores nothing more, and leaves others alone', async () => {
    const script = await createAgent(ctx, 'Script');
    const other = await createAgent(ctx, 'Vecina');
    const send = writer(base, script);

    // A full batch, then single writes as fast as they go: each action of the batch counted once.
    const first = await send.batch(actions(100, 'Lote'));
    expect(first.status).toBe(200);
    expect(first.body.resultados!.every((r) => r.status === 200)).toBe(true);
    const singles: Answer[] = [];
    for (let i = 0; i < 60; i += 1) singles.push(await send.one(`Suelta ${i}`));
    expect(statuses(singles)).toEqual([...Array(50).fill(200), ...Array(10).fill(429)]);
    expect(singles.at(-1)).toEqual({ status: 429, retryAfter: '1', body: { success: false, error: TOO_MANY_WRITES } });

    // A batch is refused whole, saying when it would fit; the batch header from outside counts too.
    const refusedBatch = await send.batch(actions(10, 'Tarde'));
    expect(refusedBatch).toMatchObject({ status: 429, retryAfter: '10', body: { success: false, error: TOO_MANY_WRITES } });
    expect((await send.one('Disfrazada', randomUUID(), { [BATCH_ACTION_HEADER]: '1' })).status).toBe(429);
    expect(await stored(script.user.id)).toBe(150);

    expect((await writer(base, other).one('Mientras tanto')).status).toBe(200);

    // After the time it was told, the same batch goes through.
    ctx.clock.advance(10_000);
    expect((await send.batch(actions(10, 'Luego'))).status).toBe(200);
    expect((await send.one('Ya no')).status).toBe(429);
    expect(await stored(script.user.id)).toBe(160);
  });

  it('leaves no answer behind for a refused write: the same key goes through later', async () => {
    const agent = await createAgent(ctx, 'Paciente');
    const send = writer(base, agent);
    expect((await send.batch(actions(100, 'Cola'))).status).toBe(200);
    expect((await send.batch(actions(50, 'Cola bis'))).status).toBe(200);
    const key = randomUUID();
    const refused = await send.one('Reintento', key);
    expect(refused.status).toBe(429);
    ctx.clock.advance(Number(refused.retryAfter) * 1000);
    expect(await send.one('Reintento', key)).toMatchObject({ status: 200, body: { success: true } });
    expect(await stored(agent.user.id)).toBe(151);
  });

  it('does not count replayed answers, alone or in a batch', async () => {
    const agent = await createAgent(ctx, 'Repetida');
    const send = writer(base, agent);
    const queue = actions(50, 'Offline');
    expect((await send.batch(queue)).status).toBe(200);
    // The device lost the answers and sends the same batch again, twice, and one row alone five times.
    for (let i = 0; i < 2; i += 1) expect((await send.batch(queue)).body.resultados!.map((r) => r.status)).toEqual(Array(50).fill(200));
    const key = randomUUID();
    for (let i = 0; i < 5; i += 1) expect((await send.one('Una vez', key)).status).toBe(200);
    // 51 stored: 99 still fit.
    const more: Answer[] = [];
    for (let i = 0; i < 100; i += 1) more.push(await send.one(`Nueva ${i}`));
    expect(statuses(more)).toEqual([...Array(99).fill(200), 429]);
    expect(await stored(agent.user.id)).toBe(150);
  });
});

describe('write quota with the defaults', () => {
  it('accepts a device back online with a thousand queued actions, sent in batches of 100 at once', async () => {
    const { ctx, base } = await serve();
    try {
      const agent = await createAgent(ctx, 'Dia');
      const send = writer(base, agent);
      const answers: Answer[] = [];
      for (let i = 0; i < 10; i += 1) answers.push(await send.batch(actions(100, `Lote ${i}`)));
      expect(statuses(answers)).toEqual(Array(10).fill(200));
      expect(answers.flatMap((a) => a.body.resultados!.map((r) => r.status))).toEqual(Array(1000).fill(200));
    } finally {
      await ctx.close();
    }
  });
});
