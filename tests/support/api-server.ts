// Test-only: a real HTTP server on 127.0.0.1 that records what the drain sends.
// Owns nothing the app uses; imported by *.test.ts files only, never by app or worker code.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status: number;
  /** A string is sent as is (e.g. an HTML error page); anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  /** Response headers besides Content-Type (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export interface TestApiServer {
  baseUrl: string;
  seen: SeenRequest[];
  /** Decides the answer to each request; 200 `{ success: true }` until set. */
  reply: (req: SeenRequest) => Reply;
  reset: () => void;
  close: () => Promise<void>;
}

const ok = (): Reply => ({ status: 200, body: { success: true } });

export async function startTestApiServer(): Promise<TestApiServer> {
  const api: TestApiServer = {
    baseUrl: '',
    seen: [],
    reply: ok,
    reset: () => {
      api.seen = [];
      api.reply = ok;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const entry: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) };
      api.seen.push(entry);
      const { status, body, delayMs = 0, headers = {} } = api.reply(entry);
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body ?? {}));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

/** A URL where nothing listens: fetch fails there like on a dead network. */
export async function deadBaseUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return url;
}
