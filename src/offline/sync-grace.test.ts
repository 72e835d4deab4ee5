import { describe, expect, it } from 'vitest';
import { nextCountAt, rowsToCount, SEND_GRACE_MS } from './sync-grace.ts';

const NOW = Date.parse('2026-03-10T10:00:00.000Z');
const queued = (msAgo: number, attempts = 0) => ({ occurredAt: new Date(NOW - msAgo).toISOString(), attempts });

describe('the rows the sync line counts', () => {
  it.each([
    { case: 'online, just queued (being sent now)', row: queued(0), online: true, counts: false },
    { case: 'online, queued a moment ago', row: queued(SEND_GRACE_MS - 1), online: true, counts: false },
    { case: 'online, waited past the grace', row: queued(SEND_GRACE_MS), online: true, counts: true },
    { case: 'online, a send already failed', row: queued(10, 1), online: true, counts: true },
    { case: 'offline, just queued', row: queued(0), online: false, counts: true },
    { case: 'online, an unreadable moment', row: { occurredAt: 'x', attempts: 0 }, online: true, counts: true },
  ])('$case: counted $counts', ({ row, online, counts }) => {
    expect(rowsToCount([row], online, NOW)).toEqual(counts ? [row] : []);
  });

  it('says when the first row still in its grace starts counting, online only', () => {
    const rows = [queued(SEND_GRACE_MS + 1), queued(1_000), queued(3_000), queued(0, 2)];
    expect(nextCountAt(rows, true, NOW)).toBe(NOW - 3_000 + SEND_GRACE_MS);
    expect(nextCountAt(rows, false, NOW)).toBeNull();
    expect(nextCountAt([queued(SEND_GRACE_MS)], true, NOW)).toBeNull();
  });
});
