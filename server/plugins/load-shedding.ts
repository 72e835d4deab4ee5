// Load shedding: one process works on at most `maxActiveRequests` API requests at once (and at
// most `maxActiveBatches` POST /api/sync batches, which cost up to a hundred writes each); the
// next ones wait in line, first come first served, for at most `maxQueueWaitMs`. A request that
// gets no turn by then is answered with 503, a Retry-After and a Spanish error, instead of
// waiting half a minute behind the others: the
// server keeps answering what it takes in within its time, and the outbox comes back later.
// Never holds back /api/health, /api/health/ready (a balancer must see the process and its
// database throughout) or the static app, nor what the process runs itself (app.inject: a
// batch's own actions, already admitted with their batch).
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import type { AdmissionLimits } from '#server/config';
import { appPlugin } from './plugin.ts';

export const OVERLOADED = 'El servidor está muy ocupado. Vuelve a intentarlo en unos segundos.';
/** What a shed request is told to wait; clients add their own jitter (src/offline/drain-send.ts). */
export const OVERLOAD_RETRY_AFTER_S = 5;

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore whose waits are bounded (its line, by the connections the server accepts). */
export class AdmissionGate {
  #active = 0;
  readonly #line: Waiter[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaitMs: number,
  ) {}

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#line.length;
  }

  /**
   * Resolves with a release function once admitted, or null when the wait ran out.
   * `abandoned` (the client hung up) takes a waiting request out of the line.
   */
  enter(abandoned?: AbortSignal): Promise<(() => void) | null> {
    if (this.#active < this.limit && this.#line.length === 0) return Promise.resolve(this.#admitted());
    if (this.maxWaitMs === 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.#line.indexOf(waiter);
        if (at >= 0) this.#line.splice(at, 1);
        clearTimeout(waiter.timer);
        abandoned?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        resolve(null);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(this.#admitted());
        },
        timer: setTimeout(onAbort, this.maxWaitMs),
      };
      this.#line.push(waiter);
      abandoned?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #admitted(): () => void {
    this.#active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      this.#line[0]?.admit();
    };
  }
}

/** Only requests from the network wait their turn: not health checks, the static app or app.inject. */
function gateOf(request: FastifyRequest, gates: { requests: AdmissionGate; batches: AdmissionGate }, exempt: Set<string>): AdmissionGate | null {
  if (!(request.raw.socket instanceof Socket)) return null;
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith(`${API_BASE}/`) || exempt.has(path)) return null;
  return request.routeOptions.config.carriesActions === true ? gates.batches : gates.requests;
}

function shed(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_S)).send({ success: false, error: OVERLOADED });
}

export const loadSheddingPlugin = appPlugin<{ limits: AdmissionLimits }>('load-shedding', async (app: FastifyInstance, { limits }) => {
  const gates = {
    requests: new AdmissionGate(limits.maxActiveRequests, limits.maxQueueWaitMs),
    batches: new AdmissionGate(limits.maxActiveBatches, limits.maxBatchQueueWaitMs),
  };
  const exempt = new Set([`${API_BASE}${SYSTEM_PATHS.health}`, `${API_BASE}${SYSTEM_PATHS.ready}`]);

  app.addHook('onRequest', async (request, reply) => {
    const gate = gateOf(request, gates, exempt);
    if (!gate) return;
    // 'close' comes once the answer is written or the client is gone, whichever is first.
    const hungUp = new AbortController();
    reply.raw.once('close', () => hungUp.abort());
    const release = await gate.enter(hungUp.signal);
    // Its answer's log line says 503: no line of its own, so an overload does not flood the log.
    if (!release) return shed(reply);
    if (hungUp.signal.aborted) release();
    else hungUp.signal.addEventListener('abort', release, { once: true });
  });
});
