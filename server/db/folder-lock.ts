// An OS-level lock on a data folder, so two processes never open one PGlite folder (it would
// corrupt silently). The lock is the kernel's, on the file LOCK_FILE inside the folder (Linux: an
// open file description lock, fcntl F_OFD_SETLK; macOS: flock; Windows: LockFileEx; Node has no
// flock, fs-native-extensions ships them prebuilt). It belongs to the file, not to a path, a pid
// or a network namespace: a bind mount, a symlink or a container reaching the same folder meets
// the same lock, a pid file that lies changes nothing, and the kernel frees it when its holder
// dies. Two opens in one process conflict too. The holder writes its pid in the file, only so
// the refusal can name it.
// Scope: one machine (on a network filesystem, the lock is as good as that filesystem's locks).
import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

/** The file in the folder whose kernel lock is the folder's. Left in place on release. */
export const LOCK_FILE = 'server.lock';

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

/** The pid the holder wrote, or null (not yet written, or unreadable while locked on Windows). */
function holderPidOf(path: string): number | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/** The lock file, open and locked by this process; null when another open holds it. */
function takeLock(folder: string): number | null {
  const fd = openSync(join(folder, LOCK_FILE), constants.O_RDWR | constants.O_CREAT);
  try {
    if (tryLock(fd)) return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  closeSync(fd);
  return null;
}

/** Takes the folder's lock for this process, or throws FolderLockedError naming the holder. */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const fd = takeLock(folder);
  if (fd === null) throw new FolderLockedError(folder, holderPidOf(join(folder, LOCK_FILE)));
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      unlock(fd);
      closeSync(fd);
    },
  };
}

/** Who holds the folder's lock now: the pid it wrote (null if none), or 'free'. Never keeps the lock. */
export async function folderHolder(folder: string): Promise<number | null | 'free'> {
  const fd = takeLock(folder);
  if (fd === null) return holderPidOf(join(folder, LOCK_FILE));
  unlock(fd);
  closeSync(fd);
  return 'free';
}
