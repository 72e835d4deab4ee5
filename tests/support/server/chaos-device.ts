// A simulated phone for the chaos replay suite: a local outbox that speaks the client's protocol
// (src/offline/drain.ts: one row per action, its UUID as Idempotency-Key, the moment it happened
// as X-Occurred-At, signed with the sign-in's action key when queued; sent rows leave, network errors, 5xx, 409 and 429 stay for later, 401 waits
// for a credential), plus the faults real devices meet: going offline, lost responses, the same
// row sent twice at once, whole batches replayed, and batches sent out of order. Every request
// goes to a server chosen at random among those given (instances behind a load balancer, one
// of which may be restarting). Test-only.
import { randomUUID } from 'node:crypto';
import { ACTION_SIGNATURE_HEADER, signAction } from '#contract/action-signature';
import { IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common';
import type { Rng } from '#server/seed/prng';

export interface PlannedAction {
  path: string;
  body: unknown;
  occurredAt: Date;
}

interface Row extends PlannedAction {
  id: string;
  /** Signed with the user's action key when queued, as the app's outbox does. */
  signature: string | null;
}

export interface ChaosStats {
  sent: number;
  replayed: number;
  networkErrors: number;
  retriedLater: number;
  lostResponses: number;
  duplicates: number;
  reordered: number;
  ghostReplays: number;
  refusals: string[];
}

export const newStats = (): ChaosStats => ({
  sent: 0, replayed: 0, networkErrors: 0, retriedLater: 0, lostResponses: 0, duplicates: 0, reordered: 0, ghostReplays: 0, refusals: [],
});

type Outcome = 'ok' | 'keep' | 'offline';

export class ChaosDevice {
  readonly #outbox: Row[] = [];
  readonly #sent: Row[] = [];
  readonly #plan: PlannedAction[];
  #online = true;
  /** The full token until the user signs out, then the write-only sync token. */
  #token: string;

  constructor(
    readonly name: string,
    plan: PlannedAction[],
    private readonly credentials: { token: string; syncToken: string; actionKey: string },
    /** The instances' base URLs: each request picks one, as a load balancer would. */
    private readonly servers: () => readonly string[],
    private readonly rng: Rng,
    private readonly stats: ChaosStats,
    /** Called after every answered request: the suite restarts the server from here. */
    private readonly onAnswered: () => void,
  ) {
    this.#plan = [...plan];
    this.#token = credentials.token;
  }

  /** The instance this request goes to. */
  #baseUrl(): string {
    return this.rng.pick(this.servers());
  }

  get done(): boolean {
    return this.#plan.length === 0 && this.#outbox.length === 0;
  }

  get signedOut(): boolean {
    return this.#token === this.credentials.syncToken;
  }

  /** The user signs out: the full token is revoked (best effort), queued rows leave with the sync token. */
  async signOut(): Promise<void> {
    await fetch(`${this.#baseUrl()}/api/auth/logout`, { headers: { authorization: `Bearer ${this.#token}` } }).catch(() => undefined);
    this.#token = this.credentials.syncToken;
  }

  /** One moment of the device's life: maybe change connectivity, queue what the user did, try to send. */
  async tick(): Promise<void> {
    if (this.rng.chance(0.15)) this.#online = !this.#online;
    // The user keeps working offline: actions are queued whatever the network does.
    for (let n = this.rng.int(0, 4); n > 0 && this.#plan.length > 0; n--) {
      const action = this.#plan.shift()!;
      const id = randomUUID();
      const signature = await signAction(this.credentials.actionKey, {
        method: 'POST', url: `/api${action.path}`, idempotencyKey: id, occurredAt: action.occurredAt.toISOString(), bodyJson: JSON.stringify(action.body),
      });
      this.#outbox.push({ ...action, id, signature });
    }
    if (!this.#online) return;
    if (this.#sent.length > 0 && this.rng.chance(0.1)) await this.#ghostReplay();
    await this.#sendBatch();
  }

  async #sendBatch(): Promise<void> {
    const batch = this.#outbox.slice(0, this.rng.int(1, 5));
    if (batch.length > 1 && this.rng.chance(0.25)) {
      this.stats.reordered += 1;
      for (let i = batch.length - 1; i > 0; i--) {
        const j = this.rng.int(0, i);
        [batch[i], batch[j]] = [batch[j]!, batch[i]!];
      }
    }
    for (const row of batch) {
      const twice = this.rng.chance(0.1);
      if (twice) this.stats.duplicates += 1;
      const outcomes = await Promise.all(twice ? [this.#send(row), this.#send(row)] : [this.#send(row)]);
      if (outcomes.includes('ok')) {
        // The answer got lost on the way back: the row stays and will be sent again (a replay).
        if (this.rng.chance(0.1)) {
          this.stats.lostResponses += 1;
          continue;
        }
        this.#remove(row);
        this.#sent.push(row);
      }
      if (outcomes.includes('offline')) {
        this.#online = false;
        return;
      }
    }
  }

  /** A stale copy of the outbox (another tab, a restored backup) sends rows that already went. */
  async #ghostReplay(): Promise<void> {
    this.stats.ghostReplays += 1;
    for (let n = this.rng.int(1, 3); n > 0; n--) await this.#send(this.rng.pick(this.#sent));
  }

  async #send(row: Row): Promise<Outcome> {
    let response: Response;
    try {
      response = await fetch(`${this.#baseUrl()}/api${row.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.#token}`,
          [IDEMPOTENCY_HEADER]: row.id,
          [OCCURRED_AT_HEADER]: row.occurredAt.toISOString(),
          ...(row.signature ? { [ACTION_SIGNATURE_HEADER]: row.signature } : {}),
        },
        body: JSON.stringify(row.body),
      });
    } catch {
      this.stats.networkErrors += 1;
      return 'offline';
    }
    const text = await response.text();
    this.onAnswered();
    if (response.ok) {
      this.stats.sent += 1;
      if (response.headers.get('idempotent-replayed') === 'true') this.stats.replayed += 1;
      return 'ok';
    }
    if (response.status >= 500 || [401, 408, 409, 429].includes(response.status)) {
      this.stats.retriedLater += 1;
      return 'keep';
    }
    // The client would show this to the user and stop retrying: in this suite it must never happen.
    this.stats.refusals.push(`${this.name} ${row.path} ${response.status} ${text.slice(0, 160)}`);
    this.#remove(row);
    return 'keep';
  }

  #remove(row: Row): void {
    const at = this.#outbox.indexOf(row);
    if (at >= 0) this.#outbox.splice(at, 1);
  }
}
