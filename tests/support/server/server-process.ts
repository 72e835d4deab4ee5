// Test harness for server.ts as a real child process (`node --import tsx server/server.ts`):
// a free port, the child's output line by line, waiting for a line or for the exit.
// Never used by production code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerChild {
  process: ChildProcess;
  /** stdout and stderr lines, in arrival order. */
  lines: string[];
  exited: Promise<number | null>;
  waitFor(match: (line: string) => boolean, what: string): Promise<void>;
}

/** Starts server.ts with `env` over this process's environment (DATABASE_URL removed unless given). */
export function startServerProcess(env: Record<string, string | undefined>): ServerChild {
  const merged: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined || value === '') delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: Array<{ match: (line: string) => boolean; resolve: () => void }> = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    process: child, lines, exited,
    waitFor: (match, what) => {
      if (lines.some(match)) return Promise.resolve();
      return Promise.race([
        new Promise<void>((resolve) => waiters.push({ match, resolve })),
        exited.then((code) => {
          throw new Error(`server exited (${code}) before: ${what}\n${lines.slice(-20).join('\n')}`);
        }),
      ]);
    },
  };
}

export const LISTENING = (line: string) => line.includes('+impecable escuchando');
