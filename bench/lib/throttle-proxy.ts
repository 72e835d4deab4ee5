// A floor's Wi-Fi between Chromium and the app's server, in Node: a TCP proxy whose every
// connection shares one link. The link has one token bucket per direction (down and up), shared
// by all connections (the floor's access point is one link, whoever opens how many sockets), and a
// propagation delay of half the round trip each way. So a request and its answer cost one RTT
// plus their bytes at the link's rate, a new connection one RTT more (its handshake: the client's
// first bytes wait RTT before they leave), and a burst of parallel range requests shares the same
// 1.5 Mbps as one. The rate can be changed while connections are open (the drop to 400 kbps).
//
// Bytes queue before the bottleneck per connection (a small router queue, 32 KB): above it the
// sending socket is paused, so the server's file is never read into memory faster than the link.
// A receiver that does not read (Node's write buffer full) is skipped until it drains, so the
// link serves the other connections meanwhile. The bucket holds at most 50 ms of the rate: over
// any 5-second window the bytes through stay within a few percent of the rate.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ThrottleOptions {
  /** The server behind the proxy. */
  target: { host: string; port: number };
  /** Downstream (server → client) rate, kbps (1 kbps = 1,000 bits/s of payload). */
  downKbps: number;
  /** Upstream (client → server) rate, kbps. */
  upKbps: number;
  /** Round trip added: RTT/2 each way, and RTT before a new connection's first bytes. */
  rttMs: number;
  /** The proxy's port (0: any free one). */
  port?: number;
}

export interface ThrottleProxy {
  port: number;
  url: string;
  /** Changes the link's rates at once, for every open connection. */
  setRate(downKbps: number, upKbps?: number): void;
  rate(): { downKbps: number; upKbps: number };
  /** Payload bytes delivered so far each way (after the bottleneck and the delay), and connections opened. */
  totals(): { down: number; up: number; connections: number };
  close(): Promise<void>;
}

/** Bytes a connection may queue before the bottleneck before its sender is paused. */
const QUEUE_HIGH = 32 * 1024;
const QUEUE_LOW = 8 * 1024;
/** The scheduler's tick, ms: the delay's resolution. */
const TICK_MS = 4;
/** The bucket holds at most this much of the rate (and never less than one full packet). */
const BUCKET_MS = 50;
/** At most this many bytes to one connection per round-robin turn. */
const QUANTUM = 1_500;

interface Pipe {
  source: Socket;
  dest: Socket;
  /** Waiting for the bottleneck. */
  queued: Buffer[];
  queuedBytes: number;
  /** Through the bottleneck, arriving at `at`. */
  inFlight: { at: number; chunk: Buffer }[];
  /** The source ended: end the destination once everything queued has arrived. */
  sourceEnded: boolean;
  paused: boolean;
  done: boolean;
}

class Link {
  private bytesPerMs: number;
  private tokens = 0;
  private last = performance.now();
  private turn = 0;
  readonly pipes = new Set<Pipe>();
  delivered = 0;

  constructor(kbps: number) {
    this.bytesPerMs = kbps / 8;
  }

  get kbps(): number {
    return this.bytesPerMs * 8;
  }

  setKbps(kbps: number, now: number): void {
    // What the old rate earned until now is spent at the old rate; the bucket keeps no more than the new rate's depth.
    this.refill(now);
    this.bytesPerMs = kbps / 8;
    this.tokens = Math.min(this.tokens, this.depth());
  }

