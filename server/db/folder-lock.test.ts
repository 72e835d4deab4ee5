// One writer per PGlite folder (issue "robustness", item 6b): the lock is the folder's own, so
// a second path to the same folder (a bind mount, as a container gets) meets it, a pid that
// lies neither lets a second server in nor keeps a dead one's lock, and a killed holder frees it.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { seedMinimal } from '#server/seed/index';
import { freePort } from '#test-support/server/server-process';
import { migrateToLatest } from './migrate.ts';
import { FolderLockedError, LOCK_FILE, lockFolder } from './folder-lock.ts';
import { openDatabase, pgliteDirOf, SERVER_PID_FILE } from './open.ts';

const cleanups: Array<() => unknown> = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A second path to `folder` through a bind mount, or why this machine cannot make one. */
function bindMount(folder: string): { path: string } | { skip: string } {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return { skip: 'a bind mount needs root on Linux' };
  const path = tempDir('impecable-bind-');
  try {
    execFileSync('mount', ['--bind', folder, path], { stdio: 'pipe' });
  } catch (error) {
    return { skip: `mount --bind failed: ${String((error as { stderr?: unknown }).stderr ?? error)}` };
  }
  // Lazy: detached even while a file under it is still open (a failed run's second database).
  cleanups.push(() => execFileSync('umount', ['--lazy', path]));
  return { path };
}

/** A child process holding the folder's lock until killed; `ownNetwork`: in a network namespace of its own, as in a container. */
async function holderProcess(folder: string, ownNetwork = false) {
  const code = `import { lockFolder } from './server/db/folder-lock.ts'; await lockFolder(${JSON.stringify(folder)}); console.log('held'); setInterval(() => {}, 1000);`;
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', code];
  const [command = '', ...args] = ownNetwork ? ['unshare', '--net', ...node] : node;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line === 'held' && resolve());
    child.on('exit', (status) => reject(new Error(`the holder exited (${status})`)));
  });
  return child;
}

describe('one writer per PGlite folder', () => {
  const folder = tempDir('impecable-folder-');
  const mount = bindMount(folder);

  it.skipIf('skip' in mount)(`a second open through a bind mount of the same folder is refused, naming this process${'skip' in mount ? ` (skipped: ${mount.skip})` : ''}`, async () => {
    if ('skip' in mount) return;
    const first = await openDatabase({ databaseUrl: null, dataDir: folder });
    try {
      await expect(openDatabase({ databaseUrl: null, dataDir: mount.path })).rejects.toThrow(`ya la usa otro servidor de +impecable (pid ${process.pid})`);
    } finally {
      await first.db.destroy();
    }
    // Free again once closed, through either path.
    const again = await openDatabase({ databaseUrl: null, dataDir: mount.path });
    await again.db.destroy();
  }, 60_000);

  it('a pid file naming a live process does not hold the folder; a pid written over the holder\'s does not free it', async () => {
    const dir = pgliteDirOf(tempDir('impecable-pid-'));
    mkdirSync(dir, { recursive: true });
    // Leftovers that name a live process (this one's parent) which holds nothing.
    writeFileSync(join(dir, SERVER_PID_FILE), String(process.ppid));
    writeFileSync(join(dir, LOCK_FILE), String(process.ppid));
    const lock = await lockFolder(dir);
    try {
      writeFileSync(join(dir, LOCK_FILE), '1');
      writeFileSync(join(dir, SERVER_PID_FILE), '');
      await expect(lockFolder(dir)).rejects.toBeInstanceOf(FolderLockedError);
    } finally {
      await lock.release();
    }
    await (await lockFolder(dir)).release();
  });

  it('another process holds it until killed, then it is free at once', async () => {
    const dir = tempDir('impecable-killed-');
    const holder = await holderProcess(dir);
    await expect(lockFolder(dir)).rejects.toThrow(`(pid ${holder.pid})`);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    await (await lockFolder(dir)).release();
  }, 60_000);

  const canUnshare = process.platform === 'linux' && process.getuid?.() === 0;
  it.skipIf(!canUnshare)(`a holder in another network namespace (another container on the same volume) keeps the folder too${canUnshare ? '' : ' (skipped: unshare needs root on Linux)'}`, async () => {
    const dir = tempDir('impecable-netns-');
    const holder = await holderProcess(dir, true);
    await expect(lockFolder(dir)).rejects.toBeInstanceOf(FolderLockedError);
    holder.kill('SIGKILL');
  }, 60_000);

  it('`npm run sso-link` with no server running opens the folder, whatever live pid a leftover server.pid names', async () => {
    const dataDir = tempDir('impecable-sso-link-');
    const prepared = await openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(prepared.db);
    await seedMinimal(prepared.db, new Date());
    await prepared.db.destroy();
    writeFileSync(join(pgliteDirOf(dataDir), SERVER_PID_FILE), String(process.pid));

    const port = String(await freePort()); // nobody answers there
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
    delete env.DATABASE_URL;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/sso-link.ts', 'ana@impecable.demo'], { env });
    const link = stdout.trim().split('\n').at(-1) ?? '';
    expect(link).toMatch(/\/sso\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(link.startsWith(`http://127.0.0.1:${port}/sso/`)).toBe(true);
  }, 60_000);
});
