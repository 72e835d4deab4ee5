// Which server instances are running: each one keeps a row in server_instances with a heartbeat
// (every HEARTBEAT_MS, by the database's own clock, so instances with different clocks agree).
// An instance whose heartbeat is older than DEAD_AFTER_MS, or that has no row, is gone (killed,
// crashed, or stopped: a clean stop deletes its row at once). The idempotency plugin asks this
// before it takes over a claim. On a PGlite folder, which one process holds (folder-lock.ts),
// every other row is an instance that died: they are forgotten at start, so its claims are
// taken over at once after a restart. Never decides anything from a client's clock.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { pgliteFolderOf } from '#server/db/open';
import type { Database } from '#server/db/schema';

export const HEARTBEAT_MS = 5_000;
/** Four missed heartbeats: a process that answers nothing for this long is taken for dead. */
export const DEAD_AFTER_MS = 20_000;
const STOP_TIMEOUT_MS = 2_000;
/** Rows of instances gone this long are deleted (a killed instance never deletes its own). */
const FORGET_AFTER = '1 day';

export interface InstanceRegistry {
  readonly id: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether `id` is still running, by its heartbeat. */
  isRunning(id: string): Promise<boolean>;
}

export function createInstanceRegistry(db: Kysely<Database>, onError: (error: unknown) => void): InstanceRegistry {
  const id = randomUUID();
  let timer: NodeJS.Timeout | null = null;

  let registered = false;

  /** The row, once (a database that is down at start is retried at each beat); then only updates. */
  async function register(): Promise<void> {
    await db.insertInto('server_instances').values({ id }).execute();
    registered = true;
    const soleProcess = pgliteFolderOf(db) !== null;
    await db.deleteFrom('server_instances').where('id', '<>', id)
      .$if(!soleProcess, (q) => q.where(sql<boolean>`heartbeat_at < now() - ${FORGET_AFTER}::interval`))
      .execute();
  }

  // Only ever updates once registered: an instance whose row is gone (taken for dead after a
  // long silence) stays dead to the others, and the claims it held may be taken over.
  const beat = () => (registered ? sql`UPDATE server_instances SET heartbeat_at = now() WHERE id = ${id}`.execute(db).then(() => undefined) : register());

  return {
    id,
    // Never holds up the start (a database that is down or silent must not keep the server from
    // answering /api/health): until the row exists, other instances take this one's claims for dead.
    async start() {
      void register().catch(onError);
      timer = setInterval(() => beat().catch(onError), HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      let giveUp: NodeJS.Timeout | undefined;
      const deleted = db.deleteFrom('server_instances').where('id', '=', id).execute().catch(() => undefined);
      // A silent database must not hold up a shutdown: the row then just stops beating.
      await Promise.race([deleted, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_TIMEOUT_MS)))]).finally(() => clearTimeout(giveUp));
    },
    async isRunning(other) {
      const { rows } = await sql<{ live: boolean }>`
        SELECT heartbeat_at > now() - ${`${DEAD_AFTER_MS} milliseconds`}::interval AS live
        FROM server_instances WHERE id = ${other}`.execute(db);
      return rows[0]?.live === true;
    },
  };
}
