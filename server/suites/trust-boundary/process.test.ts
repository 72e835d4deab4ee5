// Trust boundary, the server process (issue 15 items 4, 5 and 13), attacked from outside:
// a second server started on a PGlite folder already in use, a folder that cannot be used,
// slow and idle clients holding sockets, and a database that stops answering behind a
// healthy-looking process. Real child processes and real sockets where the attack needs them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type Env } from '#server/config';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { seedMinimal } from '#server/seed/index';
import { freePort, LISTENING, startServerProcess, type ServerChild } from '#test-support/server/server-process';
import { bearer, createTestApp, openTestDatabase } from '#test-support/server/test-app';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Resolves when `promise` does, or fails with `what` after `ms` (a ceiling for something that must happen, not a speed test). */
async function eventually<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`never happened: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}

/** No stack trace in what a failed start printed: a user reads it. */
const stackLines = (child: ServerChild) => child.lines.filter((line) => /^\s+at /.test(line));

describe('15.4 one server per PGlite folder', () => {
  it('a second server on the same folder refuses to start, naming the folder and the holder; the first keeps its data', async () => {
    const dataDir = tempDir('impecable-lock-');
    const prepared = await openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(prepared.db);
    await seedMinimal(prepared.db, new Date());
    await prepared.db.destroy();

    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'warn', DEMO_MODE: 'true' };
    const port = await freePort();
    const first = startServerProcess({ ...env, PORT: String(port) });
    cleanups.push(() => first.process.kill('SIGKILL'));
    await first.waitFor(LISTENING, 'the first server listening');
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login-sso`, { method: 'POST', headers: bearer(await signSsoToken(loadConfig({}).ssoSecret, 'ana@impecable.demo')) });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const imps = async () => (await (await fetch(`${base}/api/imps`, { headers: bearer(token) })).json()) as unknown;
    const before = await imps();

    const second = startServerProcess({ ...env, PORT: String(await freePort()) });
    cleanups.push(() => second.process.kill('SIGKILL'));
    expect(await eventually(second.exited, 60_000, 'the second server exits')).toBe(1);
    const said = second.lines.join('\n');
    expect(said).toContain(join(dataDir, 'pglite'));
    expect(said).toContain(`pid ${first.process.pid}`);
    expect(said).toMatch(/ya la usa otro servidor/);
    expect(stackLines(second)).toEqual([]);
    expect(second.lines.some(LISTENING)).toBe(false);

    // The first still answers, with what it stored.
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    expect(await imps()).toEqual(before);
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const sessions = await reopened.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id').where('users.email', '=', 'ana@impecable.demo').execute();
      expect(sessions.length).toBeGreaterThanOrEqual(2);
    } finally {
      await reopened.db.destroy();
    }
  }, 180_000);

  it('in one process too: the folder is refused while open, and free again once closed', async () => {
    const dataDir = tempDir('impecable-lock-same-');
    const opened = await openDatabase({ databaseUrl: null, dataDir });
    await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(`pid ${process.pid}`);
    await opened.db.destroy();
    const again = await openDatabase({ databaseUrl: null, dataDir });
    await again.db.destroy();
  }, 60_000);

  it('a folder that cannot be used: the start says which folder and why, exit 1, no stack trace', async () => {
    // A path under a regular file (ENOTDIR) fails for root too, unlike permissions.
    const file = join(tempDir('impecable-notdir-'), 'un-fichero');
    writeFileSync(file, 'no soy una carpeta');
    const child = startServerProcess({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: join(file, 'datos'), DIST_DIR: '/nonexistent-dist' });
    cleanups.push(() => child.process.kill('SIGKILL'));
    expect(await eventually(child.exited, 60_000, 'the server exits')).toBe(1);
    const said = child.lines.join('\n');
    expect(said).toContain(join(file, 'datos', 'pglite'));
    expect(said).toMatch(/no es una carpeta/);
    expect(stackLines(child)).toEqual([]);
  }, 90_000);

  // Root ignores permission bits, so this case can only run as another user.
  it.skipIf(process.getuid?.() === 0)('a read-only folder: the start says which folder and that it cannot write there', async () => {
    const dataDir = tempDir('impecable-readonly-');
    const { chmodSync } = await import('node:fs');
    chmodSync(dataDir, 0o555);
    cleanups.push(() => chmodSync(dataDir, 0o755));
    const child = startServerProcess({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: '/nonexistent-dist' });
    cleanups.push(() => child.process.kill('SIGKILL'));
    expect(await eventually(child.exited, 60_000, 'the server exits')).toBe(1);
    expect(child.lines.join('\n')).toContain(dataDir);
    expect(stackLines(child)).toEqual([]);
  }, 90_000);
});

