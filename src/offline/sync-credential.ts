// The device's write-only sync credentials: one per user, kept in `meta` under a 'device:'
// key so clearPersonalData leaves them, letting queued work leave after its user signed out.
// Owns when a credential is kept (its user is signed in, or has pending rows) and its
// revocation. Never reads or writes anything else, never holds a full session token, and
// never touches window, localStorage or React: the service worker drains with it.
import { actionKeyMetaKey, db, DEVICE_META_PREFIX, lastSyncAtKey } from './db.ts';
import { revokeToken as revokeSyncToken, type RevokeOptions } from './revoke-token.ts';

export type { RevokeOptions };

const KEY_PREFIX = `${DEVICE_META_PREFIX}sync-credential:`;

interface StoredCredential {
  token: string;
  /** Its user signed out: forget it once their last pending row has left. */
  signedOut: boolean;
}

export function syncCredentialKey(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

function isCredential(value: unknown): value is StoredCredential {
  return typeof value === 'object' && value !== null && typeof (value as StoredCredential).token === 'string';
}

function userIdOf(key: string): number {
  return Number(key.slice(KEY_PREFIX.length));
}

/**
 * Stores the sign-in's sync token (and the action key its rows are signed with) for `userId`, the device's user from now on: every other
 * user's credential counts as signed out (and goes once their queue is empty). A replaced
 * token of the same user is revoked, best effort. Resolves once stored; revocations go on.
 */
export async function saveSyncCredential(userId: number, token: string, options: RevokeOptions & { actionKey?: string } = {}): Promise<void> {
  const replaced = await db.transaction('rw', db.meta, async () => {
    // The key this user's rows are signed with while signed in: personal meta, gone at sign-out.
    if (options.actionKey) await db.meta.put({ key: actionKeyMetaKey(userId), value: options.actionKey });
    const previous = await db.meta.get(syncCredentialKey(userId));
    await db.meta
      .where('key')
      .startsWith(KEY_PREFIX)
      .and((row) => row.key !== syncCredentialKey(userId))
      .modify((row) => {
        if (isCredential(row.value)) row.value = { ...row.value, signedOut: true };
      });
    await db.meta.put({ key: syncCredentialKey(userId), value: { token, signedOut: false } satisfies StoredCredential });
    return isCredential(previous?.value) && previous.value.token !== token ? previous.value.token : null;
  });
  // Sign-in must not wait on the network for housekeeping: revocations go on in the background.
  if (replaced) void revokeSyncToken(replaced, options);
  void releaseSignedOutCredentials(options).catch(() => undefined);
}

/** The user's sync token, or null. Works offline and in the service worker. */
export async function syncTokenFor(userId: number): Promise<string | null> {
  const row = await db.meta.get(syncCredentialKey(userId));
  return isCredential(row?.value) ? row.value.token : null;
}

/** Deletes the user's credential here, then revokes it on the server (best effort, bounded). */
export async function forgetSyncCredential(userId: number, options: RevokeOptions = {}): Promise<void> {
  const token = await db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(syncCredentialKey(userId));
    await db.meta.delete(syncCredentialKey(userId));
    return isCredential(row?.value) ? row.value.token : null;
  });
  if (token) await revokeSyncToken(token, options);
}

/**
 * Sign-out: nobody is signed in on this device any more. Every credential is marked signed
 * out; those whose user has no pending row are forgotten and revoked at once, the others
 * stay until their queue drains (see releaseSignedOutCredentials).
 */
export async function signOutSyncCredentials(options: RevokeOptions = {}): Promise<number[]> {
  await db.meta
    .where('key')
    .startsWith(KEY_PREFIX)
    .modify((row) => {
      if (isCredential(row.value)) row.value = { ...row.value, signedOut: true };
    });
  return releaseSignedOutCredentials(options);
}

/**
 * After a drain: forgets and revokes the credential of every signed-out user whose pending
 * rows are all gone. Refused ('failed') rows do not keep a credential: only their user,
 * signed in again, may retry them. Returns the released user ids.
 */
export async function releaseSignedOutCredentials(options: RevokeOptions = {}): Promise<number[]> {
  // Check and delete in one transaction: a sign-in saving a fresh credential meanwhile is
  // either seen (not signed out) or written after the delete, never lost.
  const released = await db.transaction('rw', db.meta, db.outbox, async () => {
    const rows = await db.meta.where('key').startsWith(KEY_PREFIX).toArray();
    const found: Array<{ userId: number; token: string }> = [];
    for (const row of rows) {
      if (!isCredential(row.value)) {
        await db.meta.delete(row.key);
        continue;
      }
      if (!row.value.signedOut) continue;
      const userId = userIdOf(row.key);
      const pending = await db.outbox.where('[userId+status]').equals([userId, 'pending']).count();
      if (pending > 0) continue;
      // Their last sync time was written after sign-out, by this drain: it goes with them.
      await db.meta.bulkDelete([row.key, lastSyncAtKey(userId)]);
      found.push({ userId, token: row.value.token });
    }
    return found;
  });
  await Promise.all(released.map(({ token }) => revokeSyncToken(token, options)));
  return released.map(({ userId }) => userId);
}
