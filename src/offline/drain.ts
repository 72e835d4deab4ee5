// Sends the outbox to the API: one pass over due rows, oldest first, one drain at a time.
// Owns the pass (which rows go next, one token per user, a user's later rows waiting behind a
// retry or a 401) and the lock; drain-send.ts owns the requests and the outcome rules.
// Never reorders one user's rows, never drops a row the server did not accept, and never
// touches window, localStorage or React: the service worker runs this on Background Sync.
import Dexie from 'dexie';
import { MAX_SYNC_ACTIONS } from '#contract/sync-constants';
import { db, type OutboxRow } from './db.ts';
import { sendBatch, sendRow, type SendContext } from './drain-send.ts';
import { surelyOffline } from './network.ts';

export { backoffDelay } from './drain-send.ts';

export const DRAIN_LOCK_NAME = 'impecable-outbox-drain';
/** Background Sync tag the page registers and the service worker answers with a drain. */
export const OUTBOX_SYNC_TAG = 'impecable-outbox-drain';

/**
 * What the service worker tells its pages after a pass that sent or refused rows: a page's
 * own drain was skipped meanwhile (the worker held the lock), so it refreshes from this.
 */
export interface OutboxSyncedMessage {
  type: 'OUTBOX_SYNCED';
  summary: DrainSummary;
}

export function isOutboxSyncedMessage(data: unknown): data is OutboxSyncedMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'OUTBOX_SYNCED';
}

export interface DrainOptions {
  /** The bearer token that may send this user's rows; null skips them (sign-in needed). */
  getToken: (userId: number) => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Origin prefix before API_BASE; '' on the page (same origin). */
  baseUrl?: string;
  /** Send rows still backing off (the network just came back). */
  ignoreBackoff?: boolean;
  /** The server refused `token` (401): the caller may offer another one on the next pass. */
  onUnauthorized?: (userId: number, token: string) => void;
}

export interface DrainSummary {
  sent: number;
  failed: number;
  /** Pending rows left on the device after this pass, all users. */
  remaining: number;
  /** Cache keys to revalidate: of rows sent, and of rows refused (their optimistic change is wrong). */
  affected: string[];
  /** True when another drain (this or another tab, or the service worker) was already running. */
  skipped: boolean;
}

let running: Promise<DrainSummary> | null = null;

/**
 * Sends due pending rows in order, each user's in batches of up to MAX_SYNC_ACTIONS (one
 * request, one IndexedDB transaction each), or row by row to a server without /sync. Callers
 * in this context join a running drain; other contexts (tabs, the service worker) are kept
 * out by a Web Lock and get `skipped: true`. A running pass re-reads the outbox after each
 * request, so rows queued meanwhile go out too.
 */
export function drainOutbox(options: DrainOptions): Promise<DrainSummary> {
  running ??= withDrainLock(() => drainPass(options)).finally(() => {
    running = null;
  });
  return running;
}

async function withDrainLock(pass: () => Promise<DrainSummary>): Promise<DrainSummary> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return pass();
  const result = await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? pass() : null));
  return result ?? { sent: 0, failed: 0, remaining: await countPending(), affected: [], skipped: true };
}

/** Resolves once no context holds the drain lock (at once where there are no Web Locks). */
export async function whenDrainIdle(): Promise<void> {
  await globalThis.navigator?.locks?.request(DRAIN_LOCK_NAME, () => undefined);
}

function countPending(): Promise<number> {
  return db.outbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).count();
}

async function drainPass(options: DrainOptions): Promise<DrainSummary> {
  const now = options.now ?? Date.now;
  const summary: DrainSummary = { sent: 0, failed: 0, remaining: 0, affected: [], skipped: false };
  // Do not burn attempts while surely offline.
  if (surelyOffline()) return { ...summary, remaining: await countPending() };
  const blocked = new Set<number>();
  const tokens = new Map<number, string | null>();
  const affected = new Set<string>();
  // Once the server says it has no /sync (an older server), this pass sends row by row.
  let oneByOne = false;
  for (;;) {
    const rows = await nextDueRows(blocked, options.ignoreBackoff ? Infinity : now(), now(), oneByOne ? 1 : MAX_SYNC_ACTIONS);
    const userId = rows[0]?.userId;
    if (userId === undefined) break;
    if (!tokens.has(userId)) tokens.set(userId, await tokenFor(options, userId));
    const token = tokens.get(userId);
    if (!token) {
      blocked.add(userId);
      continue;
    }
    const context: SendContext = { token, fetch: options.fetch, baseUrl: options.baseUrl, now };
    const outcomes = oneByOne ? [await sendRow(rows[0]!, context)] : await sendBatch(rows, context);
    if (outcomes === 'unsupported') {
      oneByOne = true;
      continue;
    }
    outcomes.forEach((outcome, index) => {
      if (outcome === 'sent') summary.sent += 1;
      if (outcome === 'refused') summary.failed += 1;
      if (outcome === 'sent' || outcome === 'refused') rows[index]!.affects.forEach((key) => affected.add(key));
    });
    if (outcomes.includes('unauthorized')) options.onUnauthorized?.(userId, token);
    // Order within a user matters: after a retry or a 401, none of their later rows may overtake.
    // A batch the server cut short (its time budget) answered every row it ran: the rest go next,
    // in this pass; one that answered nothing waits like a retry.
    if (outcomes.length === 0 || outcomes.some((o) => o === 'retry' || o === 'unauthorized')) blocked.add(userId);
  }
  return { ...summary, affected: [...affected], remaining: await countPending() };
}

/** A token source that throws counts as "no token": that user's rows wait. */
async function tokenFor(options: DrainOptions, userId: number): Promise<string | null> {
  try {
    return await options.getToken(userId);
  } catch {
    return null;
  }
}

/**
 * Up to `limit` pending rows, in seq order, of the first user not blocked whose first row is
 * due; a row still backing off blocks its user (their later rows wait behind it). A row the
 * server asked to wait for (Retry-After, `notBefore`) is not due before then, whatever `dueBy`.
 */
async function nextDueRows(blocked: Set<number>, dueBy: number, now: number, limit: number): Promise<OutboxRow[]> {
  const picked: OutboxRow[] = [];
  // A cursor that stops as soon as the batch is decided: a long outbox is not read whole per batch.
  let decided = false;
  await db.outbox
    .where('[status+seq]')
    .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .until(() => decided)
    .each((row) => {
      if (blocked.has(row.userId) || (picked.length > 0 && row.userId !== picked[0]!.userId)) return;
      if (row.nextAttemptAt > dueBy || (row.notBefore ?? 0) > now) {
        blocked.add(row.userId);
        decided = picked.length > 0;
        return;
      }
      picked.push(row);
      decided = picked.length === limit;
    });
  return picked;
}
