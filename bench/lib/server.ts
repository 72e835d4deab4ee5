// Starts and stops the real server (server/server.ts through tsx) for a bench step, on its
// own port and data folder, and samples its resident memory from /proc (the process and its
// descendants: with WORKERS=n the server is a primary and n workers). Never touches another
// process: it stops only the child it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { DEMO_SSO_SECRET } from '#server/config';
import { signSsoToken } from '#server/modules/auth/sso-token';

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident set size of the server now, its worker processes included, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  distDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}

function rssOne(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The process's descendants (cluster workers), from each process's parent id in /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may hold spaces: the parent id follows its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const children = parents.get(next) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

function rssOf(pid: number): number {
  const own = rssOne(pid);
  if (Number.isNaN(own)) return own;
  return descendants(pid).reduce((sum, child) => sum + (rssOne(child) || 0), own);
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`El servidor no respondió a /api/health/ready:\n${log()}`);
}

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DIST_DIR: options.distDir,
    LOG_LEVEL: 'warn',
    // The bench signs in many times from one address, and writes far faster than any agent
    // (the API step's idempotent write, the overload step's batches): the write quota is
    // still counted on every write, just never reached.
    AUTH_RATE_LIMIT: '100000',
    WRITE_QUOTA_BURST: '10000000',
    WRITE_QUOTA_PER_MINUTE: '10000000',
    // Measure what production serves: answers are not re-checked against the contract.
    CHECK_RESPONSES: 'false',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (for Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // If the bench dies, the server must not outlive it (it would hold the port and PGlite).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    pid: child.pid!,
    rssMb: () => rssOf(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A bearer token for any user: an SSO token signed as the partner platform signs it (the bench
 * server runs with SSO_SECRET or the demo secret; the demo endpoint serves only demo users).
 */
export async function signIn(baseUrl: string, email: string): Promise<{ token: string; user: Record<string, unknown> }> {
  const ssoToken = await ssoTokenFor(email);
  const login = await fetch(`${baseUrl}/api/auth/login-sso`, { method: 'POST', headers: { authorization: `Bearer ${ssoToken}` } });
  if (!login.ok) throw new Error(`login-sso ${email}: ${login.status}`);
  const body = (await login.json()) as { data: { token: string; user: Record<string, unknown> } };
  return body.data;
}

/** The SSO token the partner platform would hand `email` (the app's /sso/{token} link signs it in). */
export function ssoTokenFor(email: string): Promise<string> {
  return signSsoToken(process.env.SSO_SECRET?.trim() || DEMO_SSO_SECRET, email);
}

/** Runs `body` with a server started for it, and stops that server whatever happens. */
export async function withServer<T>(options: ServerOptions, body: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startServer(options);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}
