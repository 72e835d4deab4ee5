import { Badge, Group } from '@mantine/core';
import { MONTH_STATE_LABELS } from '#contract/programme-calendar-constants';
import type { ProgrammeAttribute } from '#contract/programme-calendar';
import { STATE_COLORS } from './format.ts';

/** The month's state, and "Congelado" once its winners are frozen. */
export function StateBadges({ attribute }: { attribute: ProgrammeAttribute }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATE_COLORS[attribute.estado]} variant="light">
        {MONTH_STATE_LABELS[attribute.estado]}
      </Badge>
      {attribute.congelado && (
        <Badge color="red" variant="outline">
          Congelado
        </Badge>
      )}
    </Group>
  );
}
