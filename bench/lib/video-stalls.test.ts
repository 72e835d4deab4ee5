import { describe, expect, it } from 'vitest';
import { summarize, type PlaybackEvent } from './video-stalls.ts';

describe('summarize (the video step arithmetic)', () => {
  it('keeps the start-up wait apart and sums waiting → playing intervals after playback started', () => {
    const events: PlaybackEvent[] = [
      { t: 0, type: 'waiting' },
      { t: 900, type: 'playing' },
      { t: 950, type: 'first-frame' },
      { t: 21_000, type: 'waiting' },
      { t: 23_500, type: 'playing' },
      { t: 30_000, type: 'waiting' },
      { t: 30_400, type: 'playing' },
    ];
    const s = summarize(events, 90_000);
    expect(s.firstFrameMs).toBe(950);
    expect(s.initialWaitMs).toBe(900);
    expect(s.stalls).toEqual([
      { start: 21_000, end: 23_500 },
      { start: 30_000, end: 30_400 },
    ]);
    expect(s.totalStallMs).toBe(2_900);
  });

  it('counts a stall still open at the end up to the end, and a repeated waiting once', () => {
    const s = summarize(
      [
        { t: 1_200, type: 'playing' },
        { t: 40_000, type: 'waiting' },
        { t: 40_100, type: 'waiting' },
        { t: 42_000, type: 'playing' },
        { t: 80_000, type: 'waiting' },
      ],
      90_000,
    );
    expect(s.stalls).toEqual([
      { start: 40_000, end: 42_000 },
      { start: 80_000, end: 90_000, open: true },
    ]);
    expect(s.totalStallMs).toBe(12_000);
  });

  it('reads the events in time order, whatever order they were logged in', () => {
    const s = summarize(
      [
        { t: 5_000, type: 'playing' },
        { t: 4_000, type: 'waiting' },
        { t: 500, type: 'playing' },
      ],
      10_000,
    );
    expect(s.initialWaitMs).toBe(500);
    expect(s.totalStallMs).toBe(1_000);
  });

  it('has no first frame and no stalls when playback never started', () => {
    const s = summarize([{ t: 0, type: 'waiting' }], 90_000);
    expect(s).toMatchObject({ firstFrameMs: null, initialWaitMs: null, stalls: [], totalStallMs: 0 });
  });

  it('counts rendition switches after the first choice, a repeated choice once', () => {
    const s = summarize(
      [
        { t: 10, type: 'rendition', height: 240 },
        { t: 200, type: 'playing' },
        { t: 8_000, type: 'rendition', height: 360 },
        { t: 8_001, type: 'rendition', height: 360 },
        { t: 15_000, type: 'rendition', height: 720 },
        { t: 25_000, type: 'rendition', height: 240 },
        { t: 26_000, type: 'resize', height: 720 },
      ],
      90_000,
    );
    expect(s.renditions).toEqual([240, 360, 720, 240]);
    expect(s.renditionSwitches).toBe(3);
  });
});
