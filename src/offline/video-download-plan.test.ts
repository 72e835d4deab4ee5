import { describe, expect, it } from 'vitest';
import {
  checkSpace,
  createProgressTracker,
  estimateNeededBytes,
  FALLBACK_VIDEO_BYTES,
  formatBytes,
  SPACE_MARGIN_BYTES,
} from './video-download-plan.ts';

const MB = 1024 * 1024;

describe('estimateNeededBytes', () => {
  it.each([
    { sizes: [], expected: 0 },
    { sizes: [10 * MB, 5 * MB], expected: 15 * MB },
    { sizes: [10 * MB, null], expected: 10 * MB + FALLBACK_VIDEO_BYTES },
    { sizes: [null, null], expected: 2 * FALLBACK_VIDEO_BYTES },
    { sizes: [-1], expected: FALLBACK_VIDEO_BYTES },
  ])('$sizes → $expected', ({ sizes, expected }) => {
    expect(estimateNeededBytes(sizes)).toBe(expected);
  });
});

describe('checkSpace', () => {
  it('says yes when the browser gives no estimate (the quota error will tell)', () => {
    expect(checkSpace(null, 500 * MB)).toEqual({ ok: true, availableBytes: null });
    expect(checkSpace({}, 500 * MB)).toEqual({ ok: true, availableBytes: null });
  });

  it.each([
    { name: 'plenty of room', quota: 1000 * MB, usage: 100 * MB, needed: 100 * MB, ok: true },
    { name: 'exactly needed + fixed margin', quota: 100 * MB + SPACE_MARGIN_BYTES, usage: 0, needed: 100 * MB, ok: true },
    { name: 'one byte short of the margin', quota: 100 * MB + SPACE_MARGIN_BYTES - 1, usage: 0, needed: 100 * MB, ok: false },
    { name: 'big download keeps 10 %', quota: 1000 * MB + 100 * MB - 1, usage: 0, needed: 1000 * MB, ok: false },
    { name: 'usage above quota reads as zero free', quota: 100 * MB, usage: 200 * MB, needed: 1, ok: false },
  ])('$name', ({ quota, usage, needed, ok }) => {
    const result = checkSpace({ quota, usage }, needed);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.neededBytes).toBe(needed);
      expect(result.availableBytes).toBe(Math.max(0, quota - usage));
    }
  });
});

describe('createProgressTracker', () => {
  it('adds bytes across files and counts finished files', () => {
    const tracker = createProgressTracker([100, 300]);
    expect(tracker.snapshot()).toEqual({ loadedBytes: 0, totalBytes: 400, doneFiles: 0, totalFiles: 2, fraction: 0 });
    expect(tracker.update(0, 50).fraction).toBe(0.125);
    expect(tracker.finish(0, 100)).toMatchObject({ loadedBytes: 100, doneFiles: 1, fraction: 0.25 });
    expect(tracker.update(1, 150)).toMatchObject({ loadedBytes: 250, totalBytes: 400 });
    expect(tracker.finish(1, 300)).toEqual({ loadedBytes: 400, totalBytes: 400, doneFiles: 2, totalFiles: 2, fraction: 1 });
  });

  it('uses the fallback for an unknown size, then the real one', () => {
    const tracker = createProgressTracker([null]);
    expect(tracker.snapshot().totalBytes).toBe(FALLBACK_VIDEO_BYTES);
    expect(tracker.finish(0, 1234)).toMatchObject({ totalBytes: 1234, fraction: 1 });
  });

  it('never reports more loaded than total when a file is bigger than announced', () => {
    const tracker = createProgressTracker([100]);
    const progress = tracker.update(0, 180);
    expect(progress.totalBytes).toBe(180);
    expect(progress.fraction).toBe(1);
  });

  it('ignores updates for a finished or unknown file and is complete with no files', () => {
    const tracker = createProgressTracker([100]);
    tracker.finish(0, 90);
    expect(tracker.update(0, 10).loadedBytes).toBe(90);
    expect(tracker.update(5, 10).loadedBytes).toBe(90);
    expect(createProgressTracker([]).snapshot().fraction).toBe(1);
  });
});

describe('formatBytes', () => {
  it.each([
    { bytes: 0, text: '0 B' },
    { bytes: 900, text: '900 B' },
    { bytes: 1536, text: '1,5 KB' },
    { bytes: 12.5 * MB, text: '12,5 MB' },
    { bytes: 250 * MB, text: '250 MB' },
    { bytes: 1.25 * 1024 * MB, text: '1,3 GB' },
  ])('$bytes → $text', ({ bytes, text }) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
