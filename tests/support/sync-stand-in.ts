// Test-only: the server side of POST /api/sync (src/contract/sync.ts) on top of the recording
// API stand-in: each action of a batch is answered by `route` as if it came alone, in order,
// stopping after the first answer the client must retry; `hasSync: false` plays an older
// server (404). Owns nothing the app uses; imported by *.test.ts files only.
import { ACTION_SIGNATURE_HEADER } from '#contract/action-signature';
import { API_BASE, IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common';
import { stopsBatch, SYNC_PATHS, type SyncBody, type SyncResult } from '#contract/sync';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DrainOptions } from '#offline/drain';
import { runCommand } from '#offline/outbox';
import { startTestApiServer, type Reply, type SeenRequest, type TestApiServer } from './api-server.ts';

export interface SyncStandIn {
  /** Every action the server ran, batched or alone, as the single request it stands for. */
  actions: SeenRequest[];
  /** The POST /api/sync requests, as sent. */
  batches: SeenRequest[];
  /** Each action's answer; 200 `{ success: true }` until set. */
  route: (action: SeenRequest) => Reply;
  /** False: a server from before batch sync (404 to /api/sync). */
  hasSync: boolean;
  /** A batch runs at most this many actions (the server's time budget); the rest get no result. */
  cutAfter: number;
  /** Back to the defaults (the API stand-in's records included). */
  reset: () => void;
}

const ok = (): Reply => ({ status: 200, body: { success: true } });
const BATCH_URL = `${API_BASE}${SYNC_PATHS.batch}`;

export function syncStandIn(api: TestApiServer): SyncStandIn {
  const standIn: SyncStandIn = {
    actions: [],
    batches: [],
    route: ok,
    hasSync: true,
    cutAfter: Infinity,
    reset: () => {
      api.reset();
      Object.assign(standIn, { actions: [], batches: [], route: ok, hasSync: true, cutAfter: Infinity });
      api.reply = answer;
    },
  };

  function runBatch(request: SeenRequest): Reply {
    standIn.batches.push(request);
    if (!standIn.hasSync) return { status: 404, body: { success: false, error: 'Recurso no encontrado' } };
    const resultados: SyncResult[] = [];
    let delayMs = 0;
    for (const action of (request.body as SyncBody).acciones) {
      if (resultados.length >= standIn.cutAfter) break;
      const alone: SeenRequest = {
        method: action.method,
        url: `${API_BASE}${action.path}`,
        headers: {
          authorization: request.headers.authorization,
          'content-type': 'application/json',
          [IDEMPOTENCY_HEADER.toLowerCase()]: action.id,
          [OCCURRED_AT_HEADER.toLowerCase()]: action.occurredAt,
          ...(action.signature === null ? {} : { [ACTION_SIGNATURE_HEADER.toLowerCase()]: action.signature }),
        },
        body: action.body,
      };
      standIn.actions.push(alone);
      const reply = standIn.route(alone);
      delayMs += reply.delayMs ?? 0;
      resultados.push({ id: action.id, status: reply.status, body: reply.body ?? {} });
      if (stopsBatch(reply.status)) break;
    }
    return { status: 200, body: { resultados }, delayMs };
  }

  function answer(request: SeenRequest): Reply {
    if (request.method === 'POST' && request.url === BATCH_URL) return runBatch(request);
    standIn.actions.push(request);
    return standIn.route(request);
  }

  api.reply = answer;
  return standIn;
}

/**
 * For a test file: one API stand-in speaking /api/sync, started before its tests, reset before
 * each and closed after them. Read `api` and `server` inside tests (they exist once started).
 */
export function startSyncServerPerFile(): { readonly api: TestApiServer; readonly server: SyncStandIn } {
  const harness = {} as { api: TestApiServer; server: SyncStandIn };
  beforeAll(async () => {
    harness.api = await startTestApiServer();
    harness.server = syncStandIn(harness.api);
  });
  afterAll(() => harness.api.close());
  beforeEach(() => harness.server.reset());
  return harness;
}

/** The drain suites' two users with their tokens. */
export const ANA = 1;
export const BEN = 2;
const TOKENS: Record<number, string> = { [ANA]: 'tok-ana', [BEN]: 'tok-ben' };

/**
 * What both drain suites share: the per-file stand-in, drain options against it at `now`, and
 * `queue`, which puts a plain POST of `path` in a user's outbox (its body names the path).
 */
export function drainHarness(now: number) {
  const sync = startSyncServerPerFile();
  return {
    sync,
    options: (extra: Partial<DrainOptions> = {}): DrainOptions =>
      ({ getToken: (userId) => TOKENS[userId] ?? null, baseUrl: sync.api.baseUrl, now: () => now, ...extra }),
    queue: (userId: number, path: string, affects: string[] = []) =>
      runCommand({ userId, label: path, subject: { kind: 'other' }, request: { method: 'POST', path, body: { path } }, affects }),
  };
}
