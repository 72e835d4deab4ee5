// Graceful shutdown, shared by server.ts (SIGTERM/SIGINT) and its tests: stop taking new
// connections and finish the requests in flight (Fastify's close), let the running job finish
// without claiming another, and only then close the database. Never exits the process itself.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

export interface Closable {
  app: FastifyInstance;
  runner: { stop(): Promise<void> };
  db: Kysely<Database>;
}

/** Requests and jobs that take longer than this are abandoned: the exit must come. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

export async function shutDown({ app, runner, db }: Closable, timeoutMs = SHUTDOWN_TIMEOUT_MS): Promise<'clean' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
  });
  // Both at once: a job does not wait for the last request, nor a request for the last job.
  const drained = Promise.all([app.close(), runner.stop()]).then(() => 'clean' as const);
  const outcome = await Promise.race([drained, timedOut]);
  clearTimeout(timer);
  // The database closes last: a request or job still finishing needs it until the end.
  if (outcome === 'clean') await db.destroy();
  return outcome;
}
