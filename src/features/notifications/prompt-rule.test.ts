import { describe, expect, it } from 'vitest';
import { DISMISS_FOR_MS, OFFER_AFTER_MS, PROMPT_STORAGE_KEY, dismissedMemory, readPromptMemory, shouldOfferPush, type PromptContext } from './prompt-rule.ts';

const t0 = 1_800_000_000_000;
const later = t0 + OFFER_AFTER_MS;
const base: PromptContext = { memory: { firstSeenAt: t0, dismissedUntil: 0 }, now: later, permission: 'default', subscribed: false };

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('shouldOfferPush', () => {
  it.each([
    ['a later day, permission not asked yet', base, true],
    ['the first visit', { ...base, now: t0 }, false],
    ['the same day', { ...base, now: later - 1 }, false],
    ['the browser cannot', { ...base, permission: 'unsupported' as const }, false],
    ['permission denied (only the browser settings can change it)', { ...base, permission: 'denied' as const }, false],
    ['permission granted already', { ...base, permission: 'granted' as const }, false],
    ['subscribed already', { ...base, subscribed: true }, false],
    ['dismissed a moment ago', { ...base, memory: dismissedMemory(base.memory, later) }, false],
    ['a month after "Ahora no"', { ...base, memory: dismissedMemory(base.memory, later), now: later + DISMISS_FOR_MS }, true],
  ])('%s → %s', (_what, context, expected) => {
    expect(shouldOfferPush(context)).toBe(expected);
  });
});

describe('readPromptMemory', () => {
  it('records the first visit once, then reads it back', () => {
    const storage = memoryStorage();
    expect(readPromptMemory(storage, t0)).toEqual({ firstSeenAt: t0, dismissedUntil: 0 });
    expect(readPromptMemory(storage, later)).toEqual({ firstSeenAt: t0, dismissedUntil: 0 });
  });

  it('starts again from an unreadable entry', () => {
    const storage = memoryStorage();
    storage.setItem(PROMPT_STORAGE_KEY, '{nope');
    expect(readPromptMemory(storage, later).firstSeenAt).toBe(later);
  });
});
