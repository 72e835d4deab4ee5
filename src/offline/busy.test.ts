import { getDefaultStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { busyAtom, isBusy, setBusy, whenIdle } from './busy.ts';

describe('busy flag', () => {
  it('counts holds per reason and resolves whenIdle when the last one goes', async () => {
    setBusy('video', true);
    setBusy('video', true);
    setBusy('quiz', true);
    expect(getDefaultStore().get(busyAtom)).toEqual(['video', 'quiz']);

    let idle = false;
    const waiting = whenIdle().then(() => {
      idle = true;
    });
    setBusy('video', false);
    setBusy('quiz', false);
    await Promise.resolve();
    expect(isBusy()).toBe(true);
    expect(idle).toBe(false);

    setBusy('video', false);
    await waiting;
    expect(idle).toBe(true);
    expect(getDefaultStore().get(busyAtom)).toEqual([]);
  });

  it('an extra release does not go negative', async () => {
    setBusy('quiz', false);
    expect(isBusy()).toBe(false);
    setBusy('quiz', true);
    expect(isBusy()).toBe(true);
    setBusy('quiz', false);
    await expect(whenIdle()).resolves.toBeUndefined();
  });
});