  private depth(): number {
    return Math.max(this.bytesPerMs * BUCKET_MS, QUANTUM);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.tokens + (now - this.last) * this.bytesPerMs, this.depth());
    this.last = now;
  }

  /** Moves bytes through the bottleneck (round robin over connections that have some and whose receiver reads), then delivers what has arrived. */
  tick(now: number, delayMs: number): void {
    this.refill(now);
    let progressed = true;
    while (this.tokens >= 1 && progressed) {
      progressed = false;
      const pipes = [...this.pipes];
      for (let i = 0; i < pipes.length && this.tokens >= 1; i++) {
        const pipe = pipes[(this.turn + i) % pipes.length]!;
        if (pipe.queuedBytes === 0 || pipe.dest.writableNeedDrain) continue;
        let allowance = Math.min(Math.floor(this.tokens), QUANTUM);
        while (allowance > 0 && pipe.queued.length) {
          const head = pipe.queued[0]!;
          const take = Math.min(allowance, head.length);
          const chunk = take === head.length ? pipe.queued.shift()! : head.subarray(0, take);
          if (take < head.length) pipe.queued[0] = head.subarray(take);
          pipe.queuedBytes -= take;
          this.tokens -= take;
          allowance -= take;
          pipe.inFlight.push({ at: now + delayMs, chunk });
          progressed = true;
        }
        if (pipe.paused && pipe.queuedBytes <= QUEUE_LOW) {
          pipe.paused = false;
          pipe.source.resume();
        }
      }
      this.turn = (this.turn + 1) % Math.max(pipes.length, 1);
    }
    for (const pipe of this.pipes) {
      while (pipe.inFlight.length && pipe.inFlight[0]!.at <= now) {
        const { chunk } = pipe.inFlight.shift()!;
        this.delivered += chunk.length;
        if (!pipe.dest.destroyed) pipe.dest.write(chunk);
      }
      if (pipe.sourceEnded && pipe.queuedBytes === 0 && pipe.inFlight.length === 0) {
        pipe.done = true;
        this.pipes.delete(pipe);
        if (!pipe.dest.destroyed) pipe.dest.end();
      }
    }
  }
}

function pipeThrough(link: Link, source: Socket, dest: Socket): Pipe {
  const pipe: Pipe = { source, dest, queued: [], queuedBytes: 0, inFlight: [], sourceEnded: false, paused: false, done: false };
  link.pipes.add(pipe);
  source.on('data', (chunk: Buffer) => {
    pipe.queued.push(chunk);
    pipe.queuedBytes += chunk.length;
    if (pipe.queuedBytes >= QUEUE_HIGH && !pipe.paused) {
      pipe.paused = true;
      source.pause();
    }
  });
  source.on('end', () => {
    pipe.sourceEnded = true;
  });
  return pipe;
}

export async function startThrottleProxy(options: ThrottleOptions): Promise<ThrottleProxy> {
  const down = new Link(options.downKbps);
  const up = new Link(options.upKbps);
  const sockets = new Set<Socket>();
  let connections = 0;
  const oneWay = options.rttMs / 2;

  const timer = setInterval(() => {
    const now = performance.now();
    up.tick(now, oneWay);
    down.tick(now, oneWay);
  }, TICK_MS);

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    connections += 1;
    sockets.add(client);
    client.setNoDelay(true);
    const upstream = connect({ host: options.target.host, port: options.target.port });
    upstream.setNoDelay(true);
    sockets.add(upstream);
    const drop = (pipe: Pipe) => {
      down.pipes.delete(pipe);
      up.pipes.delete(pipe);
    };
    // The client's first bytes leave once its handshake's round trip is over.
    const handshake = setTimeout(() => client.resume(), options.rttMs);
    const toServer = pipeThrough(up, client, upstream);
    const toClient = pipeThrough(down, upstream, client);
    const closeBoth = () => {
      clearTimeout(handshake);
      drop(toServer);
      drop(toClient);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    // The client gone (a cancelled range request): what was queued for it is dropped, the server's socket closed.
    client.on('close', closeBoth);
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    // The server closed: the client's socket closes once the bytes already sent have arrived.
    upstream.on('close', () => {
      toClient.sourceEnded = true;
      drop(toServer);
      sockets.delete(upstream);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setRate(downKbps, upKbps) {
      const now = performance.now();
      down.setKbps(downKbps, now);
      if (upKbps !== undefined) up.setKbps(upKbps, now);
    },
    rate: () => ({ downKbps: down.kbps, upKbps: up.kbps }),
    totals: () => ({ down: down.delivered, up: up.delivered, connections }),
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
