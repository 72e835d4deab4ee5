// Import parsing off the request thread: at most two worker threads read spreadsheets while the
// API keeps answering; a third import waits briefly for a slot, then gets "busy" (503). Each
// worker has a heap cap and a time limit, and is retired after a large file, when its heap
// grew, or after a minute idle, so the memory a hostile file took is given back. Process-wide:
// every app in the process shares the same two slots. Never parses on the calling thread.
import { Worker } from 'node:worker_threads';
import type { ImportFileType } from '#server/db/schema';
import { createSlots, SlotsBusyError } from './import-slots.ts';
import type { ParseReply, ParseRequest } from './parse-worker.ts';
import type { ReadLimits, ReadOutcome } from './read-sheet.ts';

const WORKER_URL = new URL('./parse-worker.mjs', import.meta.url);
const PARALLEL = 2;
const MAX_WAITING = 4;
const WAIT_MS = 5_000;
const PARSE_TIMEOUT_MS = 30_000;
const HEAP_LIMIT_MB = 256;
/** A worker that read more than this, or whose heap grew past the second, is not reused. */
const RETIRE_AFTER_BYTES = 512 * 1024;
const RETIRE_AFTER_HEAP = 96 * 1024 * 1024;
const IDLE_MS = 60_000;

/** Why a file could not be parsed for reasons other than its content. */
export type PoolFailure = 'busy' | 'timeout' | 'out-of-memory';

export class ParsePoolError extends Error {
  constructor(readonly reason: PoolFailure, options?: ErrorOptions) {
    super(`Import parse failed: ${reason}`, options);
    this.name = 'ParsePoolError';
  }
}

const slots = createSlots({ size: PARALLEL, maxWaiting: MAX_WAITING, waitMs: WAIT_MS });
const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];

function forget(worker: Worker): void {
  const at = idle.findIndex((entry) => entry.worker === worker);
  if (at < 0) return;
  clearTimeout(idle[at]?.timer);
  idle.splice(at, 1);
}

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.worker;
  }
  // execArgv: [] — the bootstrap registers tsx itself; the parent's flags and hooks do not apply.
  const worker = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  // A worker that fails or ends while idle is dropped, never handed a file (runOn reports
  // failures during a parse; this listener only keeps an idle failure from crashing the server).
  worker.on('error', () => forget(worker)).once('exit', () => forget(worker));
  return worker;
}

function keepWorker(worker: Worker): void {
  worker.unref();
  const timer = setTimeout(() => {
    forget(worker);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

function runOn(worker: Worker, request: ParseRequest, transfer: ArrayBuffer[]): Promise<ParseReply> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const onMessage = (reply: ParseReply) => {
      done();
      resolve(reply);
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ParsePoolError('out-of-memory', { cause: error }) : error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`The import parse worker exited with code ${code}`));
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new ParsePoolError('timeout'));
    }, PARSE_TIMEOUT_MS);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.ref();
    worker.postMessage(request, transfer);
  });
}

/**
 * The rows of an import file, read in a worker; rejects with ParsePoolError when no slot frees
 * in time ('busy'), the file takes too long ('timeout') or too much memory ('out-of-memory').
 */
export async function parseInWorker(bytes: Uint8Array, type: ImportFileType, limits: ReadLimits): Promise<ReadOutcome> {
  let release: () => void;
  try {
    release = await slots.acquire();
  } catch (error) {
    if (error instanceof SlotsBusyError) throw new ParsePoolError('busy', { cause: error });
    throw error;
  }
  const worker = takeWorker();
  let reusable = false;
  try {
    // A copy the worker owns: the upload's buffer may share memory with other buffers.
    const copy = new Uint8Array(bytes);
    const reply = await runOn(worker, { bytes: copy, type, limits }, [copy.buffer]);
    reusable = bytes.byteLength <= RETIRE_AFTER_BYTES && reply.heapBytes <= RETIRE_AFTER_HEAP;
    return reply.outcome;
  } finally {
    if (reusable) keepWorker(worker);
    else void worker.terminate();
    release();
  }
}

/** Imports parsing right now (tests and diagnostics). */
export function parsesInFlight(): number {
  return slots.inUse();
}
