import { EventEmitter } from 'node:events';
import type { Cluster } from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { MAX_RESTARTS, superviseWorkers } from './lifecycle';

// The primary's supervision (WORKERS=n) against a stand-in for node:cluster: which workers it
// forks, when it forks another, when it gives up, and what stop() passes on and reports.
// server/suites/multi-instance.test.ts runs the real thing on PostgreSQL.
class FakeWorker extends EventEmitter {
  dead = false;
  readonly signals: string[] = [];
  readonly process: { pid: number; kill: (signal: string) => void };

  constructor(pid: number, readonly exitCodeOnSignal: number) {
    super();
    this.process = {
      pid,
      kill: (signal) => {
        this.signals.push(signal);
        queueMicrotask(() => this.exit(this.exitCodeOnSignal, null));
      },
    };
  }

  isDead(): boolean {
    return this.dead;
  }

  exit(code: number, signal: string | null): void {
    if (this.dead) return;
    this.dead = true;
    this.emit('exit', code, signal);
  }
}

function fakeCluster(exitCodeOnSignal = 0) {
  const emitter = new EventEmitter();
  const workers: Record<number, FakeWorker> = {};
  let pid = 100;
  const cluster = Object.assign(emitter, {
    workers,
    fork: () => {
      const worker = new FakeWorker(++pid, exitCodeOnSignal);
      workers[pid] = worker;
      worker.on('exit', (code: number, signal: string | null) => {
        delete workers[worker.process.pid];
        emitter.emit('exit', worker, code, signal);
      });
      return worker;
    },
  });
  const crash = (worker: FakeWorker) => worker.exit(1, 'SIGKILL');
  const listen = (worker: FakeWorker) => emitter.emit('listening', worker);
  return { cluster: cluster as unknown as Cluster, workers, crash, listen };
}

function supervise(fake: ReturnType<typeof fakeCluster>, workers = 2) {
  const said: string[] = [];
  let ready = 0;
  const gaveUp: number[] = [];
  const supervisor = superviseWorkers(fake.cluster, { workers, onReady: () => (ready += 1), say: (line) => said.push(line), onGiveUp: (code) => gaveUp.push(code) });
  return { supervisor, said, ready: () => ready, gaveUp };
}

describe('superviseWorkers', () => {
  it('forks n workers and is ready once all of them listen', () => {
    const fake = fakeCluster();
    const run = supervise(fake, 3);
    const started = Object.values(fake.workers);
    expect(started).toHaveLength(3);
    started.slice(0, 2).forEach(fake.listen);
    expect(run.ready()).toBe(0);
    fake.listen(started[2]!);
    expect(run.ready()).toBe(1);
  });

  it('starts another worker when one dies, and says so in Spanish', () => {
    const fake = fakeCluster();
    const run = supervise(fake);
    const [first] = Object.values(fake.workers);
    fake.crash(first!);
    expect(Object.values(fake.workers)).toHaveLength(2);
    expect(run.said).toContain(`El proceso ${first!.process.pid} terminó (señal SIGKILL): se arranca otro.`);
    expect(run.gaveUp).toEqual([]);
  });

  it('gives up on a crash loop: stops the rest and exits 1', async () => {
    const fake = fakeCluster();
    const run = supervise(fake);
    for (let i = 0; i <= MAX_RESTARTS; i++) fake.crash(Object.values(fake.workers)[0]!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(run.gaveUp).toEqual([1]);
    expect(Object.values(fake.workers)).toEqual([]);
    expect(run.said.at(-1)).toMatch(/caídas en un minuto, se detiene el servidor/);
  });

  it('stop passes the signal to every worker, forks none, and reports an unclean exit', async () => {
    const fake = fakeCluster(1);
    const run = supervise(fake);
    const started = Object.values(fake.workers);
    expect(await run.supervisor.stop('SIGTERM')).toBe(1);
    expect(started.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM']]);
    expect(Object.values(fake.workers)).toEqual([]);
  });

  it('stop answers 0 when every worker closed cleanly', async () => {
    const fake = fakeCluster(0);
    expect(await supervise(fake).supervisor.stop('SIGINT')).toBe(0);
  });
});
