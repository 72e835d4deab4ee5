// How the drain talks to the API: a batch of one user's due rows in one POST /sync, or one
// row alone (servers without /sync), and what each answer does to the rows, written to
// IndexedDB in one transaction per request. Owns the outcome rules: sent → deleted (and the
// user's last sync noted), 401 → untouched until a sign-in, network errors, 5xx, 408, 409 and
// 429 → retried with backoff (and never before the Retry-After the server sent, spread out by
// jitter), other 4xx → refused. Never touches a row the server gave no
// answer for, and never touches window, localStorage or React (the service worker runs it).
import type { UpdateSpec } from 'dexie';
import { ACTION_SIGNATURE_HEADER } from '#contract/action-signature';
import { API_BASE, IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common-constants';
import { apiErrorSchema } from '#contract/common';
import { SYNC_PATHS } from '#contract/sync-constants';
import type { SyncAction, SyncResult } from '#contract/sync';
import { syncAnswerSchema } from '#contract/sync';
import { db, lastSyncAtKey, type OutboxRow } from './db.ts';

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** A Retry-After beyond this (a proxy's nonsense date) is read as this: the outbox never parks for days. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

export type Outcome = 'sent' | 'retry' | 'unauthorized' | 'refused';

/** Each row's outcome, in row order; rows after the last one got no answer and are untouched. */
export type BatchOutcome = Outcome[] | 'unsupported';

export interface SendContext {
  token: string;
  fetch?: typeof fetch;
  /** Origin prefix before API_BASE; '' on the page (same origin). */
  baseUrl?: string;
  now: () => number;
}

/** Delay before attempt n+1 after n failures: 2 s · 2^(n-1), capped at 5 min, with jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  // Jitter in [50 %, 100 %] so many devices coming back online do not retry in lockstep.
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/**
 * The wait a Retry-After header asks for, in ms from `now`: delay-seconds ("120") or an
 * HTTP date; null when there is none or it cannot be read. At most an hour.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  const wait = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(wait)) return null;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, wait));
}

/**
 * When a row the server asked to retry goes again: after its backoff, and never before the
 * server's Retry-After, which gets up to half as long again of jitter so the devices told the
 * same moment do not all come back at it. `notBefore` is that moment (0 without Retry-After).
 */
export function retrySchedule(attempts: number, retryAfter: number | null, now: number, random: () => number = Math.random) {
  const asked = retryAfter === null ? 0 : Math.round(retryAfter * (1 + random() * 0.5));
  return { nextAttemptAt: now + Math.max(backoffDelay(attempts, random), asked), notBefore: retryAfter === null ? 0 : now + asked };
}

const isRetry = (status: number) => status >= 500 || [408, 409, 429].includes(status);

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'unauthorized';
  return isRetry(status) ? 'retry' : 'refused';
}

function post(context: SendContext, path: string, init: RequestInit): Promise<Response> {
  const doFetch = context.fetch ?? globalThis.fetch.bind(globalThis);
  // A hung request would hold the drain lock for every tab.
  return doFetch(`${context.baseUrl ?? ''}${API_BASE}${path}`, { ...init, signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS) });
}

/** `retryAfter`: what the answer's Retry-After asked for, in ms (retried rows only). */
type Change = { row: OutboxRow; outcome: Outcome; error: string; retryAfter?: number | null };

/**
 * Writes what the server said about these rows in ONE transaction: sent rows leave (and the
 * user's last sync is noted), retried rows back off, refused rows are marked failed.
 */
async function applyChanges(changes: Change[], now: number): Promise<void> {
  const sent = changes.filter((c) => c.outcome === 'sent').map((c) => c.row.seq);
  const updates = changes.flatMap(({ row, outcome, error, retryAfter = null }): { key: number; changes: UpdateSpec<OutboxRow> }[] => {
    const attempts = row.attempts + 1;
    if (outcome === 'retry') return [{ key: row.seq, changes: { attempts, ...retrySchedule(attempts, retryAfter, now), lastError: error } }];
    if (outcome === 'refused') return [{ key: row.seq, changes: { status: 'failed', attempts, lastError: error } }];
    return [];
  });
  if (sent.length === 0 && updates.length === 0) return;
  await db.transaction('rw', db.outbox, db.meta, async () => {
    if (sent.length > 0) {
      await db.outbox.bulkDelete(sent);
      await db.meta.put({ key: lastSyncAtKey(changes[0]!.row.userId), value: now });
    }
    if (updates.length > 0) await db.outbox.bulkUpdate(updates);
  });
}

