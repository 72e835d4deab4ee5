import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine, SLOW_REQUEST_MS, TerminalLogController, terminalStream } from './logging';

const at = (h: number, m: number, s: number) => new Date(2025, 5, 20, h, m, s).getTime();

describe('chooseLogFormat', () => {
  it.each<[string, Parameters<typeof chooseLogFormat>, 'json' | 'pretty']>([
    ['a terminal outside production: short lines', ['auto', false, true], 'pretty'],
    ['not a terminal (a pipe, a file, a collector): JSON', ['auto', false, false], 'json'],
    ['production, even on a terminal: JSON', ['auto', true, true], 'json'],
    ['LOG_FORMAT=json on a terminal', ['json', false, true], 'json'],
    ['LOG_FORMAT=pretty into a pipe', ['pretty', false, false], 'pretty'],
    ['LOG_FORMAT=pretty in production', ['pretty', true, false], 'pretty'],
  ])('%s', (_name, args, expected) => {
    expect(chooseLogFormat(...args)).toBe(expected);
  });
});

describe('formatLogLine', () => {
  const line = (entry: Record<string, unknown>) => `${JSON.stringify({ pid: 7, hostname: 'h', time: at(12, 1, 2), ...entry })}\n`;

  it.each<[string, Record<string, unknown>, string]>([
    ['a request: one short line', { level: 40, reqId: 'r1', req: { method: 'GET', url: '/api/imps', remoteAddress: '127.0.0.1' }, res: { statusCode: 404 }, responseTime: 12.4, msg: 'request completed' }, '12:01:02 WARN GET /api/imps 404 12 ms'],
    ['an info message with its fields', { level: 30, msg: 'closed', signal: 'SIGTERM', job: { id: 3 } }, '12:01:02 closed signal=SIGTERM job={"id":3}'],
    ['a debug message is labelled', { level: 20, msg: 'tick' }, '12:01:02 DEBUG tick'],
    ['the minute summary', { level: 30, summary: { requests: 243, failed: 3, slowestMs: 120 }, msg: 'requests in the last minute' }, '12:01:02 último minuto: 243 peticiones, 3 con error; la más lenta 120 ms'],
    ['a summary without failures', { level: 30, summary: { requests: 5, failed: 0, slowestMs: 9 }, msg: 'requests in the last minute' }, '12:01:02 último minuto: 5 peticiones; la más lenta 9 ms'],
    ['a summary of one request', { level: 30, summary: { requests: 1, failed: 1, slowestMs: 9 }, msg: 'requests in the last minute' }, '12:01:02 último minuto: 1 petición, 1 con error; la más lenta 9 ms'],
  ])('%s', (_name, entry, expected) => {
    expect(formatLogLine(line(entry))).toBe(expected);
  });

  it('puts an error’s stack under its line', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' };
    expect(formatLogLine(line({ level: 50, msg: 'boom', err }))).toBe('12:01:02 ERROR boom\n    Error: boom\n        at f (a.ts:1:1)');
  });

  it('passes a line that is not JSON through', () => {
    expect(formatLogLine('not json\n')).toBe('not json');
  });
});

describe('TerminalLogController', () => {
  it('prints failed and slow requests on their own lines and counts every request in the summary', async () => {
    const out: string[] = [];
    const terminalLog = new TerminalLogController();
    const app = Fastify({ logger: { level: 'info', stream: terminalStream({ write: (text: string) => out.push(text) }) }, logController: terminalLog });
    terminalLog.summarizeEvery(app, 100);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();

    for (let i = 0; i < 3; i += 1) await app.inject('/ok');
    await app.inject('/nope');
    await app.inject('/boom');
    await app.inject('/slow');
    // Every request is counted once in the summaries (the timer may split them across two).
    const summaries = () => [...out.join('').matchAll(/último minuto: (\d+) petici(?:ón|ones)(?:, (\d+) con error)?/g)];
    const counted = () => summaries().reduce((sum, [, requests]) => sum + Number(requests), 0);
    await expect.poll(counted).toBe(6);
    expect(summaries().reduce((sum, [, , failed]) => sum + Number(failed ?? 0), 0)).toBe(2);
    await app.close();

    const lines = out.join('').trimEnd().split('\n').filter((text) => /^\d{2}:\d{2}:\d{2} /.test(text));
    expect(lines.filter((text) => text.includes('/ok'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^\d{2}:\d{2}:\d{2} WARN GET \/nope 404 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d{2}:\d{2}:\d{2} ERROR GET \/boom 500 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d{2}:\d{2}:\d{2} WARN GET \/slow 200 \d{4,} ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d{2}:\d{2}:\d{2} último minuto: \d+ petici(?:ón|ones)(, \d+ con error)?; la más lenta \d{4,} ms$/));
    expect(out.join('')).not.toMatch(/^\{/m);
  });
});
