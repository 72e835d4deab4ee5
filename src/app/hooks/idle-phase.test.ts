import { describe, expect, it } from 'vitest';
import { idlePhase, idleWarningMs } from './idle-phase.ts';

const MIN = 60_000;
const idle = 10 * MIN;

describe('idlePhase', () => {
  it.each([
    [0, { phase: 'active', msLeft: 10 * MIN, nextCheckInMs: 9 * MIN }],
    [9 * MIN - 1, { phase: 'active', msLeft: MIN + 1, nextCheckInMs: 1 }],
    [9 * MIN, { phase: 'warning', msLeft: MIN, secondsLeft: 60, nextCheckInMs: 1000 }],
    [9 * MIN + 500, { phase: 'warning', msLeft: MIN - 500, secondsLeft: 60, nextCheckInMs: 500 }],
    [10 * MIN - 1, { phase: 'warning', msLeft: 1, secondsLeft: 1, nextCheckInMs: 1 }],
    [10 * MIN, { phase: 'expired' }],
    // A device that slept through the deadline wakes up expired.
    [3 * 60 * MIN, { phase: 'expired' }],
  ])('%i ms after the last activity → %j', (elapsed, expected) => {
    expect(idlePhase(1_000_000, 1_000_000 + elapsed, idle)).toEqual(expected);
  });

  it('a clock set back (last activity in the future) reads as fully active', () => {
    expect(idlePhase(2_000_000, 1_000_000, idle)).toMatchObject({ phase: 'active' });
  });

  it.each([
    [10 * MIN, MIN],
    [2 * MIN, MIN],
    [MIN, 30_000],
  ])('a %i ms limit warns %i ms before the end', (limit, warning) => {
    expect(idleWarningMs(limit)).toBe(warning);
  });

  it('with a 1-minute limit, activity counts: right after it the session is active, not already warning', () => {
    expect(idlePhase(1_000_000, 1_000_000, MIN)).toEqual({ phase: 'active', msLeft: MIN, nextCheckInMs: 30_000 });
    expect(idlePhase(1_000_000, 1_000_000 + 20_000, MIN)).toMatchObject({ phase: 'active' });
    expect(idlePhase(1_000_000, 1_000_000 + 30_000, MIN)).toMatchObject({ phase: 'warning', secondsLeft: 30 });
  });
});
