// A call-centre floor getting its Wi-Fi back: N simulated agents (Node clients, each with its
// own session token) replay their queued actions at the same moment through POST /api/sync, in
// batches, as a device does: in order, a batch at a time; an action the server says to retry
// (5xx, 408, 409, 429, 401) and those after it go again after a short backoff, a refused one
// (other 4xx) is dropped. Timed from the start to the last agent done; then every agent sends
// the same batches again (same keys), and the caller checks the database: 0 lost, 0 doubled.
import { randomUUID } from 'node:crypto';
import { API_BASE } from '#contract/common';
import { SYNC_PATHS, stopsBatch, type SyncAction, type SyncAnswer } from '#contract/sync';
import { round } from './lib/stats.ts';
import type { QueuedAction } from './outbox.ts';

export const SYNC_URL_PATH = `${API_BASE}${SYNC_PATHS.batch}`;
/** Actions per request: 20 queued actions leave in two batches, the second after the first's answer. */
export const FLOOR_BATCH = 10;
const DEADLINE_MS = 120_000;

export interface FloorAgent {
  token: string;
  actions: QueuedAction[];
}

export interface FloorPass {
  seconds: number;
  requests: number;
  /** Actions sent again after a retry answer, or after a batch left them without a result. */
  retried: number;
  accepted: number;
  refused: number;
  /** Actions with no final answer when the deadline ran out: lost, as far as the device knows. */
  unfinished: number;
  /** HTTP status of each action's final result, counted. */
  statuses: Record<string, number>;
  errors: string[];
}

export interface FloorReport {
  agents: number;
  actions: number;
  batch: number;
  /** False when the server has no POST /api/sync (404/405): nothing was measured. */
  available: boolean;
  first?: FloorPass;
  /** The same batches, same keys, sent again at once: every answer must be a replay. */
  again?: FloorPass;
}

/** One device: its queue in order, a batch at a time, until every action has a final answer. */
async function replayDevice(baseUrl: string, token: string, queue: SyncAction[], pass: FloorPass, deadline: number): Promise<void> {
  let next = 0;
  let attempt = 0;
  while (next < queue.length) {
    if (Date.now() > deadline) {
      pass.unfinished += queue.length - next;
      return;
    }
    const batch = queue.slice(next, next + FLOOR_BATCH);
    pass.requests += 1;
    let results: SyncAnswer['resultados'] = [];
    try {
      const res = await fetch(`${baseUrl}${SYNC_URL_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ acciones: batch }),
      });
      const text = await res.text();
      if (res.ok) results = (JSON.parse(text) as SyncAnswer).resultados;
      else if (pass.errors.length < 5) pass.errors.push(`lote ${res.status}: ${text.slice(0, 120)}`);
    } catch (error) {
      if (pass.errors.length < 5) pass.errors.push(error instanceof Error ? error.message : String(error));
    }
    let stoppedAt = batch.length;
    for (const [i, result] of results.entries()) {
      if (result.id !== batch[i]!.id || stopsBatch(result.status)) {
        stoppedAt = i;
        break;
      }
      pass.statuses[result.status] = (pass.statuses[result.status] ?? 0) + 1;
      if (result.status < 300) pass.accepted += 1;
      else pass.refused += 1;
    }
    stoppedAt = Math.min(stoppedAt, results.length);
    next += stoppedAt;
    if (stoppedAt < batch.length) {
      // What is left of the batch goes again, in order, after a backoff with jitter (as drain.ts).
      pass.retried += batch.length - stoppedAt;
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 * 2 ** attempt) * (0.5 + Math.random() * 0.5)));
    } else attempt = 0;
  }
}

async function replayFloor(baseUrl: string, devices: { token: string; queue: SyncAction[] }[]): Promise<FloorPass> {
  const pass: FloorPass = { seconds: 0, requests: 0, retried: 0, accepted: 0, refused: 0, unfinished: 0, statuses: {}, errors: [] };
  const started = performance.now();
  const deadline = Date.now() + DEADLINE_MS;
  // Every device starts at the same moment: the floor's Wi-Fi came back.
  await Promise.all(devices.map((d) => replayDevice(baseUrl, d.token, d.queue, pass, deadline)));
  pass.seconds = round((performance.now() - started) / 1000, 2);
  return pass;
}

export async function runFloor(options: { baseUrl: string; agents: FloorAgent[]; log: (line: string) => void }): Promise<FloorReport> {
  const devices = options.agents.map((agent) => ({
    token: agent.token,
    queue: agent.actions.map((a): SyncAction => ({ id: randomUUID(), method: a.method, path: a.path, occurredAt: a.occurredAt || new Date().toISOString(), signature: null, body: a.body })),
  }));
  const actions = devices.reduce((sum, d) => sum + d.queue.length, 0);
  const report: FloorReport = { agents: devices.length, actions, batch: FLOOR_BATCH, available: true };
  const probe = await fetch(`${options.baseUrl}${SYNC_URL_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${devices[0]!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ acciones: [] }),
  });
  await probe.arrayBuffer();
  if (probe.status === 404 || probe.status === 405) {
    options.log(`piso: POST ${SYNC_URL_PATH} no existe (${probe.status}); no medido`);
    return { ...report, available: false };
  }
  report.first = await replayFloor(options.baseUrl, devices);
  options.log(`piso: ${devices.length} agentes × ${actions / devices.length} acciones en ${report.first.seconds} s (${report.first.requests} peticiones, ${report.first.retried} reintentadas, ${report.first.refused} rechazadas, ${report.first.unfinished} sin terminar)`);
  report.again = await replayFloor(options.baseUrl, devices);
  options.log(`piso: las mismas otra vez en ${report.again.seconds} s (${JSON.stringify(report.again.statuses)})`);
  return report;
}
