// The outbox: writes that may happen offline, queued with the local change they cause.
// Owns enqueueing (runCommand) and the queries and actions the sync UI and screens need:
// nobody outside offline/ reads or changes outbox rows, and rows are found by their subject.
// Never sends anything itself (drain.ts does) and never drops a row without the user's say.
// No window, localStorage or React: the service worker imports it too.
import Dexie from 'dexie';
import { signAction, type SignedAction } from '#contract/action-signature';
import { API_BASE } from '#contract/common-constants';
import { actionKeyMetaKey, db, type CacheRow, type ImpecableDb, type OutboxMethod, type OutboxRow } from './db.ts';
import { requestDrain } from './drain-trigger.ts';
import { subjectOf, type OutboxSubject } from './outbox-subject.ts';

export type { OutboxRow, OutboxSubject };
export { subjectOf };

/** Tables a command's `apply` may touch; inside runCommand they belong to its transaction. */
export type CommandTables = Pick<ImpecableDb, 'cache' | 'meta'>;

export interface CommandRequest {
  method: OutboxMethod;
  /** Relative to API_BASE, e.g. '/crear-nickname'. */
  path: string;
  body?: unknown;
}

export interface RunCommandInput {
  userId: number;
  /** Short Spanish description shown in the sync UI, e.g. "Progreso de vídeo". */
  label: string;
  /** What the row is about, e.g. { kind: 'video-progress', videoId: 12 }: how it is found later. */
  subject: OutboxSubject;
  request: CommandRequest;
  /** Points this action is expected to bring (for "+15 IMPs pendientes"). */
  imps?: number;
  /** Cache keys this action changes. */
  affects?: string[];
  /** The optimistic local change, e.g. editing a cached snapshot. */
  apply?: (tables: CommandTables) => Promise<void>;
}

/**
 * Applies a write locally and queues it for the server, atomically: the local change and the
 * outbox row are written in ONE transaction, so the screen never shows a change that will not
 * be sent, and nothing is sent that the screen does not show. If `apply` throws, neither is
 * written and the error is rethrown.
 *
 * Offline: this succeeds exactly as online; the row waits in IndexedDB (across reloads and
 * sign-outs) until a drain reaches the server. Returns the row id (its Idempotency-Key).
 */
export async function runCommand(input: RunCommandInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const occurredAt = new Date(now).toISOString();
  const body = input.request.body ?? null;
  // Signed before the transaction: WebCrypto is not IndexedDB, and awaiting it inside would end it.
  const signature = await signRow(input.userId, { method: input.request.method, url: `${API_BASE}${input.request.path}`, idempotencyKey: id, occurredAt, bodyJson: JSON.stringify(body) });
  await db.transaction('rw', db.cache, db.outbox, db.meta, async () => {
    if (input.apply) await input.apply({ cache: db.cache, meta: db.meta });
    await db.outbox.add({
      id,
      userId: input.userId,
      method: input.request.method,
      path: input.request.path,
      body,
      occurredAt,
      imps: input.imps ?? 0,
      affects: input.affects ?? [],
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      label: input.label,
      subject: input.subject,
      signature,
    });
  });
  requestDrain();
  return id;
}

/** The row's signature with its user's action key, or null when this device holds none for them. */
async function signRow(userId: number, action: SignedAction): Promise<string | null> {
  try {
    const stored = (await db.meta.get(actionKeyMetaKey(userId)))?.value;
    return typeof stored === 'string' ? await signAction(stored, action) : null;
  } catch {
    // Unsigned, the row still leaves with the session while its user is signed in.
    return null;
  }
}

/** Helper for `apply`: changes one cached snapshot of this user, if it exists. */
export async function updateSnapshot<T>(
  tables: CommandTables,
  key: string,
  userId: number,
  change: (data: T) => T,
): Promise<void> {
  const row: CacheRow | undefined = await tables.cache.get(key);
  if (!row || row.userId !== userId) return;
  await tables.cache.put({ ...row, data: change(row.data as T) });
}

function pendingOf(userId: number) {
  return db.outbox.where('[userId+status]').equals([userId, 'pending']);
}

/** Rows waiting to be sent: one user's, or the whole device's. */
export function pendingCount(userId?: number): Promise<number> {
  if (userId === undefined) {
    return db.outbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).count();
  }
  return pendingOf(userId).count();
}

/** The user's rows waiting to be sent, oldest first (the sync line says what each is). */
export function pendingRows(userId: number): Promise<OutboxRow[]> {
  return pendingOf(userId).sortBy('seq');
}

/** Rows the server refused, oldest first, for the user to retry or discard. */
export async function failedRows(userId: number): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('[userId+status]').equals([userId, 'failed']).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Videos whose queued progress report the server refused (kept for the user to retry or discard). */
export async function refusedVideoIds(userId: number): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const row of await failedRows(userId)) {
    const subject = subjectOf(row);
    if (subject.kind === 'video-progress') ids.add(subject.videoId);
  }
  return ids;
}

/** The user gives up on a refused action. Only 'failed' rows can be discarded. */
export async function discardFailed(id: string): Promise<void> {
  await db.outbox.where('id').equals(id).and((row) => row.status === 'failed').delete();
}

/** The user asks to send a refused action again: it goes back in line, at its old place. */
export async function retryFailed(id: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .and((row) => row.status === 'failed')
    .modify({ status: 'pending', attempts: 0, nextAttemptAt: Date.now(), lastError: null });
  requestDrain();
}
