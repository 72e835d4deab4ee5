import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlots, SlotsBusyError } from './import-slots.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSlots', () => {
  it('grants up to `size` slots at once; a waiter gets the next slot freed', async () => {
    const slots = createSlots({ size: 2, maxWaiting: 2, waitMs: 5_000 });
    const first = await slots.acquire();
    await slots.acquire();
    let third: (() => void) | null = null;
    void slots.acquire().then((release) => {
      third = release;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect([slots.inUse(), third]).toEqual([2, null]);
    first();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(third).toEqual(expect.any(Function));
    expect(slots.inUse()).toBe(2);
  });

  it('a waiter that gets no slot within waitMs is refused as busy', async () => {
    const slots = createSlots({ size: 1, maxWaiting: 2, waitMs: 5_000 });
    await slots.acquire();
    const waiter = slots.acquire();
    const refused = expect(waiter).rejects.toBeInstanceOf(SlotsBusyError);
    await vi.advanceTimersByTimeAsync(5_000);
    await refused;
    expect(slots.inUse()).toBe(1);
  });

  it('past maxWaiting a caller is refused at once, and released slots are reused', async () => {
    const slots = createSlots({ size: 1, maxWaiting: 1, waitMs: 5_000 });
    const release = await slots.acquire();
    const waiter = slots.acquire();
    await expect(slots.acquire()).rejects.toBeInstanceOf(SlotsBusyError);
    release();
    (await waiter)();
    expect(slots.inUse()).toBe(0);
    await slots.acquire();
    expect(slots.inUse()).toBe(1);
  });
});
