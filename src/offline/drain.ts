// Sends the outbox to the API: one pass over due rows, oldest first, one drain at a time.
// Owns the per-row outcome rules (sent, retry later, needs sign-in, refused) and the lock.
// Never reorders one user's rows, never drops a row the server did not accept, and never
// touches window, localStorage or React: the service worker runs this on Background Sync.
import Dexie from 'dexie';
import { ACTION_SIGNATURE_HEADER } from '#contract/action-signature';
import { API_BASE, IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER, apiErrorSchema } from '#contract/common';
import { db, lastSyncAtKey, type OutboxRow } from './db.ts';
import { surelyOffline } from './network.ts';

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

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

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

type Outcome = 'sent' | 'retry' | 'unauthorized' | 'refused';

/** Delay before attempt n+1 after n failures: 2 s · 2^(n-1), capped at 5 min, with jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  // Jitter in [50 %, 100 %] so many devices coming back online do not retry in lockstep.
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

let running: Promise<DrainSummary> | null = null;

/**
 * Sends due pending rows in order. Callers in this context join a running drain; other
 * contexts (tabs, the service worker) are kept out by a Web Lock and get `skipped: true`.
 * A running pass re-reads the outbox after each row, so rows queued meanwhile go out too.
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
  for (;;) {
    const row = await nextDueRow(blocked, options.ignoreBackoff ? Infinity : now());
    if (!row) break;
    if (!tokens.has(row.userId)) tokens.set(row.userId, await tokenFor(options, row.userId));
    const token = tokens.get(row.userId);
    if (!token) {
      blocked.add(row.userId);
      continue;
    }
    const outcome = await sendRow(row, token, options, now);
    if (outcome === 'sent') summary.sent += 1;
    if (outcome === 'refused') summary.failed += 1;
    if (outcome === 'sent' || outcome === 'refused') row.affects.forEach((key) => affected.add(key));
    if (outcome === 'unauthorized') options.onUnauthorized?.(row.userId, token);
    // Order within a user matters: after a retry or a 401, none of their later rows may overtake.
    if (outcome === 'retry' || outcome === 'unauthorized') blocked.add(row.userId);
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

/** The first pending row, in seq order, of a user not blocked; a row still backing off blocks its user. */
async function nextDueRow(blocked: Set<number>, dueBy: number): Promise<OutboxRow | undefined> {
  const pending = await db.outbox
    .where('[status+seq]')
    .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .toArray();
  for (const row of pending) {
    if (blocked.has(row.userId)) continue;
    if (row.nextAttemptAt <= dueBy) return row;
    blocked.add(row.userId);
  }
  return undefined;
}

async function sendRow(row: OutboxRow, token: string, options: DrainOptions, now: () => number): Promise<Outcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ''}${API_BASE}${row.path}`, {
      method: row.method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        [IDEMPOTENCY_HEADER]: row.id,
        [OCCURRED_AT_HEADER]: row.occurredAt,
        ...(row.signature ? { [ACTION_SIGNATURE_HEADER]: row.signature } : {}),
      },
      body: JSON.stringify(row.body),
      // A hung request would hold the drain lock for every tab.
      signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    await scheduleRetry(row, now(), `Sin conexión (${errorText(error)})`);
    return 'retry';
  }
  const text = await response.text().catch(() => '');
  if (response.ok) {
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.delete(row.seq);
      await db.meta.put({ key: lastSyncAtKey(row.userId), value: now() });
    });
    return 'sent';
  }
  const status = response.status;
  if (status === 401) return 'unauthorized';
  if (status >= 500 || [408, 409, 429].includes(status)) {
    await scheduleRetry(row, now(), serverError(text, status));
    return 'retry';
  }
  await db.outbox.update(row.seq, { status: 'failed', attempts: row.attempts + 1, lastError: serverError(text, status) });
  return 'refused';
}

async function scheduleRetry(row: OutboxRow, now: number, lastError: string): Promise<void> {
  const attempts = row.attempts + 1;
  await db.outbox.update(row.seq, { attempts, nextAttemptAt: now + backoffDelay(attempts), lastError });
}

/** The server's Spanish `error` text when the body has one, else "Error {status}". */
function serverError(text: string, status: number): string {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error;
  } catch {
    // Not JSON (a proxy's HTML page): fall through to the status.
  }
  return `Error ${status}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