/** One row on its own route, with its headers: the protocol every server speaks. */
export async function sendRow(row: OutboxRow, context: SendContext): Promise<Outcome> {
  let response: Response;
  try {
    response = await post(context, row.path, {
      method: row.method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${context.token}`,
        [IDEMPOTENCY_HEADER]: row.id,
        [OCCURRED_AT_HEADER]: row.occurredAt,
        ...(row.signature ? { [ACTION_SIGNATURE_HEADER]: row.signature } : {}),
      },
      body: JSON.stringify(row.body),
    });
  } catch (error) {
    await applyChanges([{ row, outcome: 'retry', error: offlineError(error) }], context.now());
    return 'retry';
  }
  const text = await response.text().catch(() => '');
  const outcome = outcomeOf(response.status);
  const retryAfter = retryAfterMs(response.headers.get('retry-after'), context.now());
  await applyChanges([{ row, outcome, error: serverError(parseJson(text), response.status), retryAfter }], context.now());
  return outcome;
}

const actionOf = (row: OutboxRow): SyncAction => ({
  id: row.id, method: row.method, path: row.path, occurredAt: row.occurredAt, signature: row.signature ?? null, body: row.body,
});

/**
 * Rows of ONE user, in seq order, in one POST /sync. 'unsupported' when the server has no
 * /sync (404, 405) or refuses the batch as a whole (another 4xx, 413): the caller then sends
 * each row alone, where each gets its own verdict. A network error or an envelope the client
 * must retry (5xx, 408, 409, 429) backs every row off; a 401 leaves them all untouched.
 */
export async function sendBatch(rows: OutboxRow[], context: SendContext): Promise<BatchOutcome> {
  let response: Response;
  try {
    response = await post(context, SYNC_PATHS.batch, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${context.token}` },
      body: JSON.stringify({ acciones: rows.map(actionOf) }),
    });
  } catch (error) {
    return retryAll(rows, offlineError(error), context.now());
  }
  const text = await response.text().catch(() => '');
  const status = response.status;
  if (status === 401) return ['unauthorized'];
  if (isRetry(status)) {
    // A busy server (503) or a spent quota (429) says when to come back: every row waits for it.
    return retryAll(rows, serverError(parseJson(text), status), context.now(), retryAfterMs(response.headers.get('retry-after'), context.now()));
  }
  if (!response.ok) return 'unsupported';
  const answer = syncAnswerSchema.safeParse(parseJson(text));
  // A 200 that is no batch answer (a captive portal's page): nothing is known to have arrived.
  if (!answer.success) return retryAll(rows, `Error ${status}`, context.now());
  const results = new Map<string, SyncResult>(answer.data.resultados.map((result) => [result.id, result]));
  const changes: Change[] = [];
  for (const row of rows) {
    const result = results.get(row.id);
    if (!result) break;
    changes.push({ row, outcome: outcomeOf(result.status), error: serverError(result.body, result.status) });
  }
  await applyChanges(changes, context.now());
  return changes.map((change) => change.outcome);
}

async function retryAll(rows: OutboxRow[], error: string, now: number, retryAfter: number | null = null): Promise<Outcome[]> {
  await applyChanges(rows.map((row) => ({ row, outcome: 'retry', error, retryAfter })), now);
  return rows.map(() => 'retry');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // Not JSON (a proxy's HTML page).
  }
}

/** The server's Spanish `error` text when the body has one, else "Error {status}". */
function serverError(body: unknown, status: number): string {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : `Error ${status}`;
}

function offlineError(error: unknown): string {
  return `Sin conexión (${error instanceof Error ? error.message : String(error)})`;
}