interface RawClient {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}

function rawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = '';
    let done = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolveClosed) => socket.on('close', () => {
      done = true;
      resolveClosed();
    }));
    socket.once('connect', () => resolve({ socket, received: () => data, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

async function listeningApp(env: Env): Promise<{ app: FastifyInstance; port: number }> {
  const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', ...env });
  const db = await openTestDatabase();
  const app = await buildApp({ config, db, logger: false, distDir: '/nonexistent-dist' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    app.server.closeAllConnections();
    await app.close();
    await db.destroy();
  });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Waits until the server has accepted `wanted` connections (the kernel completes handshakes before Node accepts them). */
async function serverCounts(app: FastifyInstance, wanted: number): Promise<void> {
  const count = () => new Promise<number>((resolve) => app.server.getConnections((_error, n) => resolve(n)));
  await eventually((async () => {
    while ((await count()) < wanted) await new Promise((resolve) => setTimeout(resolve, 20));
  })(), 10_000, `the server holds ${wanted} connections`);
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.status);
const TOO_SLOW = { success: false, error: 'La petición ha tardado demasiado en llegar' };
const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;

describe('15.5 slow and idle clients are cut off, and health keeps answering', () => {
  it('cuts a client that sends its headers a line at a time (slowloris) with a Spanish 408', async () => {
    const { port } = await listeningApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
    const client = await rawClient(port);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let line = 0;
    const drip = setInterval(() => client.socket.writable && client.socket.write(`X-Lento-${(line += 1)}: a\r\n`), 200);
    try {
      await eventually(client.closed, 20_000, 'the server closes the slow-header connection');
    } finally {
      clearInterval(drip);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(client.received())).toEqual(TOO_SLOW);
    expect(await health(port)).toBe(200);
  }, 30_000);

  it('cuts a client that sends its body a byte at a time', async () => {
    const { port } = await listeningApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
    const client = await rawClient(port);
    client.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 200);
    try {
      await eventually(client.closed, 20_000, 'the server closes the slow-body connection');
    } finally {
      clearInterval(drip);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await health(port)).toBe(200);
  }, 30_000);

  it('answers health while hundreds of idle sockets are open, then closes them', async () => {
    const { app, port } = await listeningApp({ HEADERS_TIMEOUT_SECONDS: '8', REQUEST_TIMEOUT_SECONDS: '8' });
    const idle = await Promise.all(Array.from({ length: 300 }, () => rawClient(port)));
    await serverCounts(app, 300);
    expect(await health(port)).toBe(200);
    expect(idle.some((c) => c.isClosed())).toBe(false);
    await eventually(Promise.all(idle.map((c) => c.closed)), 30_000, 'the server closes every idle socket');
  }, 60_000);

  it('drops connections beyond MAX_CONNECTIONS at once and recovers when the idle ones are cut', async () => {
    const { app, port } = await listeningApp({ HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS: '20' });
    const idle = await Promise.all(Array.from({ length: 20 }, () => rawClient(port)));
    await serverCounts(app, 20);
    const extra = await rawClient(port);
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await eventually(extra.closed, 10_000, 'the connection over the cap is dropped');
    expect(extra.received()).toBe('');
    await eventually(Promise.all(idle.map((c) => c.closed)), 30_000, 'the idle sockets are cut');
    expect(await health(port)).toBe(200);
  }, 60_000);
});

describe('15.13 readiness touches the database; liveness does not', () => {
  const NOT_READY = { success: false, error: 'La base de datos no responde' };

  it('ready while the database works; 503 in Spanish once it is gone, while /api/health stays 200', async () => {
    const ctx = await createTestApp({ seed: false });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
    await ctx.db.destroy();
    const gone = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([gone.statusCode, gone.json()]).toEqual([503, NOT_READY]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await ctx.app.close();
  }, 60_000);

  it('503 for a database server that refuses connections, and for one that never answers', async () => {
    const silent: Server = createServer(() => undefined);
    const held: Socket[] = [];
    silent.on('connection', (socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const closedPort = await freePort();
    const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent' });
    for (const port of [closedPort, silentPort]) {
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: `postgres://impecable:x@127.0.0.1:${port}/impecable`, max: 1 }) }) });
      const app = await buildApp({ config, db, logger: false, distDir: '/nonexistent-dist' });
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([res.statusCode, res.json()], `port ${port}`).toEqual([503, NOT_READY]);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await app.close();
      for (const socket of held) socket.destroy();
      await db.destroy().catch(() => undefined);
    }
    await new Promise((resolve) => silent.close(resolve));
  }, 60_000);
});
