import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from './db.ts';
import { DRAIN_LOCK_NAME, drainOutbox, type DrainOptions } from './drain.ts';
import { runCommand } from './outbox.ts';
import { startSyncServerPerFile } from '#test-support/sync-stand-in';

// One drain at a time across a page, its tabs and the service worker.
const ana = 1;

const sync = startSyncServerPerFile();
beforeEach(() => resetDb());
afterEach(() => vi.unstubAllGlobals());

function options(): DrainOptions {
  return { getToken: () => 'tok', baseUrl: sync.api.baseUrl };
}

function queue(path: string) {
  return runCommand({ userId: ana, label: path, subject: { kind: 'other' }, request: { method: 'POST', path, body: {} } });
}

const paths = () => sync.server.actions.map((s) => s.url);

describe('drainOutbox, one at a time', () => {
  it('runs one drain at a time: concurrent calls send each row once', async () => {
    await queue('/a');
    await queue('/b');
    sync.server.route = () => ({ status: 200, delayMs: 30 });
    const [one, two] = await Promise.all([drainOutbox(options()), drainOutbox(options())]);
    expect(paths()).toEqual(['/api/a', '/api/b']);
    expect(one).toEqual(two);
    expect(one.sent).toBe(2);
  });

  it('picks up rows queued while it runs', async () => {
    await queue('/a');
    sync.server.route = (req) => ({ status: 200, delayMs: req.url === '/api/a' ? 50 : 0 });
    const running = drainOutbox(options());
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queue('/b');
    expect((await running).sent).toBe(2);
    expect(paths()).toEqual(['/api/a', '/api/b']);
  });

  it('stands aside when another context holds the Web Lock', async () => {
    const held = new Set<string>();
    const locks = {
      async request(name: string, opts: { ifAvailable?: boolean }, cb: (lock: { name: string } | null) => unknown) {
        if (held.has(name)) return opts.ifAvailable ? cb(null) : Promise.reject(new Error('unsupported in fake'));
        held.add(name);
        try {
          return await cb({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    vi.stubGlobal('navigator', { locks, onLine: true });
    await queue('/a');
    let release = () => {};
    const otherTab = locks.request(DRAIN_LOCK_NAME, {}, () => new Promise<void>((resolve) => (release = resolve)));
    expect(await drainOutbox(options())).toEqual({ sent: 0, failed: 0, remaining: 1, affected: [], skipped: true });
    release();
    await otherTab;
    expect((await drainOutbox(options())).sent).toBe(1);
  });

  it('does not spend attempts while the browser says it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await queue('/a');
    expect(await drainOutbox(options())).toMatchObject({ sent: 0, remaining: 1 });
    expect(paths()).toEqual([]);
    expect((await db.outbox.toArray())[0]!.attempts).toBe(0);
  });
});
