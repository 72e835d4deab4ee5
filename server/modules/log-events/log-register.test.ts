import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEventAnswerSchema } from '#contract/training';
import { createAgent, queuedRowHeaders, syncCredential, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let agent: TestAgent;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  // Signed in at 8:00: queued events may be dated from then on.
  agent = await createAgent(ctx, 'Tomas', { signedInAt: new Date('2025-06-20T08:00:00Z') });
});
afterAll(async () => {
  await ctx.close();
});

const register = (payload: object, headers: Record<string, string> = {}, token = agent.token) =>
  ctx.app.inject({ method: 'POST', url: '/api/log/register', payload, headers: { ...bearer(token), ...headers } });
const events = async (userId = agent.user.id) => ctx.db.selectFrom('log_events').select(['action', 'occurred_at'])
  .where('user_id', '=', userId).orderBy('id').execute();

describe('POST /api/log/register', () => {
  it('stores the action with when it happened (X-Occurred-At)', async () => {
    const res = await register({ action: 'Clic banner home accesible' }, { 'x-occurred-at': '2025-06-20T08:30:00.000Z' });
    expect(res.statusCode).toBe(200);
    expect(logEventAnswerSchema.parse(res.json())).toEqual({ success: true });
    expect(await events()).toEqual([{ action: 'Clic banner home accesible', occurred_at: new Date('2025-06-20T08:30:00Z') }]);
  });

  it('never dates an event before the session that sends it began', async () => {
    const fresh = await createAgent(ctx, 'Vera', { signedInAt: new Date('2025-06-20T09:00:00Z') });
    await register({ action: 'Clic banner home accesible' }, { 'x-occurred-at': '2025-06-19T18:30:00.000Z' }, fresh.token);
    expect(await events(fresh.user.id)).toEqual([{ action: 'Clic banner home accesible', occurred_at: new Date('2025-06-20T09:00:00Z') }]);
  });

  it('uses now without the header, and trims the action', async () => {
    const fresh = await createAgent(ctx, 'Ursula');
    await register({ action: '  Fin video 2 Accesible ' }, {}, fresh.token);
    expect(await events(fresh.user.id)).toEqual([{ action: 'Fin video 2 Accesible', occurred_at: NOW }]);
  });

  it('stores a replayed outbox item once', async () => {
    const fresh = await createAgent(ctx, 'Victor');
    const headers = { 'idempotency-key': '0b5e1c3a-0000-4000-8000-000000000042', 'x-occurred-at': '2025-06-20T09:00:00.000Z' };
    const first = await register({ action: 'Clic vídeo 2 Accesible' }, headers, fresh.token);
    const replay = await register({ action: 'Clic vídeo 2 Accesible' }, headers, fresh.token);
    expect(replay.body).toBe(first.body);
    expect(await events(fresh.user.id)).toHaveLength(1);
  });

  it('accepts the write-only sync credential', async () => {
    const fresh = await createAgent(ctx, 'Wendy');
    const sync = await syncCredential(ctx, fresh.user);
    const payload = { action: 'Finaliza quizz 1 Accesible' };
    const headers = await queuedRowHeaders(sync.token, sync.actionKey, { url: '/api/log/register', body: payload, occurredAt: ctx.clock.now() });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/log/register', payload, headers })).statusCode).toBe(200);
    expect(await events(fresh.user.id)).toHaveLength(1);
  });

  it.each([
    ['an empty action', { action: '   ' }],
    ['a missing action', {}],
    ['an action over 200 characters', { action: 'x'.repeat(201) }],
  ])('answers 400 for %s', async (_name, payload) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('action') });
  });
});
