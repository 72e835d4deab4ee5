import { Group, Paper, Stack, Text } from '@mantine/core';
import type { PointsMovement } from '#contract/points';
import { formatDateTime, formatNumber } from '#domain/format';
import { movementSign } from '#domain/rewards';
import classes from './history.module.css';

/** Spec 2 "/mis-ingresos": one movement: sign, IMPs, concept and when (local date) or "Sin fecha". */
export function MovementCard({ movement }: { movement: PointsMovement }) {
  const sign = movementSign(movement.operacion);
  const credit = sign === '+';
  return (
    <Paper withBorder p="sm" radius="md" component="li" className={classes.item}>
      <Group gap="md" wrap="nowrap">
        {/* A typographic minus: the ASCII hyphen of the spec's "-" is too thin to read as a badge. */}
        <span className={classes.sign} data-credit={credit || undefined} aria-hidden="true">
          {credit ? '+' : '\u2212'}
        </span>
        <Stack gap={2} className={classes.text}>
          <Text fw={600} size="sm">
            {movement.concepto}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(movement.created_at) ?? 'Sin fecha'}
          </Text>
        </Stack>
        <Text fw={800} className={classes.amount} c={credit ? 'teal.8' : 'red.8'}>
          {sign}
          {formatNumber(movement.puntos)}&nbsp;IMPs
        </Text>
      </Group>
    </Paper>
  );
}
