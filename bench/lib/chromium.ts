// Debian's Chromium for the bench, one fresh profile per launch (a cold cache and no service
// worker unless the step installs one), with the remote-debugging port Lighthouse and
// Playwright's connectOverCDP attach to. Stops only the browser it started.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
];

export interface LaunchedChromium {
  port: number;
  close(): Promise<void>;
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No hay Chromium en ${CHROMIUM_PATH}: apt-get install -y chromium (o CHROMIUM_PATH=…).`);
  }
}

export async function launchChromium(): Promise<LaunchedChromium> {
  assertChromium();
  const profile = mkdtempSync(join(tmpdir(), 'impecable-bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium no abrió el puerto de depuración:\n${stderr}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`Chromium terminó al arrancar:\n${stderr}`)));
  });
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        const done = () => {
          // Chromium's helpers may still be writing the profile for a moment.
          try {
            rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
          } catch {
            // a leftover temp folder is harmless
          }
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
