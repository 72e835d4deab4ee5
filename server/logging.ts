// Server logs for two readers. Machines (a log collector, a file, production) get pino's JSON
// lines unchanged. A person at a terminal gets short lines instead: one per failed or slow
// request, warnings and errors, and a one-line count of the rest each minute, so the demo
// sign-in links printed at start stay on screen. Both pass through the same logger, serializers
// and redaction: a short line never shows what the JSON would hide.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

export type LogFormat = 'json' | 'pretty';

/** A request at least this slow is shown on its own even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;
const SUMMARY_EVERY_MS = 60_000;

/** LOG_FORMAT wins; "auto" means short lines only on a terminal, and never in production. */
export function chooseLogFormat(setting: Config['logFormat'], isProduction: boolean, stdoutIsTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTerminal && !isProduction ? 'pretty' : 'json';
}

const LEVEL_LABELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// pino's own fields, and the request's parts a request line already shows.
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err', 'req', 'res', 'responseTime', 'summary']);

type Entry = Record<string, unknown>;

const isObject = (value: unknown): value is Entry => typeof value === 'object' && value !== null;

function clockOf(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** "GET /api/imps 200 12 ms", or null when the entry is not a finished request. */
function requestText(entry: Entry): string | null {
  const { req, res, responseTime } = entry;
  if (!isObject(req) || !isObject(res) || typeof responseTime !== 'number') return null;
  return `${String(req.method)} ${String(req.url)} ${String(res.statusCode)} ${Math.round(responseTime)} ms`;
}

function summaryText(summary: Entry): string {
  const requests = Number(summary.requests);
  const failed = Number(summary.failed);
  const counted = `${requests} ${requests === 1 ? 'petición' : 'peticiones'}${failed > 0 ? `, ${failed} con error` : ''}`;
  return `último minuto: ${counted}; la más lenta ${Number(summary.slowestMs)} ms`;
}

/** Any other field as key=value; strings bare, anything else as JSON. */
function fieldsText(entry: Entry): string {
  return Object.entries(entry)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

/** An error's stack (which starts with its message), indented under its line. */
function errorText(err: unknown): string {
  if (!isObject(err)) return '';
  const text = typeof err.stack === 'string' ? err.stack : `${String(err.type ?? 'Error')}: ${String(err.message)}`;
  return `\n${text.replace(/^/gm, '    ')}`;
}

/**
 * One pino JSON line as a person reads it: "12:01:02 GET /api/imps 200 12 ms",
 * "12:01:02 closed signal=SIGTERM", an error with its stack below. A line that is not
 * JSON is passed through as it is.
 */
export function formatLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.trimEnd();
  }
  if (!isObject(entry)) return line.trimEnd();
  const label = LEVEL_LABELS[Number(entry.level)];
  const text = isObject(entry.summary) ? summaryText(entry.summary) : (requestText(entry) ?? String(entry.msg ?? ''));
  const parts = [clockOf(entry.time), label, text, fieldsText(entry)].filter(Boolean);
  return `${parts.join(' ')}${errorText(entry.err)}`;
}

/** A pino destination writing formatted lines to `out` (the terminal). */
export function terminalStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write: (line) => {
      out.write(`${formatLogLine(line)}\n`);
    },
  };
}

/**
 * Fastify's request log for a terminal: no "incoming request" line; a failed (4xx/5xx) or slow
 * request on one line of its own, every other at debug; and, with summarizeEvery, a count of
 * them all each minute.
 */
export class TerminalLogController extends LogController {
  #requests = 0;
  #failed = 0;
  #slowestMs = 0;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    this.#requests += 1;
    if (error || reply.statusCode >= 400) this.#failed += 1;
    this.#slowestMs = Math.max(this.#slowestMs, ms);
    const fields = { req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) };
    if (error || reply.statusCode >= 500) request.log.error(fields, 'request completed');
    else if (reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS) request.log.warn(fields, 'request completed');
    else request.log.debug(fields, 'request completed');
  }

  /** Logs the counts since the last summary (when there were requests) until the app closes. */
  summarizeEvery(app: FastifyInstance, everyMs = SUMMARY_EVERY_MS): void {
    const timer = setInterval(() => {
      if (this.#requests === 0) return;
      app.log.info({ summary: { requests: this.#requests, failed: this.#failed, slowestMs: this.#slowestMs } }, 'requests in the last minute');
      this.#requests = 0;
      this.#failed = 0;
      this.#slowestMs = 0;
    }, everyMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
