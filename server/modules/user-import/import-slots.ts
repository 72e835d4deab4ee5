// How many imports may parse at once: a counting semaphore whose waiters wait briefly, then
// give up. A caller that cannot get a slot in time (or finds the queue full) is told "busy"
// so the route answers 503 instead of piling parses onto two cores. No I/O, no workers.

export class SlotsBusyError extends Error {
  constructor() {
    super('No import slot became free in time');
    this.name = 'SlotsBusyError';
  }
}

export interface SlotLimits {
  /** Parses running at once. */
  size: number;
  /** Callers allowed to wait for a slot; past this they are refused at once. */
  maxWaiting: number;
  /** How long a waiter waits before it is refused. */
  waitMs: number;
}

export interface Slots {
  /** Resolves with the slot's release function, or rejects with SlotsBusyError. */
  acquire(): Promise<() => void>;
  /** Slots in use right now. */
  inUse(): number;
}

export function createSlots(limits: SlotLimits): Slots {
  let used = 0;
  const waiting: Array<(release: () => void) => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next(once());
    else used -= 1;
  };
  // Each slot is released once, however often its holder calls release.
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire() {
      if (used < limits.size) {
        used += 1;
        return Promise.resolve(once());
      }
      if (waiting.length >= limits.maxWaiting) return Promise.reject(new SlotsBusyError());
      return new Promise((resolve, reject) => {
        const grant = (releaseSlot: () => void) => {
          clearTimeout(timer);
          resolve(releaseSlot);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new SlotsBusyError());
        }, limits.waitMs);
        waiting.push(grant);
      });
    },
    inUse: () => used,
  };
}
