// The job runner: takes due rows from the jobs table with FOR UPDATE SKIP LOCKED (so any
// number of server instances can share one PostgreSQL without running a job twice), runs
// the registered handler, and retries failures with exponential backoff up to maxAttempts.
// Only claims kinds it has a handler for. Jobs run one after another, except kinds registered
// with alongside() (slow network work: a push), which run beside the loop up to their limit, so
// a service that hangs until its timeout never holds up the other kinds. Handlers must be idempotent: a crash after the
// work but before "done" runs the job again once its lock goes stale. The only writer of the
// jobs table: modules queue (enqueueJob) and cancel (cancelJob) through it.
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '#server/db/schema';

export type JobHandler = ((payload: unknown, job: JobRow) => Promise<void>) & {
  /** Set by alongside(): jobs of this kind run beside the loop, at most this many at once. */
  readonly concurrency?: number;
};

/** A handler whose jobs run beside the runner's loop, at most `limit` at once per runner. */
export function alongside(handler: (payload: unknown, job: JobRow) => Promise<void>, limit: number): JobHandler {
  return Object.assign((payload: unknown, job: JobRow) => handler(payload, job), { concurrency: limit });
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  clock?: () => Date;
  pollIntervalMs?: number;
  maxAttempts?: number;
  /** A 'running' job locked longer than this belonged to a dead process: claim it again. */
  lockTimeoutMs?: number;
  logger?: Logger;
}

/** 10 s, 20 s, 40 s … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

export async function enqueueJob(
  db: Kysely<Database>,
  job: { kind: string; payload?: unknown; runAt?: Date; uniqueKey?: string },
): Promise<number | null> {
  const row = await db.insertInto('jobs').values({
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? {}),
    run_at: job.runAt ?? new Date(),
    unique_key: job.uniqueKey ?? null,
  }).onConflict((oc) => oc.column('unique_key').doNothing()).returning('id').executeTakeFirst();
  return row?.id ?? null;
}

/** Queues many jobs in one statement (an event's pushes); a job whose unique key is taken is skipped. */
export async function enqueueJobs(
  db: Kysely<Database>,
  jobs: readonly { kind: string; payload?: unknown; runAt?: Date; uniqueKey?: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await db.insertInto('jobs').values(jobs.map((job) => ({
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? {}),
    run_at: job.runAt ?? new Date(),
    unique_key: job.uniqueKey ?? null,
  }))).onConflict((oc) => oc.column('unique_key').doNothing()).execute();
}

/** Forgets finished jobs of these kinds created before `before` (an event's pushes): the table stays small. */
export async function purgeFinishedJobs(db: Kysely<Database>, kinds: readonly string[], before: Date): Promise<void> {
  await db.deleteFrom('jobs').where('kind', 'in', kinds).where('status', 'in', ['done', 'failed']).where('created_at', '<', before).execute();
}

/**
 * Drops a queued job by its unique key: its work was done another way (a prize order settled
 * by the request itself). A job already running or finished is left alone.
 */
export async function cancelJob(db: Kysely<Database>, uniqueKey: string): Promise<void> {
  await db.deleteFrom('jobs').where('unique_key', '=', uniqueKey).where('status', '=', 'queued').execute();
}

/** Drops every queued job of `kind` (a seed that sets that work itself). Running or finished ones stay. */
export async function cancelQueuedJobs(db: Kysely<Database>, kind: string): Promise<void> {
  await db.deleteFrom('jobs').where('kind', '=', kind).where('status', '=', 'queued').execute();
}

/**
 * Keeps a long job's lock fresh while its handler is alive, so no other instance takes it as
 * stale; a job no longer running (finished, or taken back) is left alone.
 */
export async function renewJobLock(db: Kysely<Database>, jobId: number, now: Date): Promise<void> {
  await db.updateTable('jobs').set({ locked_at: now }).where('id', '=', jobId).where('status', '=', 'running').execute();
}

export class JobRunner {
  readonly #db: Kysely<Database>;
  readonly #options: Required<Omit<JobRunnerOptions, 'logger'>> & { logger?: Logger };
  #timer: NodeJS.Timeout | null = null;
  #current: Promise<unknown> = Promise.resolve();
  #running = false;
  /** Set by stop(): the job in hand finishes, no further job is claimed. */
  #stopping = false;
  /** Jobs running beside the loop (alongside()), by kind. */
  readonly #beside = new Map<string, Set<Promise<void>>>();

