// When the app itself offers Web Push (issue 21): never on the first visit, only on a later day,
// and once dismissed not again for a month. The browser must be able to ask (permission
// 'default'): a denied permission can only be changed in its settings, a granted one needs no asking.
// The memory is the device's, not personal (a date, no names), in localStorage.

export const PROMPT_STORAGE_KEY = 'impecable.avisos-prompt';
const DAY_MS = 24 * 60 * 60_000;
/** How long after the first visit the app first offers. */
export const OFFER_AFTER_MS = DAY_MS;
/** "Ahora no" keeps it away this long. */
export const DISMISS_FOR_MS = 30 * DAY_MS;

export interface PromptMemory {
  firstSeenAt: number;
  dismissedUntil: number;
}

export interface PromptContext {
  memory: PromptMemory;
  now: number;
  permission: NotificationPermission | 'unsupported';
  subscribed: boolean;
}

export function shouldOfferPush({ memory, now, permission, subscribed }: PromptContext): boolean {
  return permission === 'default' && !subscribed && now - memory.firstSeenAt >= OFFER_AFTER_MS && now >= memory.dismissedUntil;
}

/** The stored memory; the first call records this moment as the first visit. */
export function readPromptMemory(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): PromptMemory {
  try {
    const stored = JSON.parse(storage.getItem(PROMPT_STORAGE_KEY) ?? 'null') as Partial<PromptMemory> | null;
    if (stored && typeof stored.firstSeenAt === 'number') return { firstSeenAt: stored.firstSeenAt, dismissedUntil: Number(stored.dismissedUntil) || 0 };
  } catch {
    // Unreadable: start again as a first visit.
  }
  const memory = { firstSeenAt: now, dismissedUntil: 0 };
  writePromptMemory(storage, memory);
  return memory;
}

export function writePromptMemory(storage: Pick<Storage, 'setItem'>, memory: PromptMemory): void {
  try {
    storage.setItem(PROMPT_STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or blocked: the prompt may come back, nothing worse.
  }
}

export function dismissedMemory(memory: PromptMemory, now: number): PromptMemory {
  return { ...memory, dismissedUntil: now + DISMISS_FOR_MS };
}
