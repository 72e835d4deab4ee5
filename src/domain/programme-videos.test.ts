import { describe, expect, it } from 'vitest';
import {
  canMoveVideo, DATE_INVALID, dateAfterMonth, formatDuration, isIsoDay, mayDeleteVideo, moveVideo, ORDER_HIDDEN_FIRST, ORDER_NOT_SAME_VIDEOS,
  orderProblems, PRESENTATION_CANNOT_HIDE, TITLE_REQUIRED, TITLE_TOO_LONG, videoChangeProblems, videoFieldProblems, WATCHED_CANNOT_DELAY,
} from './programme-videos';

const june = { month_start: '2025-06-01', month_end: '2025-06-30' };
const unscheduled = { month_start: null, month_end: null };

describe('videoFieldProblems', () => {
  it.each([
    ['a title and a day inside the month', { title: 'Presentación', available_from: '2025-06-15' }, june, []],
    ['a day before the month', { title: 'Presentación', available_from: '2025-05-20' }, june, []],
    ['no date (never open)', { title: 'Presentación', available_from: null }, june, []],
    ['the last day of the month', { title: 'x', available_from: '2025-06-30' }, june, []],
    ['any day while the attribute has no month', { title: 'x', available_from: '2030-01-01' }, unscheduled, []],
    ['120 characters', { title: 'a'.repeat(120), available_from: null }, june, []],
    ['an empty title', { title: '   ', available_from: null }, june, [TITLE_REQUIRED]],
    ['121 characters', { title: 'a'.repeat(121), available_from: null }, june, [TITLE_TOO_LONG]],
    ['a day after the month', { title: 'x', available_from: '2025-07-01' }, june, [dateAfterMonth('2025-06-30')]],
    ['not a day', { title: 'x', available_from: '2025-02-30' }, june, [DATE_INVALID]],
    ['not a date', { title: 'x', available_from: 'mañana' }, june, [DATE_INVALID]],
  ])('%s', (_about, fields, month, messages) => {
    expect(videoFieldProblems(fields, month).map((p) => p.message)).toEqual(messages);
  });

  it('tells the month in the message', () => {
    expect(dateAfterMonth('2025-06-30')).toContain('30/06/2025');
  });
});

describe('videoChangeProblems', () => {
  const watched = { available_from: '2025-06-10', position: 1, hidden: false, views: 3 };
  const unwatched = { ...watched, views: 0 };
  it.each([
    ['a watched video moved earlier', watched, { title: 'x', available_from: '2025-06-05', hidden: false }, []],
    ['a watched video, same date', watched, { title: 'Nuevo', available_from: '2025-06-10', hidden: false }, []],
    ['a watched video moved later', watched, { title: 'x', available_from: '2025-06-11', hidden: false }, [WATCHED_CANNOT_DELAY]],
    ['a watched video losing its date', watched, { title: 'x', available_from: null, hidden: false }, [WATCHED_CANNOT_DELAY]],
    ['a watched video hidden', watched, { title: 'x', available_from: '2025-06-10', hidden: true }, []],
    ['an unwatched video moved later', unwatched, { title: 'x', available_from: '2025-06-20', hidden: false }, []],
    ['the presentation hidden', { ...unwatched, position: 0 }, { title: 'x', available_from: '2025-06-10', hidden: true }, [PRESENTATION_CANNOT_HIDE]],
    ['a hidden presentation stays hidden', { ...unwatched, position: 0, hidden: true }, { title: 'x', available_from: '2025-06-10', hidden: true }, []],
  ])('%s', (_about, before, after, messages) => {
    expect(videoChangeProblems(before, after, june).map((p) => p.message)).toEqual(messages);
  });
});

describe('mayDeleteVideo', () => {
  it.each([[0, true], [1, false], [40, false]])('%i agents with progress: %s', (views, may) => {
    expect(mayDeleteVideo({ views })).toBe(may);
  });
});

describe('orderProblems', () => {
  const videos = [{ id: 1, hidden: false }, { id: 2, hidden: true }, { id: 3, hidden: false }];
  it.each([
    ['a permutation', [3, 1, 2], []],
    ['the same order', [1, 2, 3], []],
    ['a missing video', [1, 2], [ORDER_NOT_SAME_VIDEOS]],
    ['a video twice', [1, 2, 2], [ORDER_NOT_SAME_VIDEOS]],
    ["another attribute's video", [1, 2, 9], [ORDER_NOT_SAME_VIDEOS]],
    ['one more', [1, 2, 3, 9], [ORDER_NOT_SAME_VIDEOS]],
    ['a hidden video first', [2, 1, 3], [ORDER_HIDDEN_FIRST]],
  ])('%s', (_about, ids, messages) => {
    expect(orderProblems(videos, ids).map((p) => p.message)).toEqual(messages);
  });
});

describe('moveVideo and canMoveVideo', () => {
  const videos = [{ id: 1, hidden: false }, { id: 2, hidden: true }, { id: 3, hidden: false }];
  it.each([
    [3, -1, [1, 3, 2], true],
    [1, 1, [2, 1, 3], false],
    [1, -1, [1, 2, 3], false],
    [3, 1, [1, 2, 3], false],
    [2, 1, [1, 3, 2], true],
    [2, -1, [2, 1, 3], false],
  ] as const)('video %i by %i', (id, step, order, may) => {
    expect(moveVideo([1, 2, 3], id, step)).toEqual(order);
    expect(canMoveVideo(videos, id, step)).toBe(may);
  });
});

describe('isIsoDay and formatDuration', () => {
  it.each([['2024-02-29', true], ['2025-02-29', false], ['2025-13-01', false], ['25-01-01', false], ['1999-01-01', false]])('%s', (day, ok) => {
    expect(isIsoDay(day)).toBe(ok);
  });
  it.each([[0, '—'], [6, '0:06'], [65, '1:05'], [720, '12:00'], [3723, '1:02:03']])('%i s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