  constructor(db: Kysely<Database>, options: JobRunnerOptions) {
    this.#db = db;
    this.#options = { clock: () => new Date(), pollIntervalMs: 1_000, maxAttempts: 5, lockTimeoutMs: 15 * 60_000, ...options };
  }

  /** Claims one due job, marking it running; null when nothing is due (kinds running at their limit are left). */
  async claimNext(): Promise<JobRow | null> {
    const kinds = Object.keys(this.#options.handlers).filter((kind) => !this.#atLimit(kind));
    if (kinds.length === 0) return null;
    const now = this.#options.clock();
    const staleBefore = new Date(now.getTime() - this.#options.lockTimeoutMs);
    const claimed = await this.#db.updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) => eb.selectFrom('jobs').select('id')
        .where('kind', 'in', kinds)
        .where((w) => w.or([
          w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]),
          w.and([w('status', '=', 'running'), w('locked_at', '<', staleBefore)]),
        ]))
        .orderBy('run_at').orderBy('id')
        .limit(1)
        .forUpdate().skipLocked())
      .returningAll()
      .executeTakeFirst();
    return claimed ?? null;
  }

  async #execute(job: JobRow): Promise<void> {
    const handler = this.#options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await this.#db.updateTable('jobs').set({ status: 'done', locked_at: null, last_error: null }).where('id', '=', job.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= this.#options.maxAttempts;
      const retryAt = new Date(this.#options.clock().getTime() + backoffMs(job.attempts));
      await this.#db.updateTable('jobs')
        .set({ status: failed ? 'failed' : 'queued', locked_at: null, last_error: message.slice(0, 2000), ...(failed ? {} : { run_at: retryAt }) })
        .where('id', '=', job.id).execute();
      this.#options.logger?.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, failed ? 'job failed for good' : 'job failed, will retry');
    }
  }

  #atLimit(kind: string): boolean {
    const limit = this.#options.handlers[kind]?.concurrency;
    return limit !== undefined && (this.#beside.get(kind)?.size ?? 0) >= limit;
  }

  #runBeside(job: JobRow): void {
    const running = this.#beside.get(job.kind) ?? new Set<Promise<void>>();
    this.#beside.set(job.kind, running);
    const work: Promise<void> = this.#execute(job)
      .catch((error: unknown) => this.#options.logger?.error({ jobId: job.id, kind: job.kind, err: error }, 'job could not be recorded'))
      .finally(() => running.delete(work));
    running.add(work);
  }

  /**
   * Runs due jobs until none is due (or `limit` ran), one after another, those of alongside()
   * kinds beside them; returns when all it started have ended, with how many it started.
   */
  async runOnce(limit = 100): Promise<number> {
    let ran = 0;
    while (ran < limit && !this.#stopping) {
      const job = await this.claimNext();
      if (job) {
        ran++;
        if (this.#options.handlers[job.kind]?.concurrency === undefined) await this.#execute(job);
        else this.#runBeside(job);
        continue;
      }
      const beside = [...this.#beside.values()].flatMap((running) => [...running]);
      if (beside.length === 0) break;
      // Nothing the loop may take now: look again when one beside it ends, or a poll later.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([...beside, new Promise((resolve) => (timer = setTimeout(resolve, this.#options.pollIntervalMs)))]);
      clearTimeout(timer);
    }
    await Promise.all([...this.#beside.values()].flatMap((running) => [...running]));
    return ran;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    const tick = () => {
      this.#current = this.runOnce()
        .catch((error: unknown) => this.#options.logger?.error({ err: error }, 'job runner tick failed'))
        .finally(() => {
          if (this.#running) this.#timer = setTimeout(tick, this.#options.pollIntervalMs);
        });
    };
    this.#timer = setTimeout(tick, 0);
  }

  /**
   * Stops polling and waits for the jobs in progress to finish (graceful shutdown): no new job
   * is claimed, so nothing is left 'running' for the stale-lock timeout to rescue.
   */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#current;
  }
}
