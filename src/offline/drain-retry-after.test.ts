import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from './db.ts';
import { drainOutbox } from './drain.ts';
import { ANA as ana, BEN as ben, drainHarness } from '#test-support/sync-stand-in';

// A busy server (503) or a spent write quota (429) says when to come back with Retry-After:
// the outbox never sends those rows again sooner, not even when the network returns, and
// spreads the devices told the same moment over up to half as long again.
const T0 = Date.now() + 60_000;

const { sync, options, queue } = drainHarness(T0);
beforeEach(() => resetDb());
afterEach(() => vi.restoreAllMocks());

const rows = () => db.outbox.orderBy('seq').toArray();
const busy = { status: 503, body: { success: false, error: 'El servidor está muy ocupado. Vuelve a intentarlo en unos segundos.' } };
const quota = { status: 429, body: { success: false, error: 'Demasiadas acciones en poco tiempo. Espera un momento y se enviarán solas.' } };

describe('drainOutbox and Retry-After', () => {
  it('keeps a whole batch back for the Retry-After of a 503, even when the network returns', async () => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    await queue(ben, '/c');
    const standIn = sync.api.reply;
    sync.api.reply = (req) => (req.headers.authorization === 'Bearer tok-ana' ? { ...busy, headers: { 'Retry-After': '120' } } : standIn(req));
    await drainOutbox(options());

    // Ben's batch went through; Ana's two rows wait for the server's two minutes.
    expect(sync.server.actions.map((s) => s.url)).toEqual(['/api/c']);
    const [a, b] = await rows();
    for (const row of [a!, b!]) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: busy.body.error });
      expect(row.nextAttemptAt).toBeGreaterThanOrEqual(T0 + 120_000);
      expect(row.nextAttemptAt).toBeLessThanOrEqual(T0 + 180_000);
    }
    sync.server.reset();
    // Ordinary passes and a pass that ignores the backoff (online, start-up) leave them be.
    await drainOutbox(options({ now: () => T0 + 119_000 }));
    await drainOutbox(options({ now: () => T0 + 119_000, ignoreBackoff: true }));
    expect(sync.server.actions).toEqual([]);
    await drainOutbox(options({ now: () => Math.max(a!.nextAttemptAt, b!.nextAttemptAt) }));
    expect(sync.server.actions.map((s) => s.url)).toEqual(['/api/a', '/api/b']);
  });

  it('spreads the devices told the same Retry-After over up to half as long again', async () => {
    await queue(ana, '/a');
    await queue(ben, '/b');
    sync.api.reply = () => ({ ...quota, headers: { 'Retry-After': '60' } });
    vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0).mockReturnValue(0.999);
    await drainOutbox(options());
    const [a, b] = await rows();
    expect(a!.nextAttemptAt - T0).toBe(60_000);
    expect(b!.nextAttemptAt - T0).toBeGreaterThan(89_000);
    expect(b!.nextAttemptAt - T0).toBeLessThanOrEqual(90_000);
  });

  it('reads an HTTP date on a row sent alone (a 429 from a server without /sync)', async () => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    sync.server.hasSync = false;
    const at = new Date(Math.ceil((T0 + 45_000) / 1000) * 1000);
    sync.server.route = () => ({ ...quota, headers: { 'Retry-After': at.toUTCString() } });
    await drainOutbox(options());
    expect(sync.server.actions.map((s) => s.url)).toEqual(['/api/a']);
    const [a, b] = await rows();
    expect(a).toMatchObject({ attempts: 1, lastError: quota.body.error });
    expect(a!.nextAttemptAt).toBeGreaterThanOrEqual(at.getTime());
    expect(b!.attempts).toBe(0);
    sync.server.reset();
    sync.server.hasSync = false;
    await drainOutbox(options({ now: () => at.getTime() - 1_000, ignoreBackoff: true }));
    expect(sync.server.actions).toEqual([]);
  });

  it('keeps its own backoff when it is longer than the Retry-After, and needs none without one', async () => {
    await queue(ana, '/a');
    await db.outbox.toCollection().modify({ attempts: 5 });
    sync.api.reply = () => ({ ...busy, headers: { 'Retry-After': '1' } });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    await drainOutbox(options());
    const [a] = await rows();
    // Sixth failure: 2 s · 2^5 = 64 s, with jitter near its top.
    expect(a!.nextAttemptAt - T0).toBeGreaterThan(63_000);
    // The server's 1 s is long past by the time the network returns: that pass may send it.
    sync.server.reset();
    await drainOutbox(options({ now: () => T0 + 2_000, ignoreBackoff: true }));
    expect(sync.server.actions.map((s) => s.url)).toEqual(['/api/a']);
  });
});
