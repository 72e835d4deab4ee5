// fs-native-extensions ships no types: the two calls folder-lock.ts makes.
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file behind `fd`; false when another open holds it (other errors throw). */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
}
