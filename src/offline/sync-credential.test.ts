import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPersonalData } from './cache.ts';
import { db, lastSyncAtKey, resetDb } from './db.ts';
import { runCommand } from './outbox.ts';
import {
  forgetSyncCredential,
  releaseSignedOutCredentials,
  saveSyncCredential,
  signOutSyncCredentials,
  syncCredentialKey,
  syncTokenFor,
} from './sync-credential.ts';

const ana = 1;
const ben = 2;

/** Records revocations: GET /api/auth/logout with the token as bearer. */
function revokeRecorder() {
  const revoked: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(String(url)).toBe('/api/auth/logout');
    expect(init?.method ?? 'GET').toBe('GET');
    revoked.push(new Headers(init?.headers).get('Authorization')?.replace('Bearer ', '') ?? '');
    return new Response('{"success":true}', { status: 200 });
  });
  return { revoked, options: { fetch: fetch as typeof globalThis.fetch } };
}

const queue = (userId: number) => runCommand({ userId, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname', body: {} } });
const metaKeys = async () => (await db.meta.toArray()).map((row) => row.key).sort();

beforeEach(async () => {
  await resetDb();
});

describe('sync credentials', () => {
  it('are stored per user under a device: key and read back', async () => {
    const { options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    await queue(ana); // else ben's sign-in would release ana's credential
    await saveSyncCredential(ben, 'sync-ben', options);
    expect(syncCredentialKey(ana)).toBe('device:sync-credential:1');
    expect(await syncTokenFor(ana)).toBe('sync-ana');
    expect(await syncTokenFor(ben)).toBe('sync-ben');
    expect(await syncTokenFor(3)).toBeNull();
  });

  it('survive clearPersonalData, which takes the personal meta', async () => {
    const { options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    await db.meta.put({ key: lastSyncAtKey(ana), value: 1 });
    await clearPersonalData();
    expect(await metaKeys()).toEqual(['device:sync-credential:1']);
    expect(await syncTokenFor(ana)).toBe('sync-ana');
  });

  it('forget deletes the credential and revokes its token', async () => {
    const { revoked, options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    await forgetSyncCredential(ana, options);
    expect(await syncTokenFor(ana)).toBeNull();
    expect(revoked).toEqual(['sync-ana']);
  });

  it('forget works offline: the device forgets even when the revocation fails', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await forgetSyncCredential(ana, { fetch: offline });
    expect(await syncTokenFor(ana)).toBeNull();
    expect(offline).toHaveBeenCalledOnce();
  });

  it('a new sign-in of the same user revokes the replaced token', async () => {
    const { revoked, options } = revokeRecorder();
    await saveSyncCredential(ana, 'old', options);
    await saveSyncCredential(ana, 'new', options);
    expect(await syncTokenFor(ana)).toBe('new');
    await vi.waitFor(() => expect(revoked).toEqual(['old']));
  });
});

describe('after sign-out', () => {
  it('keeps only the credentials of users with pending rows', async () => {
    const { revoked, options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    await queue(ana);
    await saveSyncCredential(ben, 'sync-ben', options); // ben is the device's user now
    await vi.waitFor(() => expect(revoked).toEqual([]));
    expect(await signOutSyncCredentials(options)).toEqual([ben]);
    expect(revoked).toEqual(['sync-ben']);
    expect(await metaKeys()).toEqual(['device:sync-credential:1']);
  });

  it('releases a signed-out user’s credential once their last pending row is gone', async () => {
    const { revoked, options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    await queue(ana);
    await queue(ana);
    await signOutSyncCredentials(options);
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    await db.outbox.delete(first!.seq);
    expect(await releaseSignedOutCredentials(options)).toEqual([]);
    // A refused row does not keep the credential: only its user, signed in again, may retry it.
    await db.outbox.update(second!.seq, { status: 'failed' });
    expect(await releaseSignedOutCredentials(options)).toEqual([ana]);
    expect(revoked).toEqual(['sync-ana']);
    expect(await syncTokenFor(ana)).toBeNull();
  });

  it('never releases the credential of the user signed in now', async () => {
    const { options } = revokeRecorder();
    await saveSyncCredential(ana, 'sync-ana', options);
    expect(await releaseSignedOutCredentials(options)).toEqual([]);
    expect(await syncTokenFor(ana)).toBe('sync-ana');
  });

  it('a signed-out user signing in again keeps their fresh credential', async () => {
    const { options } = revokeRecorder();
    await saveSyncCredential(ana, 'first', options);
    await queue(ana);
    await signOutSyncCredentials(options);
    await saveSyncCredential(ana, 'second', options);
    await db.outbox.clear();
    expect(await releaseSignedOutCredentials(options)).toEqual([]);
    expect(await syncTokenFor(ana)).toBe('second');
  });
});
