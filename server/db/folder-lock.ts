// An OS-level lock on a data folder, so two processes never open one PGlite folder (it would
// corrupt silently). Node has no flock, so the lock is a local socket bound to a name derived
// from the folder's real path: binding is exclusive, the kernel frees it when the holder dies
// (no stale lock, whatever the pid file says), and the holder answers with its pid. Linux uses
// the abstract namespace, Windows a named pipe, other systems a socket file in the temp folder.
// Scope: one machine and one network namespace (containers sharing a volume must not both open it).
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ASK_TIMEOUT_MS = 1_000;

export interface FolderLock {
  release(): Promise<void>;
}

/** The folder is held by another process (or by this one, through another open). */
export class FolderLockedError extends Error {
  constructor(readonly folder: string, readonly holderPid: number | null) {
    super(`La carpeta de datos ${folder} ya la usa otro servidor de +impecable (pid ${holderPid ?? 'desconocido'}). `
      + 'Dos procesos sobre la misma carpeta corromperían la base de datos: detén ese proceso o usa otro DATA_DIR.');
    this.name = 'FolderLockedError';
  }
}

function addressOf(folder: string): string {
  const name = `impecable-${createHash('sha256').update(realpathSync(folder)).digest('hex').slice(0, 32)}`;
  if (process.platform === 'linux') return `\0${name}`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\${name}`;
  return join(tmpdir(), `${name}.sock`);
}

const usesSocketFile = () => process.platform !== 'linux' && process.platform !== 'win32';

function bind(address: string): Promise<Server | 'in-use'> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end(String(process.pid)));
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve('in-use') : reject(error)));
    server.listen(address, () => resolve(server));
  });
}

/** The holder's pid, null when it does not say, 'nobody' when no one listens (a stale socket file). */
function askHolder(address: string): Promise<number | null | 'nobody'> {
  return new Promise((resolve) => {
    const socket = createConnection(address);
    let answer = '';
    const done = (value: number | null | 'nobody') => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(ASK_TIMEOUT_MS, () => done(null));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => done(/^\d+$/.test(answer) ? Number(answer) : null));
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'nobody' : null));
  });
}

/** Takes the folder's lock for this process, or throws FolderLockedError naming the holder. */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const address = addressOf(folder);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const bound = await bind(address);
    if (bound !== 'in-use') {
      // The lock must never keep a finished CLI alive; the process's own work does that.
      bound.unref();
      return {
        release: () => new Promise<void>((resolve) => bound.close(() => resolve())),
      };
    }
    const holder = await askHolder(address);
    if (holder !== 'nobody') throw new FolderLockedError(folder, holder);
    // A socket file left by a process that died (systems without the abstract namespace).
    if (usesSocketFile()) rmSync(address, { force: true });
  }
  throw new FolderLockedError(folder, null);
}
