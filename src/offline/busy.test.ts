import { getDefaultStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { busyAtom, holdBusy, isBusy, screenBusyAtom, setBusy, whenIdle } from './busy.ts';

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

describe('a screen holding busy (holdBusy, behind useBusyWhileMounted)', () => {
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('one question giving way to the next never reads as idle, and the last one lets go a task later', async () => {
    const store = getDefaultStore();
    const seen: boolean[] = [];
    const stop = store.sub(screenBusyAtom, () => seen.push(store.get(screenBusyAtom)));
    let idle = false;

    const first = holdBusy('quiz');
    void whenIdle().then(() => (idle = true));
    // React's commit: the old card's cleanup, then the new card's effect, in one go.
    first();
    const second = holdBusy('quiz');
    await nextTask();
    expect(isBusy()).toBe(true);
    expect(idle).toBe(false);
    expect(seen).not.toContain(false);

    second();
    second();
    expect(isBusy()).toBe(true);
    await nextTask();
    expect(isBusy()).toBe(false);
    expect(idle).toBe(true);
    expect(seen.at(-1)).toBe(false);
    stop();
  });

  it('a download defers the reload but leaves the notices free; a question or a video keeps them away', async () => {
    const store = getDefaultStore();
    const download = holdBusy('video-download');
    expect(isBusy()).toBe(true);
    expect(store.get(screenBusyAtom)).toBe(false);
    const video = holdBusy('video');
    expect(store.get(screenBusyAtom)).toBe(true);
    video();
    download();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isBusy()).toBe(false);
  });
});
