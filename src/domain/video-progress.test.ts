import { describe, expect, it } from 'vitest';
import {
  applyProgressReport,
  attributeProgress,
  completionEarns,
  isPlausibleCompletion,
  NO_PROGRESS,
  reportCompletesVideo,
  videoAfterReport,
  type VideoProgressState,
} from './video-progress';

const T0 = new Date('2025-06-20T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('applyProgressReport', () => {
  const seen: VideoProgressState = { porcentaje: 100, firstPartialAt: at(0), seenAt: at(6000) };
  it.each<[string, VideoProgressState, number, number, VideoProgressState]>([
    ['first partial', NO_PROGRESS, 10, 0, { porcentaje: 10, firstPartialAt: at(0), seenAt: null }],
    ['higher partial keeps the first moment', { porcentaje: 10, firstPartialAt: at(0), seenAt: null }, 40, 3000, { porcentaje: 40, firstPartialAt: at(0), seenAt: null }],
    ['lower value changes nothing', { porcentaje: 40, firstPartialAt: at(0), seenAt: null }, 20, 5000, { porcentaje: 40, firstPartialAt: at(0), seenAt: null }],
    ['a late, earlier partial moves the first moment back', { porcentaje: 40, firstPartialAt: at(0), seenAt: null }, 10, -2000, { porcentaje: 40, firstPartialAt: at(-2000), seenAt: null }],
    ['0 changes nothing', NO_PROGRESS, 0, 0, NO_PROGRESS],
    ['straight to 100 is seen, with no partial', NO_PROGRESS, 100, 0, { porcentaje: 100, firstPartialAt: null, seenAt: at(0) }],
    ['a second 100 keeps the first seen moment', seen, 100, 90_000, seen],
    ['a rewatch partial after seen changes nothing', seen, 30, 90_000, seen],
  ])('%s', (_name, state, porcentaje, ms, expected) => {
    expect(applyProgressReport(state, { porcentaje, occurredAt: at(ms) })).toEqual(expected);
  });
});

describe('isPlausibleCompletion (6 s video: 1.2 s needed)', () => {
  it.each<[string, number | null, number, number, boolean]>([
    ['no partial report: a jump', null, 6000, 6, false],
    ['10 % then 100 % at normal speed', 0, 5400, 6, true],
    ['exactly 20 % of the duration', 0, 1200, 6, true],
    ['just under 20 %', 0, 1199, 6, false],
    ['about 4× speed', 0, 1350, 6, true],
    ['partial at the same moment', 0, 0, 6, false],
    ['partial after the 100 %', 5000, 1000, 6, false],
    ['a 10-minute video at 2×', 0, 270_000, 600, true],
    ['a 10-minute video in 1 minute', 0, 60_000, 600, false],
    ['unknown duration (0) still needs an earlier partial', 0, 1, 0, true],
  ])('%s', (_name, partialMs, completedMs, durationSeconds, expected) => {
    const firstPartialAt = partialMs === null ? null : at(partialMs);
    expect(isPlausibleCompletion({ firstPartialAt, completedAt: at(completedMs), durationSeconds })).toBe(expected);
  });
});

describe('completionEarns', () => {
  const watching: VideoProgressState = { porcentaje: 90, firstPartialAt: at(0), seenAt: null };
  it.each<[string, VideoProgressState, number, number, boolean]>([
    ['100 after plausible viewing', watching, 100, 6000, true],
    ['100 too soon after the first partial', watching, 100, 500, false],
    ['a partial alone never earns', watching, 90, 6000, false],
    ['straight to 100', NO_PROGRESS, 100, 6000, false],
    // Queued reports arrive out of order: the 10 % report comes after the 100 % one.
    ['a late partial proves an earlier 100 plausible', { porcentaje: 100, firstPartialAt: at(0), seenAt: at(6000) }, 10, 0, true],
    ['a late partial after a seek to the end does not', { porcentaje: 100, firstPartialAt: at(5800), seenAt: at(6000) }, 10, 5800, false],
  ])('%s', (_name, state, porcentaje, ms, expected) => {
    expect(completionEarns(state, { porcentaje, occurredAt: at(ms) }, 6)).toBe(expected);
  });
});

describe('attributeProgress', () => {
  it.each([
    [{ videosTotal: 3, videosSeen: 0, quizzesTotal: 2, quizzesDone: 0 }, 0],
    [{ videosTotal: 3, videosSeen: 1, quizzesTotal: 2, quizzesDone: 0 }, 20],
    [{ videosTotal: 3, videosSeen: 3, quizzesTotal: 2, quizzesDone: 0 }, 60],
    [{ videosTotal: 3, videosSeen: 3, quizzesTotal: 2, quizzesDone: 2 }, 100],
    [{ videosTotal: 2, videosSeen: 1, quizzesTotal: 2, quizzesDone: 0 }, 25],
    [{ videosTotal: 1, videosSeen: 1, quizzesTotal: 2, quizzesDone: 0 }, 33],
    [{ videosTotal: 1, videosSeen: 1, quizzesTotal: 2, quizzesDone: 1 }, 67],
    [{ videosTotal: 3, videosSeen: 5, quizzesTotal: 2, quizzesDone: 9 }, 100],
    [{ videosTotal: 0, videosSeen: 0, quizzesTotal: 0, quizzesDone: 0 }, 0],
  ])('%o → %i %', (counts, expected) => {
    expect(attributeProgress(counts)).toBe(expected);
  });
});

describe('videoAfterReport (what the device shows before the server answers)', () => {
  it.each<[string, { porcentaje: number; visto: boolean }, number, { porcentaje: number; visto: boolean }]>([
    ['a higher report raises the mark', { porcentaje: 30, visto: false }, 50, { porcentaje: 50, visto: false }],
    ['a lower report never lowers it', { porcentaje: 60, visto: false }, 20, { porcentaje: 60, visto: false }],
    ['100 % marks the video seen', { porcentaje: 90, visto: false }, 100, { porcentaje: 100, visto: true }],
    ['a seen video stays seen', { porcentaje: 100, visto: true }, 10, { porcentaje: 100, visto: true }],
  ])('%s', (_name, video, porcentaje, expected) => {
    expect(videoAfterReport({ ...video, id: 7 }, porcentaje)).toEqual({ ...expected, id: 7 });
  });
});

describe('reportCompletesVideo', () => {
  it.each([
    [false, 100, true],
    [false, 99, false],
    [true, 100, false],
  ])('seen %s, report %i %% → %s', (visto, porcentaje, expected) => {
    expect(reportCompletesVideo({ visto }, porcentaje)).toBe(expected);
  });
});
