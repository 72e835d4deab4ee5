import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, runWhenIdle } from './run-when-idle.ts';

type Host = { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

afterEach(() => {
  delete (globalThis as Host).requestIdleCallback;
  delete (globalThis as Host).cancelIdleCallback;
  vi.useRealTimers();
});

describe('runWhenIdle', () => {
  it('hands the task to requestIdleCallback, bounded by the timeout', () => {
    const calls: { timeout: number }[] = [];
    let pending: (() => void) | undefined;
    (globalThis as Host).requestIdleCallback = (callback: () => void, options: { timeout: number }) => {
      pending = callback;
      calls.push(options);
      return 7;
    };
    const task = vi.fn();
    runWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(calls).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    pending?.();
    expect(task).toHaveBeenCalledOnce();
  });

  it('cancels the idle callback it asked for', () => {
    const cancelled: number[] = [];
    (globalThis as Host).requestIdleCallback = () => 42;
    (globalThis as Host).cancelIdleCallback = (handle: number) => cancelled.push(handle);
    runWhenIdle(() => undefined)();
    expect(cancelled).toEqual([42]);
  });

  it('without requestIdleCallback, runs after a short delay, not during the current task', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    runWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback, a cancelled task never runs', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    runWhenIdle(task)();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });
});
