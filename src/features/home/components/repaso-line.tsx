import { Link } from 'react-router-dom';
import { Anchor, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { paths } from '#domain/paths';
import { repasoHomeLine } from '#domain/repaso';
import { unansweredOnDevice, type RepasoOnDevice } from '#data/repaso';

/**
 * "Repaso: N preguntas" on the home, linking to the round, while one is due: read from the
 * device's copy of the round, so it goes as soon as the last question is answered, offline too.
 * Nothing when no round is due (or none is known yet).
 */
export function RepasoLine({ round }: { round: RepasoOnDevice | undefined }) {
  const due = unansweredOnDevice(round).length;
  if (due === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 12a9 9 0 1 0 3-6.7" />
            <path d="M3 4v5h5" />
          </svg>
        </ThemeIcon>
        <div>
          <Anchor component={Link} to={paths.repaso.getHref()} fw={700} size="lg">
            {repasoHomeLine(due)}
          </Anchor>
          <Text size="sm" c="gray.7">Vuelven las que fallaste o acertaste con el tiempo justo. Sin tiempo y sin IMPs.</Text>
        </div>
      </Group>
    </Card>
  );
}
