// The parse worker's body (a worker_threads thread, started by parse-pool.ts through
// parse-worker.mjs): reads one file per message and answers with its rows or why not, plus
// its heap size so the pool can retire a worker that grew. Never touches the database.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { ImportFileType } from '#server/db/schema';
import { readRows, type ReadLimits, type ReadOutcome } from './read-sheet.ts';

export interface ParseRequest {
  bytes: Uint8Array;
  type: ImportFileType;
  limits: ReadLimits;
}

export interface ParseReply {
  outcome: ReadOutcome;
  heapBytes: number;
}

parentPort?.on('message', (request: ParseRequest) => {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  const outcome = readRows(bytes, request.type, request.limits);
  const reply: ParseReply = { outcome, heapBytes: getHeapStatistics().used_heap_size };
  parentPort?.postMessage(reply);
});
