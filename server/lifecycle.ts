// Graceful shutdown, shared by server.ts (SIGTERM/SIGINT) and its tests: stop taking new
// connections and finish the requests in flight (Fastify's close), let the running job finish
// without claiming another, and only then close the database. With WORKERS=n, the primary's
// supervision of its worker processes (restart on a crash, signal passed on at shutdown).
// Never exits the process itself.
import type { Cluster, Worker } from 'node:cluster';
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
  const drained = Promise.all([closeApp(app), runner.stop()]).then(() => 'clean' as const);
  const outcome = await Promise.race([drained, timedOut]);
  clearTimeout(timer);
  // The database closes last: a request or job still finishing needs it until the end.
  if (outcome === 'clean') await db.destroy();
  return outcome;
}

/** How often a closing server drops the connections that just finished their last request. */
const REAP_EVERY_MS = 100;

/**
 * Fastify's close, without waiting on keep-alive: Node closes the connections idle at the moment
 * of close, but one whose request was still in flight then stays open until its keep-alive
 * timeout (72 s; clients such as undici honour it), and the close waits for it. Those are
 * dropped as soon as their answer is sent.
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/** A crash loop (a bad deploy, an unreachable database) stops the server instead of spinning. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

export interface WorkerSupervisor {
  /** Passes the signal to every worker, waits for them all; 0 when every one closed cleanly. */
  stop(signal: NodeJS.Signals): Promise<number>;
}

interface SuperviseOptions {
  workers: number;
  /** Called once, when every first worker listens. */
  onReady: () => void;
  say: (line: string) => void;
  /** Called when the crash loop cap is reached, after the rest were stopped. */
  onGiveUp: (code: number) => void;
}

/**
 * WORKERS=n in the primary (server.ts): forks n processes that share the port (node:cluster
 * hands each connection to one of them) and starts another when one dies, up to MAX_RESTARTS
 * within RESTART_WINDOW_MS. Each worker shuts itself down gracefully on the signal (shutDown).
 */
export function superviseWorkers(cluster: Cluster, { workers, onReady, say, onGiveUp }: SuperviseOptions): WorkerSupervisor {
  let stopping: Promise<number> | null = null;
  let listening = 0;
  const restarts: number[] = [];
  const exitCodes: number[] = [];

  const stop = (signal: NodeJS.Signals): Promise<number> => {
    stopping ??= new Promise<number>((resolve) => {
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
      if (alive.length === 0) return resolve(Math.max(0, ...exitCodes));
      let left = alive.length;
      // A worker gives up on its own after SHUTDOWN_TIMEOUT_MS; this is the last resort.
      const killer = setTimeout(() => alive.forEach((w) => w.isDead() || w.process.kill('SIGKILL')), SHUTDOWN_TIMEOUT_MS + 5_000);
      for (const worker of alive) {
        worker.once('exit', (code, killedBy) => {
          exitCodes.push(killedBy ? 1 : code);
          if (--left === 0) {
            clearTimeout(killer);
            resolve(Math.max(0, ...exitCodes));
          }
        });
        worker.process.kill(signal);
      }
    });
    return stopping;
  };

  cluster.on('listening', (worker) => {
    say(`Proceso ${worker.process.pid} escuchando`);
    listening += 1;
    if (listening === workers) onReady();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
    const how = signal ? `señal ${signal}` : `código ${code}`;
    if (restarts.length > MAX_RESTARTS) {
      say(`El proceso ${worker.process.pid} terminó (${how}): ${restarts.length} caídas en un minuto, se detiene el servidor.`);
      void stop('SIGTERM').then(() => onGiveUp(1));
      return;
    }
    say(`El proceso ${worker.process.pid} terminó (${how}): se arranca otro.`);
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  return { stop };
}
