import { Paper, Stack, Text, Title } from '@mantine/core';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDayMonth, formatNumber } from '#domain/format';
import { useImpsLapses } from '#features/rewards/queries.ts';
import classes from './history.module.css';

/**
 * Expiry you can see (issue 39): above the movements, what lapses next, one line a batch ("120 IMPs
 * caducan el 3 de marzo"), as the server computed it from what is still unspent of each (FIFO).
 * Nothing when nothing lapses, or while the device has no copy. `ringsApart`: a brand-1 agent's
 * header adds Ring Ring points, which never lapse here, so the card says it is the IMPs part.
 */
export function LapsesCard({ userId, ringsApart = false, emptyText }: { userId: number; ringsApart?: boolean; emptyText?: string }) {
  const lapses = useImpsLapses(userId);
  const batches = lapses.data ?? [];
  const now = new Date();
  if (batches.length === 0) return emptyText && lapses.data ? <Text c="dimmed" size="sm">{emptyText}</Text> : null;
  return (
    <Paper component="section" aria-labelledby="caducan-pronto" withBorder radius="md" p="md" className={classes.lapses} data-testid="caducidades">
      <Stack gap={6}>
        <Title order={2} size="h5" id="caducan-pronto">
          Caducan pronto
        </Title>
        <ul className={classes.lapseList}>
          {batches.map((batch) => (
            <li key={batch.dia}>
              <Text size="sm">
                <strong>{formatNumber(batch.imps)}&nbsp;IMPs</strong> caducan el {formatDayMonth(batch.caduca_at, PROGRAMME_TIME_ZONE, now)}
              </Text>
            </li>
          ))}
        </ul>
        <Text size="xs" c="dimmed">
          {ringsApart ? 'Solo tus IMPs: los puntos Ring Ring no caducan aquí. ' : ''}Al canjear se gastan primero los IMPs que caducan antes.
        </Text>
      </Stack>
    </Paper>
  );
}
