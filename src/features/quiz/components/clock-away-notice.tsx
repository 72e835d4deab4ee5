import { Alert } from '@mantine/core';
import { useTimeAway } from '#features/quiz/hooks/use-time-away.ts';
import { clockKeptRunningNotice } from '#features/quiz/texts.ts';

/**
 * Under the question's controls (so it never moves them): the clock kept running while the agent
 * was away. Shown from the moment they come back until the question is answered.
 */
export function ClockAwayNotice({ shownAt, running }: { shownAt: number | null; running: boolean }) {
  const awayMs = useTimeAway(shownAt, running);
  if (awayMs === null) return null;
  return (
    <Alert variant="light" color="gray" role="status" p="xs" styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}>
      {clockKeptRunningNotice(awayMs)}
    </Alert>
  );
}
