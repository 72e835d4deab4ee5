// The bench's floor link on its own, with real sockets on free ports: bytes through it over time
// stay within ±10 % of the rate, shared by parallel connections; a rate change holds at once;
// a request's answer waits one RTT, a new connection's one RTT more.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startThrottleProxy, type ThrottleProxy } from './throttle-proxy.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** A server that sends bytes as fast as its client's socket takes them, once asked. */
async function firehose(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      const block = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (!socket.destroyed && socket.write(block));
      };
      socket.on('drain', pump);
      pump();
    });
  });
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
  });
  return listen(server);
}

/** A server that answers each line with "ok\n" at once. */
async function echo(): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      for (const _ of chunk.toString().split('\n').slice(1)) socket.write('ok\n');
    });
  });
  return listen(server);
}

async function proxy(targetPort: number, downKbps: number, rttMs = 20): Promise<ThrottleProxy> {
  const started = await startThrottleProxy({ target: { host: '127.0.0.1', port: targetPort }, downKbps, upKbps: 1_000, rttMs });
  cleanups.push(() => started.close());
  return started;
}

/** A client of the proxy that asks the firehose for bytes and counts what arrives. */
async function reader(port: number): Promise<{ received(): number; close(): void }> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = 0;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });
  socket.on('error', () => undefined);
  socket.write('go\n');
  cleanups.push(async () => void socket.destroy());
  return { received: () => received, close: () => socket.destroy() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** kbps between two counts `ms` apart. */
const kbps = (bytes: number, ms: number) => (bytes * 8) / ms;

describe('the bench floor link (throttle proxy)', () => {
  it('holds three parallel connections to one shared rate, ±10 %, each getting a share', async () => {
    const link = await proxy(await firehose(), 2_000);
    const clients = await Promise.all([reader(link.port), reader(link.port), reader(link.port)]);
    await sleep(300); // past the handshake and the first bucket
    const before = clients.map((c) => c.received());
    const t0 = performance.now();
    await sleep(2_000);
    const spent = performance.now() - t0;
    const got = clients.map((c, i) => c.received() - before[i]!);
    const total = kbps(got.reduce((a, b) => a + b, 0), spent);
    expect(total).toBeGreaterThan(2_000 * 0.9);
    expect(total).toBeLessThan(2_000 * 1.1);
    for (const one of got) expect(kbps(one, spent)).toBeGreaterThan(2_000 / 3 / 2);
    expect(link.totals().connections).toBe(3);
  });

  it('applies a rate change at once to an open connection, and back', async () => {
    const link = await proxy(await firehose(), 2_000);
    const client = await reader(link.port);
    const window = async (ms: number) => {
      const before = client.received();
      const t0 = performance.now();
      await sleep(ms);
      return kbps(client.received() - before, performance.now() - t0);
    };
    await sleep(300);
    const fast = await window(1_000);
    link.setRate(400);
    await sleep(100); // what had passed the bottleneck is still on its way (RTT/2)
    const slow = await window(1_500);
    link.setRate(2_000);
    await sleep(100);
    const again = await window(1_000);
    expect(fast).toBeGreaterThan(1_800);
    expect(fast).toBeLessThan(2_200);
    expect(slow).toBeGreaterThan(360);
    expect(slow).toBeLessThan(440);
    expect(again).toBeGreaterThan(1_800);
    expect(again).toBeLessThan(2_200);
    expect(link.rate().downKbps).toBe(2_000);
  });

  it('adds one RTT to every answer and one more to a new connection', async () => {
    const rtt = 150;
    const link = await proxy(await echo(), 1_500, rtt);
    const t0 = performance.now();
    const socket = connect({ host: '127.0.0.1', port: link.port });
    cleanups.push(async () => void socket.destroy());
    const lines: number[] = [];
    socket.on('data', (chunk) => {
      for (const _ of chunk.toString().split('\n').slice(1)) lines.push(performance.now());
    });
    const answered = async (count: number) => {
      while (lines.length < count) await sleep(2);
      return lines[count - 1]!;
    };
    socket.write('hola\n');
    const first = (await answered(1)) - t0;
    const t1 = performance.now();
    socket.write('otra\n');
    const second = (await answered(2)) - t1;
    // The handshake's RTT, then the request's way there and the answer's way back.
    expect(first).toBeGreaterThanOrEqual(2 * rtt);
    expect(first).toBeLessThan(2 * rtt + 80);
    expect(second).toBeGreaterThanOrEqual(rtt);
    expect(second).toBeLessThan(rtt + 80);
  });
});
